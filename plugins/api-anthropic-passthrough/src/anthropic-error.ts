import { errorHeaders, type ErrorType, type GatewayError, type RenderedError } from '@model-gateway/core';

/** Anthropic's error types, so the Anthropic SDK raises the exception it would raise against Anthropic itself. */
const ANTHROPIC_TYPES: Record<ErrorType, string> = {
  invalid_request: 'invalid_request_error',
  not_found: 'not_found_error',
  authentication: 'authentication_error',
  permission: 'permission_error',
  rate_limit: 'rate_limit_error',
  server_error: 'api_error',
  timeout: 'api_error',
  cancelled: 'api_error',
};

export function anthropicErrorBody(error: GatewayError) {
  const type = error.code === 'request_too_large' ? 'request_too_large' : ANTHROPIC_TYPES[error.type];
  return { type: 'error', error: { type, message: error.message } };
}

export function renderAnthropicError(error: GatewayError): RenderedError {
  const headers = { 'x-gateway-error-code': error.code, ...errorHeaders(error) };
  return { status: error.status, headers, body: anthropicErrorBody(error) };
}

/** Anthropic ends a failing stream with an `error` event. */
export function anthropicStreamError(error: GatewayError): string {
  return `event: error\ndata: ${JSON.stringify(anthropicErrorBody(error))}\n\n`;
}
