"""Cohere v2 bodies (`/v2/chat`, `/v2/embed`, Cohere Embed on Bedrock), checked against the Cohere SDK.

The Fern-generated SDK has no model of the request body: the body's fields are the keyword
parameters of `ClientV2.chat` / `chat_stream` / `embed`, each typed, which its raw client
writes under their own names (plus `stream`). So a key that is no parameter is unknown, a
parameter without a default is required, and each value is validated with its parameter's
annotation (pydantic models such as `ChatMessageV2`, `ToolV2` inside). Fern types enums as
`Union[Literal[...], Any]`, so an old SDK still reads a value the API adds later; a request
value outside the Literal is one the SDK does not know, and is reported.
"""

from __future__ import annotations

import functools
import inspect
import typing
from typing import Any, Literal

from type_check import check_type
from unknown_keys import _by_literal_match, _fits, _is_iterable, _literal_values, _unwrap, fields_of

# The SDK's own HTTP options (timeouts, extra headers), not a body field.
CLIENT_ONLY = ('self', 'request_options')
# The raw client writes `"stream": True` in chat_stream's body and `"stream": False` in chat's.
STREAM = {'chat': Literal[False], 'chat_stream': Literal[True]}
# Cohere Embed v3 on Bedrock takes only these fields; v4 takes the v2 embed body without model
# (https://docs.aws.amazon.com/bedrock/latest/userguide/model-parameters-embed-v3.html,
# https://docs.aws.amazon.com/bedrock/latest/userguide/model-parameters-embed-v4.html).
BEDROCK_V3_FIELDS = ('texts', 'images', 'input_type', 'truncate', 'embedding_types')
# Neither AWS page lists these: the model is in the InvokeModel path, priority is Cohere's own scheduling.
NOT_ON_BEDROCK = ('model', 'priority')


@functools.lru_cache(maxsize=None)
def parameters(method: str) -> dict[str, tuple[Any, bool]]:
    """The body fields of `ClientV2.<method>`: each parameter's annotation and whether it is required."""
    import cohere
    function = getattr(cohere.ClientV2, method)
    hints = typing.get_type_hints(function, include_extras=True)
    fields = {name: (hints[name], p.default is inspect.Parameter.empty)
              for name, p in inspect.signature(function).parameters.items() if name not in CLIENT_ONLY}
    if method in STREAM:
        fields['stream'] = (STREAM[method], False)
    return fields


def chat(body: Any, _path: str) -> list[str]:
    method = 'chat_stream' if isinstance(body, dict) and body.get('stream') is True else 'chat'
    return check_parameters(body, parameters(method), f'ClientV2.{method}')


def embed(body: Any, _path: str) -> list[str]:
    return check_parameters(body, parameters('embed'), 'ClientV2.embed')


def bedrock_embed(body: Any, model: str) -> list[str]:
    """Cohere Embed through Bedrock's InvokeModel: the v2 embed body without model, v3 with fewer fields still."""
    fields = {k: v for k, v in parameters('embed').items() if k not in NOT_ON_BEDROCK}
    if 'embed-v4' not in model:
        fields = {k: v for k, v in fields.items() if k in BEDROCK_V3_FIELDS}
    return check_parameters(body, fields, f'ClientV2.embed on Bedrock for {model}')


def check_parameters(body: Any, fields: dict[str, tuple[Any, bool]], source: str) -> list[str]:
    if not isinstance(body, dict):
        return ['(body): not a JSON object']
    problems = [f'{name}: required (a parameter of {source} without a default)' for name, (_, required) in fields.items() if required and name not in body]
    for key, value in body.items():
        if key not in fields:
            problems.append(f'{key}: unknown key ({source} has no such parameter)')
            continue
        annotation = fields[key][0]
        problems.extend(check_type(annotation, value, key) + open_enum_values(annotation, value, key))
    return problems


def open_enum_values(annotation: Any, value: Any, path: str) -> list[str]:
    """Values under a `Union[Literal[...], Any]` that are none of the Literal's, found by walking the type beside the value."""
    annotation = _unwrap(annotation)
    args = typing.get_args(annotation)
    if typing.get_origin(annotation) is typing.Union or type(annotation).__name__ == 'UnionType':
        known = [v for member in args for v in _literal_values(member)]
        if known and Any in args:
            return [] if value is None or value in known else [f'{path}: {value!r} is not one of the SDK\'s values {known}']
        members = [m for m in args if _fits(_unwrap(m), value)]
        return open_enum_values(_by_literal_match(members, value)[0], value, path) if members else []
    if isinstance(value, list):
        origin = typing.get_origin(annotation)
        if (origin in (list, tuple) or _is_iterable(origin)) and args:
            return [p for i, item in enumerate(value) for p in open_enum_values(args[0], item, f'{path}[{i}]')]
        return []
    fields = fields_of(annotation) if isinstance(value, dict) else None
    if not fields:
        return []
    return [p for key, child in value.items() if key in fields for p in open_enum_values(fields[key], child, f'{path}.{key}')]
