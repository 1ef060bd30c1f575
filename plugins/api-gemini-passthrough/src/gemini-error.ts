import { errorHeaders, type GatewayError, type RenderedError } from '@model-gateway/core';

/** Google's canonical status names by HTTP status, as Gemini reports them. */
const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ABORTED',
  413: 'INVALID_ARGUMENT',
  429: 'RESOURCE_EXHAUSTED',
  499: 'CANCELLED',
  500: 'INTERNAL',
  502: 'UNAVAILABLE',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

export function geminiErrorBody(error: GatewayError) {
  return { error: { code: error.status, message: error.message, status: STATUS_NAMES[error.status] ?? (error.status >= 500 ? 'INTERNAL' : 'INVALID_ARGUMENT') } };
}

export function renderGeminiError(error: GatewayError): RenderedError {
  const headers = { 'x-gateway-error-code': error.code, ...errorHeaders(error) };
  return { status: error.status, headers, body: geminiErrorBody(error) };
}
