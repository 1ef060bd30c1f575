import { GatewayError, type WindowState } from '@model-gateway/core';

/** A 429 for a sliding-window limit (requests or tokens per minute), with its Retry-After and rate-limit headers. */
export function refused(what: string, limit: string, state: WindowState, headers: Record<string, string> | undefined): GatewayError {
  const never = state.retryAfterMs < 0;
  return new GatewayError(
    'rate_limit_exceeded',
    never ? `The request is larger than the limit of ${what} (${limit}).` : `Rate limit of ${what} reached (${limit}); retry in ${Math.ceil(state.retryAfterMs / 1000)} s.`,
    { retryAfterMs: never ? undefined : state.retryAfterMs, headers },
  );
}
