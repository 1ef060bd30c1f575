"""Bedrock InvokeModel bodies (`/model/{id}/invoke`, `/invoke-with-response-stream`), checked per model family.

InvokeModel's body is the model vendor's own, so botocore's service model checks only the
envelope (the model id, the body's size) and the family named by the model id picks the
type: Cohere Embed → the Cohere SDK's embed parameters (cohere_request.bedrock_embed);
Claude → anthropic's `MessageCreateParams` with the model in the path and
`anthropic_version` in the body; Amazon Titan Text Embeddings, which no SDK types, → the
fields AWS documents, as a small explicit rule. Any other family has no type here and is
reported, so a new InvokeModel path is not left unchecked by accident.
"""

from __future__ import annotations

import functools
import json
import re
from typing import Any, Literal
from urllib.parse import unquote

import pydantic

from type_check import check_type

# https://docs.aws.amazon.com/bedrock/latest/userguide/model-parameters-titan-embed-text.html:
# G1 (v1) takes only inputText; V2 adds dimensions (1024, 512, 256), normalize and embeddingTypes.
TITAN_V1 = {'inputText': pydantic.StrictStr}
TITAN_V2 = {**TITAN_V1, 'dimensions': Literal[256, 512, 1024], 'normalize': pydantic.StrictBool, 'embeddingTypes': list[Literal['float', 'binary']]}
# https://docs.aws.amazon.com/bedrock/latest/userguide/model-parameters-anthropic-claude-messages-request-response.html
CLAUDE_VERSION = 'bedrock-2023-05-31'

ROUTE = re.compile(r'^/model/([^/]+)/(invoke|invoke-with-response-stream)$')


@functools.lru_cache(maxsize=None)
def _input_shape(operation: str):
    import botocore.session
    return botocore.session.get_session().get_service_model('bedrock-runtime').operation_model(operation).input_shape


def invoke(body: Any, path: str) -> list[str]:
    route = ROUTE.match(path.split('?')[0])
    if not route:
        return [f'(path): {path} is not an InvokeModel path']
    model = unquote(route[1])
    stream = route[2] == 'invoke-with-response-stream'
    problems = _envelope('InvokeModelWithResponseStream' if stream else 'InvokeModel', model, body)
    if 'titan-embed-text' in model:
        return problems + _titan(body, TITAN_V2 if 'titan-embed-text-v2' in model else TITAN_V1)
    if '.embed-' in model and 'cohere.' in model:
        from cohere_request import bedrock_embed
        return problems + bedrock_embed(body, model)
    if 'anthropic.claude' in model:
        return problems + _claude(body, model, stream)
    return problems + [f'(body): no request type for InvokeModel of {model} (the oracle knows Titan and Cohere embeddings, Claude)']


def _envelope(operation: str, model: str, body: Any) -> list[str]:
    """The operation's own members: the model id (its length and pattern) and the body blob (its size)."""
    from botocore.validate import ParamValidator
    shape = _input_shape(operation)
    report = ParamValidator().validate({'modelId': model, 'body': json.dumps(body).encode()}, shape)
    problems = [line.strip() for line in report.generate_report().splitlines() if line.strip()] if report.has_errors() else []
    # ParamValidator leaves the pattern to the service; the service model states it.
    if not re.fullmatch(shape.members['modelId'].metadata['pattern'], model):
        problems.append(f'modelId: {model!r} does not match the InvokeModel pattern')
    return problems


def _titan(body: Any, fields: dict[str, Any]) -> list[str]:
    if not isinstance(body, dict):
        return ['(body): not a JSON object']
    problems = [] if 'inputText' in body else ['inputText: required (Titan Text Embeddings)']
    for key, value in body.items():
        if key not in fields:
            problems.append(f'{key}: unknown key (Titan Text Embeddings documents {", ".join(fields)})')
        else:
            problems.extend(check_type(fields[key], value, key))
    return problems


def _claude(body: Any, model: str, stream: bool) -> list[str]:
    """Claude on Bedrock: the Messages body without model or stream (the operation says both), with anthropic_version."""
    from request_types import anthropic_beta_messages, anthropic_messages
    if not isinstance(body, dict):
        return ['(body): not a JSON object']
    problems = [f'{k}: unknown key (the InvokeModel path carries it)' for k in ('model', 'stream') if k in body]
    if body.get('anthropic_version') != CLAUDE_VERSION:
        problems.append(f'anthropic_version: required, {CLAUDE_VERSION!r} on Bedrock')
    # Bedrock's body carries the betas the Anthropic API takes as a header; they admit the beta type's fields.
    betas = body.get('anthropic_beta')
    if betas is not None:
        problems.extend(check_type(list[pydantic.StrictStr], betas, 'anthropic_beta'))
    messages = {k: v for k, v in body.items() if k not in ('anthropic_version', 'anthropic_beta', 'model', 'stream')}
    check = anthropic_beta_messages if betas is not None else anthropic_messages
    return problems + check({**messages, 'model': model, **({'stream': True} if stream else {})}, '')
