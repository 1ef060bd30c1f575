"""Which official SDK type each upstream request body is checked against, by format.

Each checker takes the parsed JSON body (and the request's path, where the path
carries a part of the request) and returns its problems; an empty list means the
official SDK's request type accepts the body.
"""

from __future__ import annotations

from typing import Any, Callable

from type_check import check_type

Checker = Callable[[Any, str], list]


def openai_chat(body: Any, _path: str) -> list[str]:
    from openai.types.chat import completion_create_params as p
    return check_type(p.CompletionCreateParamsStreaming if _streams(body) else p.CompletionCreateParamsNonStreaming, body)


def openai_embeddings(body: Any, _path: str) -> list[str]:
    from openai.types.embedding_create_params import EmbeddingCreateParams
    return check_type(EmbeddingCreateParams, body)


def openai_responses(body: Any, _path: str) -> list[str]:
    from openai.types.responses import response_create_params as p
    return check_type(p.ResponseCreateParamsStreaming if _streams(body) else p.ResponseCreateParamsNonStreaming, body)


def anthropic_messages(body: Any, _path: str) -> list[str]:
    from anthropic.types import message_create_params as p
    return check_type(p.MessageCreateParamsStreaming if _streams(body) else p.MessageCreateParamsNonStreaming, body)


def anthropic_beta_messages(body: Any, _path: str) -> list[str]:
    # An `anthropic-beta` header admits the beta fields (context_management, mcp_servers, ...): the SDK's beta type has them.
    from anthropic.types.beta import message_create_params as p
    return check_type(p.MessageCreateParamsStreaming if _streams(body) else p.MessageCreateParamsNonStreaming, body)


def anthropic_vertex(body: Any, path: str) -> list[str]:
    """Claude on Vertex AI: the Messages body with the model in the URL and `anthropic_version` in the body."""
    if not isinstance(body, dict):
        return ['(body): not a JSON object']
    problems = [] if isinstance(body.get('anthropic_version'), str) else ['anthropic_version: required on Vertex AI']
    messages = {k: v for k, v in body.items() if k != 'anthropic_version'}
    messages.setdefault('model', path.rsplit('/', 1)[-1].split(':')[0])
    return problems + anthropic_messages(messages, path)


def anthropic_count_tokens(body: Any, _path: str) -> list[str]:
    from anthropic.types.message_count_tokens_params import MessageCountTokensParams
    return check_type(MessageCountTokensParams, body)


def anthropic_beta_count_tokens(body: Any, _path: str) -> list[str]:
    from anthropic.types.beta.message_count_tokens_params import MessageCountTokensParams
    return check_type(MessageCountTokensParams, body)


def anthropic_vertex_count_tokens(body: Any, path: str) -> list[str]:
    """Claude's token count on Vertex AI (the `count-tokens` model's rawPredict): Anthropic's count_tokens body, naming the Claude model."""
    if not isinstance(body, dict):
        return ['(body): not a JSON object']
    return anthropic_count_tokens({k: v for k, v in body.items() if k != 'anthropic_version'}, path)


def mistral_chat(body: Any, _path: str) -> list[str]:
    from mistralai.client import models as m
    return check_type(m.ChatCompletionStreamRequest if _streams(body) else m.ChatCompletionRequest, body)


def mistral_embeddings(body: Any, _path: str) -> list[str]:
    from mistralai.client import models as m
    return check_type(m.EmbeddingRequest, body)


def _streams(body: Any) -> bool:
    return isinstance(body, dict) and body.get('stream') is True


def _gemini():
    from gemini_request import embed_content, batch_embed_contents, generate_content
    return {'gemini-generate': generate_content, 'gemini-embed': embed_content, 'gemini-batch-embed': batch_embed_contents}


def _bedrock():
    from bedrock_invoke import invoke
    from bedrock_request import converse, converse_stream
    return {'bedrock-converse': converse, 'bedrock-converse-stream': converse_stream, 'bedrock-invoke': invoke}


def _cohere():
    from cohere_request import chat, embed
    return {'cohere-chat': chat, 'cohere-embed': embed}


def _vertex():
    from vertex_predict import predict
    return {'vertex-predict': predict}


CHECKERS: dict[str, Checker] = {
    'openai-chat': openai_chat,
    'openai-embeddings': openai_embeddings,
    'openai-responses': openai_responses,
    'anthropic-messages': anthropic_messages,
    'anthropic-beta-messages': anthropic_beta_messages,
    'anthropic-vertex': anthropic_vertex,
    'anthropic-count-tokens': anthropic_count_tokens,
    'anthropic-beta-count-tokens': anthropic_beta_count_tokens,
    'anthropic-vertex-count-tokens': anthropic_vertex_count_tokens,
    'mistral-chat': mistral_chat,
    'mistral-embeddings': mistral_embeddings,
    **_gemini(),
    **_bedrock(),
    **_cohere(),
    **_vertex(),
}
