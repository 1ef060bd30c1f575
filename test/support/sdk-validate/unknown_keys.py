"""The keys of a JSON body that its SDK type does not declare, found by walking the type.

pydantic validates a TypedDict without complaining about extra keys, and an SDK's
pydantic models ignore them by default; a provider, though, answers most unknown
keys with a 400. This walk follows the type annotations (TypedDicts, pydantic
models, unions, lists, dicts) beside the value and names every key the type lacks.
"""

from __future__ import annotations

import functools
import typing
from typing import Any, Iterable, Literal, Union

import pydantic
import typing_extensions

# Types whose instances are free-form JSON objects (a JSON schema), so their keys are not checked.
OPEN_TYPE_NAMES = {'InputSchemaTyped', 'InputSchema', 'BetaInputSchemaTyped', 'BetaInputSchema'}

_WRAPPERS = {typing.Annotated, typing_extensions.Annotated, typing_extensions.Required, typing_extensions.NotRequired,
             typing_extensions.ReadOnly, getattr(typing, 'Required', None), getattr(typing, 'NotRequired', None)}
_LISTS = {list, tuple, set, frozenset}


def unknown_keys(annotation: Any, value: Any, path: str = '') -> list[str]:
    """Problems such as `messages[0].foo: unknown key`, empty when every key is known."""
    annotation = _unwrap(annotation)
    origin = typing.get_origin(annotation)
    if origin is Union or _is_union_type(annotation):
        return _union(typing.get_args(annotation), value, path)
    if isinstance(value, list):
        if origin in _LISTS or _is_iterable(origin):
            args = typing.get_args(annotation)
            item = args[0] if args else Any
            return [p for i, v in enumerate(value) for p in unknown_keys(item, v, f'{path}[{i}]')]
        return []
    if not isinstance(value, dict):
        return []
    if origin is dict or _is_mapping(origin):
        args = typing.get_args(annotation)
        item = args[1] if len(args) == 2 else Any
        return [p for k, v in value.items() for p in unknown_keys(item, v, f'{path}.{k}')]
    fields = fields_of(annotation)
    if fields is None:
        return []
    problems = [f'{_join(path, k)}: unknown key (the SDK type {annotation.__name__} has no such field)' for k in value if k not in fields]
    for key, child in value.items():
        if key in fields:
            problems.extend(unknown_keys(fields[key], child, _join(path, key)))
    return problems


@functools.lru_cache(maxsize=None)
def fields_of(annotation: Any) -> dict[str, Any] | None:
    """The JSON keys of a TypedDict or pydantic model with their types; None for an open or non-object type."""
    if not isinstance(annotation, type) or annotation.__name__ in OPEN_TYPE_NAMES:
        return None
    if typing_extensions.is_typeddict(annotation):
        if getattr(annotation, '__extra_items__', None) not in (None, typing_extensions.NoExtraItems):
            return None
        return dict(typing.get_type_hints(annotation, include_extras=True))
    if issubclass(annotation, pydantic.BaseModel):
        if annotation.model_config.get('extra') == 'allow' and not _fern_model(annotation):
            return None
        fields: dict[str, Any] = {}
        for name, info in annotation.model_fields.items():
            # Either spelling validates when the model populates by name, as google-genai's and mistralai's do.
            fields[info.alias or name] = info.annotation
            if annotation.model_config.get('populate_by_name') or not info.alias:
                fields[name] = info.annotation
        return fields
    return None


def _fern_model(annotation: type) -> bool:
    """A Fern-generated model (the Cohere SDK's): it allows extra keys only to read newer answers; the API refuses unknown request fields."""
    return any(base.__name__ == 'UncheckedBaseModel' for base in annotation.__mro__)


def _union(members: Iterable[Any], value: Any, path: str) -> list[str]:
    """The problems under the member the value fits best: its literals match, then the fewest unknown keys."""
    members = [m for m in members if _fits(_unwrap(m), value)]
    if not members:
        return []
    best: list[str] | None = None
    for member in _by_literal_match(members, value):
        problems = unknown_keys(member, value, path)
        if not problems:
            return []
        if best is None or len(problems) < len(best):
            best = problems
    return best or []


def _by_literal_match(members: list[Any], value: Any) -> list[Any]:
    """The members whose Literal fields (a `type` or `role` discriminator) agree with the value, else all of them."""
    if not isinstance(value, dict):
        return members
    matching = []
    for member in members:
        fields = fields_of(_unwrap(member))
        if fields is None:
            continue
        literals = {k: _literal_values(t) for k, t in fields.items()}
        if all(k not in value or not allowed or value[k] in allowed for k, allowed in literals.items()):
            if any(k in value and allowed for k, allowed in literals.items()):
                matching.append(member)
    return matching or members


def _fits(annotation: Any, value: Any) -> bool:
    """Whether a union member is of the value's JSON kind: a list type for a list, an object type for a dict."""
    origin = typing.get_origin(annotation)
    if origin is Union or _is_union_type(annotation):
        return True
    if isinstance(value, list):
        return origin in _LISTS or _is_iterable(origin)
    if isinstance(value, dict):
        return origin is dict or _is_mapping(origin) or fields_of(annotation) is not None
    return False


def _literal_values(annotation: Any) -> tuple[Any, ...]:
    annotation = _unwrap(annotation)
    if typing.get_origin(annotation) is Literal:
        return typing.get_args(annotation)
    return ()


def _unwrap(annotation: Any) -> Any:
    """Strips Annotated, Required, NotRequired and type aliases down to the type they carry."""
    while True:
        origin = typing.get_origin(annotation)
        if origin in _WRAPPERS:
            annotation = typing.get_args(annotation)[0]
        elif isinstance(annotation, typing_extensions.TypeAliasType) or type(annotation).__name__ == 'TypeAliasType':
            annotation = annotation.__value__
        else:
            return annotation


def _is_union_type(annotation: Any) -> bool:
    return type(annotation).__name__ == 'UnionType'


def _is_iterable(origin: Any) -> bool:
    import collections.abc as abc
    return origin in (abc.Iterable, abc.Sequence, abc.Collection, abc.MutableSequence) or getattr(origin, '__name__', '') == 'SequenceNotStr'


def _is_mapping(origin: Any) -> bool:
    import collections.abc as abc
    return origin in (abc.Mapping, abc.MutableMapping)


def _join(path: str, key: str) -> str:
    return f'{path}.{key}' if path else key
