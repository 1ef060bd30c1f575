"""Vertex AI text-embedding `:predict` bodies, checked against what google-genai itself would send.

google-genai has no model of the predict body, but its Vertex converter
(`_EmbedContentParametersPrivate_to_vertex`, the code `models.embed_content` runs for a
predict model) writes it from typed `embed_content` parameters. So the converter is run once
per `EmbedContentConfig` field, and the place in the body where that field lands
(`instances[].task_type`, `parameters.outputDimensionality`, ...) is kept with the field's
type: a body key at no such place is unknown, a value is validated with its field's type.
The fields it finds are Google's documented ones
(https://cloud.google.com/vertex-ai/generative-ai/docs/model-reference/text-embeddings-api).
"""

from __future__ import annotations

import functools
import typing
from types import SimpleNamespace
from typing import Any

import pydantic

from type_check import check_type

# One value per scalar type, for the converter to place; which one it is does not matter.
PROBES = {str: 'probe', int: 7, bool: True, float: 0.5}


@functools.lru_cache(maxsize=None)
def predict_fields() -> dict[str, dict[str, Any]]:
    """{'instances': {key: type}, 'parameters': {key: type}} as the SDK's Vertex converter writes them."""
    from google.genai import models, types
    places: dict[str, dict[str, Any]] = {'instances': {}, 'parameters': {}}
    baseline = _convert(models, types, None)
    # Each instance's content is one text the converter took from `contents` (Vertex's predict takes text only).
    for key, value in baseline['instances'][0].items():
        places['instances'][key] = pydantic.StrictStr if isinstance(value, str) else type(value)
    for name, info in types.EmbedContentConfig.model_fields.items():
        scalar = next((a for a in typing.get_args(info.annotation) if a in PROBES), None)
        if scalar is None:
            continue  # http_options: the SDK's own transport settings, never in a body
        body = _convert(models, types, types.EmbedContentConfig(**{name: PROBES[scalar]}))
        for key in body.get('instances', [{}])[0].keys() - baseline['instances'][0].keys():
            places['instances'][key] = _strict(scalar)
        for key in body.get('parameters', {}).keys():
            places['parameters'][key] = _strict(scalar)
    return places


def _convert(models: Any, types: Any, config: Any) -> dict[str, Any]:
    params = types._EmbedContentParametersPrivate(model='probe', contents=['probe'], embedding_api_type=types.EmbeddingApiType.PREDICT, config=config)
    # The converter asks the client only whether it speaks to Vertex AI.
    body = models._EmbedContentParametersPrivate_to_vertex(SimpleNamespace(vertexai=True), params, None, params)
    body.pop('_url', None)
    return body


def _strict(scalar: type) -> Any:
    """JSON's own type: Google's parser takes no "7" for an int or "true" for a bool."""
    return {str: pydantic.StrictStr, int: pydantic.StrictInt, bool: pydantic.StrictBool, float: float}[scalar]


def predict(body: Any, _path: str) -> list[str]:
    if not isinstance(body, dict):
        return ['(body): not a JSON object']
    places = predict_fields()
    problems = [f'{k}: unknown key (the SDK writes only instances and parameters)' for k in body if k not in places]
    instances = body.get('instances')
    if not isinstance(instances, list) or not instances:
        problems.append('instances: required, a non-empty list')
        instances = []
    for i, instance in enumerate(instances):
        problems.extend(_object(instance, places['instances'], f'instances[{i}]', required=('content',)))
    if 'parameters' in body:
        problems.extend(_object(body['parameters'], places['parameters'], 'parameters', required=()))
    return problems


def _object(value: Any, fields: dict[str, Any], path: str, required: tuple[str, ...]) -> list[str]:
    if not isinstance(value, dict):
        return [f'{path}: not a JSON object']
    problems = [f'{path}.{k}: required' for k in required if k not in value]
    for key, child in value.items():
        if key not in fields:
            problems.append(f'{path}.{key}: unknown key (the SDK\'s Vertex converter writes {", ".join(fields)})')
        else:
            problems.extend(check_type(fields[key], child, f'{path}.{key}'))
    return problems
