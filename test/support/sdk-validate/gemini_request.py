"""Gemini REST bodies, checked part by part against google-genai's pydantic models.

google-genai has no model of the REST request itself (its SDK builds the body from
a `GenerateContentConfig`), so each top-level field is validated with the model
of its part. Those models forbid unknown keys and take both the camelCase wire
spelling and the snake_case one, as Google's JSON parser does.
"""

from __future__ import annotations

from typing import Any

from type_check import check_type


def _generate_fields() -> dict[str, Any]:
    from google.genai import types
    return {
        'contents': list[types.Content],
        'tools': list[types.Tool],
        'toolConfig': types.ToolConfig,
        'systemInstruction': types.Content,
        'generationConfig': types.GenerationConfig,
        'safetySettings': list[types.SafetySetting],
        'cachedContent': str,
        'labels': dict[str, str],
        'model': str,
    }


def generate_content(body: Any, _path: str) -> list[str]:
    """generateContent and streamGenerateContent: GenerateContentRequest."""
    return _fields(body, _generate_fields(), required=('contents',))


def embed_content(body: Any, _path: str) -> list[str]:
    """embedContent: the content plus EmbedContentConfig's wire fields."""
    from google.genai import types
    fields = {'content': types.Content, 'model': str, 'taskType': str, 'title': str, 'outputDimensionality': int}
    return _fields(body, fields, required=('content',))


def batch_embed_contents(body: Any, path: str) -> list[str]:
    if not isinstance(body, dict) or not isinstance(body.get('requests'), list):
        return ['requests: required, a list of EmbedContentRequest']
    unknown = [f'{k}: unknown key (batchEmbedContents takes only requests)' for k in body if k != 'requests']
    return unknown + [f'requests[{i}].{p}' for i, r in enumerate(body['requests']) for p in embed_content(r, path)]


def _fields(body: Any, fields: dict[str, Any], required: tuple[str, ...]) -> list[str]:
    if not isinstance(body, dict):
        return ['(body): not a JSON object']
    by_any_spelling = {**fields, **{_snake(k): t for k, t in fields.items()}}
    problems = [f'{k}: required' for k in required if k not in body and _snake(k) not in body]
    for key, value in body.items():
        if key not in by_any_spelling:
            problems.append(f'{key}: unknown key (not a field of the REST request)')
            continue
        problems.extend(check_type(by_any_spelling[key], value, key, json_mode=True))
    return problems


def _snake(name: str) -> str:
    return ''.join(f'_{c.lower()}' if c.isupper() else c for c in name)
