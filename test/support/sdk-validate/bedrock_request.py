"""Bedrock Converse bodies, checked against botocore's bedrock-runtime service model.

AWS publishes no pydantic types, but botocore's JSON service model is the official
shape definition boto3 validates its own calls with; its ParamValidator names type
errors, missing members and unknown keys alike. The model id travels in the path.
"""

from __future__ import annotations

import functools
from typing import Any
from urllib.parse import unquote


@functools.lru_cache(maxsize=None)
def _operation(name: str):
    import botocore.session
    return botocore.session.get_session().get_service_model('bedrock-runtime').operation_model(name)


def converse(body: Any, path: str) -> list[str]:
    return _validate('Converse', body, path)


def converse_stream(body: Any, path: str) -> list[str]:
    return _validate('ConverseStream', body, path)


def _validate(operation: str, body: Any, path: str) -> list[str]:
    from botocore.validate import ParamValidator
    if not isinstance(body, dict):
        return ['(body): not a JSON object']
    if 'modelId' in body:
        return ['modelId: unknown key (the model id belongs in the path)']
    # The path's `/model/{modelId}/converse` is the member the body leaves out.
    model = unquote(path.split('?')[0].split('/model/', 1)[-1].rsplit('/', 1)[0])
    report = ParamValidator().validate({**body, 'modelId': model}, _operation(operation).input_shape)
    if not report.has_errors():
        return []
    return [line.strip() for line in report.generate_report().splitlines() if line.strip()]
