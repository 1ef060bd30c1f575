import type { GatewayError } from '../errors/gateway-error';

/**
 * The headers every error format carries: the error's own (rate-limit state, say) and
 * Retry-After in seconds when there is a wait to suggest.
 */
export function errorHeaders(error: GatewayError): Record<string, string> {
  if (error.retryAfterMs === undefined) return error.headers ?? {};
  const retryAfter = String(Math.ceil(error.retryAfterMs / 1000));
  return error.headers ? { ...error.headers, 'retry-after': retryAfter } : { 'retry-after': retryAfter };
}
