import type { RenderedError } from '../contracts/route-definition';
import type { ErrorType } from '../errors/error-codes';
import type { GatewayError } from '../errors/gateway-error';
import { errorHeaders } from './error-headers';

/** The `type` strings of the error shape, which chat-completions clients map to their exception classes. */
const WIRE_TYPES: Record<ErrorType, string> = {
  invalid_request: 'invalid_request_error',
  not_found: 'invalid_request_error',
  authentication: 'authentication_error',
  permission: 'permission_error',
  rate_limit: 'rate_limit_error',
  server_error: 'server_error',
  timeout: 'timeout_error',
  cancelled: 'request_cancelled',
};

/**
 * The gateway's own error shape, `{"error":{message,type,code,param}}` (docs/errors.md),
 * the one chat-completions clients parse. The unified APIs and the admin routes use it;
 * passthrough styles render their provider's shape. A relayed provider error keeps the
 * provider's type and code.
 */
export function renderGatewayError(error: GatewayError): RenderedError {
  const headers = errorHeaders(error);
  return {
    status: error.status,
    headers,
    body: {
      error: {
        message: error.message,
        type: error.providerType ?? WIRE_TYPES[error.type],
        code: error.providerCode ?? error.code,
        param: error.param ?? null,
        ...(error.attempts && { attempts: error.attempts }),
      },
    },
  };
}
