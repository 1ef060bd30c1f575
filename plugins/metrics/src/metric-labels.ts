import type { AttemptRecord } from '@model-gateway/core';

/** The endpoint label of a call that named no configured endpoint (a 404): one fixed series, whatever the client typed. */
export const UNKNOWN_ENDPOINT = 'unknown';

/** The gateway's own refusals an operator alerts on (nothing was sent upstream), by error code: the `reason` label. */
export const REFUSAL_CODES: ReadonlySet<string> = new Set(['rate_limit_exceeded', 'budget_exceeded', 'limits_unavailable']);

/** Breaker states as the gauge reports them: ordered by severity so `max()` over targets reads as the worst. */
export const BREAKER_GAUGE_VALUE = { closed: 0, 'half-open': 1, open: 2 } as const;

/**
 * The endpoint label: the name only when it is a configured endpoint, so a client cannot
 * create series by inventing names (the `known` test is a registry lookup, no allocation).
 */
export function endpointLabel(name: string, known: (name: string) => boolean): string {
  return known(name) ? name : UNKNOWN_ENDPOINT;
}

/** OpenTelemetry's `error.type`: the gateway error's code, or the HTTP status when it has none. */
export function errorType(code: string | undefined, status: number): string {
  return code ?? String(status);
}

/**
 * Fallbacks a call took: each attempt sent to another target than the attempt before it
 * (a retry of the same target is not a fallback).
 */
export function fallbacksTaken(attempts: readonly Pick<AttemptRecord, 'provider' | 'model'>[]): number {
  let taken = 0;
  for (let i = 1; i < attempts.length; i++) {
    if (attempts[i].provider !== attempts[i - 1].provider || attempts[i].model !== attempts[i - 1].model) taken++;
  }
  return taken;
}
