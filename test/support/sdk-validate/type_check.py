"""Validation of a JSON value against an SDK type, as problems instead of an exception.

pydantic validates `Iterable[...]` fields (the OpenAI and Anthropic SDKs type most
lists that way) lazily, so the validated value is walked and every iterator drained,
else a wrong message or content block would pass unseen.
"""

from __future__ import annotations

import functools
import json
from typing import Any

import pydantic
from pydantic_core import ValidationError

from unknown_keys import unknown_keys

# Enough to read the cause; a union's mismatch lists one error per member, which adds nothing after a few.
MAX_ERRORS = 6


@functools.lru_cache(maxsize=None)
def adapter(annotation: Any) -> pydantic.TypeAdapter:
    return pydantic.TypeAdapter(annotation)


def check_type(annotation: Any, value: Any, path: str = '', json_mode: bool = False) -> list[str]:
    """Type errors and unknown keys of `value` under `annotation`, each prefixed with its path in the body."""
    problems: list[str] = []
    try:
        if json_mode:
            # JSON mode checks what the wire carries: base64 for bytes fields, strings for enums.
            validated = adapter(annotation).validate_json(json.dumps(value))
        else:
            validated = adapter(annotation).validate_python(value)
        _drain(validated, path, problems)
    except ValidationError as error:
        problems.extend(_describe(error, path))
    return problems[:MAX_ERRORS] + unknown_keys(annotation, value, path)


def _drain(value: Any, path: str, problems: list[str]) -> None:
    """Consumes the lazy iterators pydantic left in a validated value, collecting their errors."""
    if isinstance(value, dict):
        for key, child in value.items():
            _drain(child, _join(path, str(key)), problems)
    elif isinstance(value, (list, tuple)):
        for index, child in enumerate(value):
            _drain(child, f'{path}[{index}]', problems)
    elif isinstance(value, pydantic.BaseModel):
        for key in type(value).model_fields:
            _drain(getattr(value, key), _join(path, key), problems)
    elif type(value).__name__ == 'ValidatorIterator':
        index = 0
        while True:
            try:
                child = next(value)
            except StopIteration:
                return
            except ValidationError as error:
                problems.extend(_describe(error, f'{path}[{index}]'))
                return
            _drain(child, f'{path}[{index}]', problems)
            index += 1


def _describe(error: ValidationError, path: str) -> list[str]:
    lines = []
    for item in error.errors(include_url=False):
        where = path
        for part in item['loc']:
            where = f'{where}[{part}]' if isinstance(part, int) else _join(where, str(part))
        lines.append(f"{where or '(body)'}: {item['msg']}")
    return lines


def _join(path: str, key: str) -> str:
    return f'{path}.{key}' if path else key
