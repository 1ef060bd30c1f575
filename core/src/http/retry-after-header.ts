import type { GatewayError } from '../errors/gateway-error';

/** The wait a provider asked for, passed on as Retry-After (seconds) in every error format. */
export function retryAfterHeader(error: GatewayError): Record<string, string> {
  return error.retryAfterMs === undefined ? {} : { 'retry-after': String(Math.ceil(error.retryAfterMs / 1000)) };
}
