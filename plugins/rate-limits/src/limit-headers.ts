import type { WindowState } from '@model-gateway/core';

/**
 * The rate-limit headers clients know from the providers: limit, remaining and reset of
 * requests and tokens (reset as `<seconds>s`).
 */
export function limitHeaders(kind: 'requests' | 'tokens', limit: number, state: WindowState): Record<string, string> {
  const reset = state.retryAfterMs > 0 ? Math.ceil(state.retryAfterMs / 1000) : 0;
  return {
    [`x-ratelimit-limit-${kind}`]: String(limit),
    [`x-ratelimit-remaining-${kind}`]: String(Math.max(0, limit - state.total)),
    [`x-ratelimit-reset-${kind}`]: `${reset}s`,
  };
}
