"""
Validates answer bodies against the official Python SDKs' own pydantic models.

Reads a JSON array of {"kind": ..., "body": ...} on stdin and writes a JSON array of
problem lists, one per item, in order. A problem is a string: a pydantic error (a missing
required field, a wrong type, an unknown Literal) or an unknown key. The OpenAI and
Anthropic models allow extra keys, so unknown keys are found by walking the validated
objects' model_extra; google-genai's models forbid extras themselves.
"""
import functools
import json
import sys
import typing

import pydantic
from anthropic import types as anthropic_types
from google.genai import models as genai_models
from google.genai import types as genai_types
from openai.types import CreateEmbeddingResponse
from openai.types.chat import ChatCompletion, ChatCompletionChunk
from openai.types.responses import Response, ResponseStreamEvent

# Each kind names the model (or union) the SDK parses that answer into.
OPENAI_AND_ANTHROPIC = {
    "openai.ChatCompletion": ChatCompletion,
    "openai.ChatCompletionChunk": ChatCompletionChunk,
    "openai.Response": Response,
    "openai.ResponseStreamEvent": ResponseStreamEvent,
    "openai.CreateEmbeddingResponse": CreateEmbeddingResponse,
    "anthropic.Message": anthropic_types.Message,
    "anthropic.RawMessageStreamEvent": anthropic_types.RawMessageStreamEvent,
    "anthropic.MessageTokensCount": anthropic_types.MessageTokensCount,
}


def error_lines(error: pydantic.ValidationError) -> list[str]:
    return [f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in error.errors(include_url=False)]


def unknown_keys(value, path: str) -> list[str]:
    """Paths of keys no model declared, found in the validated object tree."""
    found: list[str] = []
    if isinstance(value, pydantic.BaseModel):
        for key in (value.model_extra or {}):
            found.append(f"{path}{key}: unknown key")
        for name in type(value).model_fields:
            found += unknown_keys(getattr(value, name), f"{path}{name}.")
    elif isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            found += unknown_keys(item, f"{path}{i}.")
    elif isinstance(value, dict):
        for key, item in value.items():
            found += unknown_keys(item, f"{path}{key}.")
    return found


def union_members(annotation) -> list:
    """The model classes of a (possibly Annotated) union, flattened."""
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return union_members(typing.get_args(annotation)[0])
    if origin is typing.Union:
        return [m for arg in typing.get_args(annotation) for m in union_members(arg)]
    return [annotation]


def member_for(declared, body):
    """For a union of events told apart by `type`, the one member whose Literal matches, so errors name it alone."""
    if not isinstance(body, dict) or "type" not in body:
        return declared
    for member in union_members(declared):
        field = getattr(member, "model_fields", {}).get("type")
        if field is not None and body["type"] in typing.get_args(field.annotation):
            return member
    return declared


@functools.cache
def adapter(declared) -> pydantic.TypeAdapter:
    """Built once per type: the test gateways' answer tap validates every answer and stream event."""
    return pydantic.TypeAdapter(declared)


def validate_strict(declared, body) -> list[str]:
    try:
        return unknown_keys(adapter(member_for(declared, body)).validate_python(body), "")
    except pydantic.ValidationError as error:
        return error_lines(error)


def validate_genai(model, converter, body) -> list[str]:
    """The SDK's own path (converter, then _from_response), and the raw body against the model, which forbids unknown keys."""
    problems: list[str] = []
    try:
        model._from_response(response=converter(body), kwargs={})
    except pydantic.ValidationError as error:
        problems += [f"(as the SDK parses it) {line}" for line in error_lines(error)]
    try:
        model.model_validate(body)
    except pydantic.ValidationError as error:
        problems += error_lines(error)
    return problems


def validate_single_embedding(body) -> list[str]:
    """embedContent's {embedding: {values}}: the SDK never calls it, so its ContentEmbedding is checked."""
    if not isinstance(body, dict) or set(body) != {"embedding"}:
        return [f"expected exactly the key 'embedding', got {sorted(body) if isinstance(body, dict) else type(body).__name__}"]
    try:
        genai_types.ContentEmbedding.model_validate(body["embedding"])
        return []
    except pydantic.ValidationError as error:
        return [f"embedding.{line}" for line in error_lines(error)]


# Gemini's REST CountTokensResponse (ai.google.dev/api/tokens): the SDK's model keeps only the first two,
# its converter dropping the details Gemini itself answers, so the raw body is held to the REST fields instead.
COUNT_TOKENS_FIELDS = {"totalTokens", "cachedContentTokenCount", "promptTokensDetails", "cacheTokensDetails"}


def validate_count_tokens(body) -> list[str]:
    problems: list[str] = []
    try:
        genai_types.CountTokensResponse._from_response(response=genai_models._CountTokensResponse_from_mldev(body), kwargs={})
    except pydantic.ValidationError as error:
        problems += [f"(as the SDK parses it) {line}" for line in error_lines(error)]
    if not isinstance(body, dict):
        return problems + [f"expected an object, got {type(body).__name__}"]
    problems += [f"{key}: unknown key (Gemini's CountTokensResponse has no such field)" for key in sorted(set(body) - COUNT_TOKENS_FIELDS)]
    for field in ("promptTokensDetails", "cacheTokensDetails"):
        for i, item in enumerate(body.get(field) or []):
            try:
                genai_types.ModalityTokenCount.model_validate(item)
            except pydantic.ValidationError as error:
                problems += [f"{field}.{i}.{line}" for line in error_lines(error)]
    return problems


def validate(kind: str, body) -> list[str]:
    if kind in OPENAI_AND_ANTHROPIC:
        return validate_strict(OPENAI_AND_ANTHROPIC[kind], body)
    if kind == "genai.GenerateContentResponse":
        return validate_genai(genai_types.GenerateContentResponse, genai_models._GenerateContentResponse_from_mldev, body)
    if kind == "genai.EmbedContentResponse":
        return validate_genai(genai_types.EmbedContentResponse, genai_models._EmbedContentResponse_from_mldev, body)
    if kind == "genai.SingleEmbedContentResponse":
        return validate_single_embedding(body)
    if kind == "genai.CountTokensResponse":
        return validate_count_tokens(body)
    return [f"unknown kind {kind!r}"]


if __name__ == "__main__":
    items = json.load(sys.stdin)
    json.dump([validate(item["kind"], item["body"]) for item in items], sys.stdout)
