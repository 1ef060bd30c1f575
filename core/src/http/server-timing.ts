/** A call's durations in milliseconds, as the Server-Timing header reports them. */
export interface CallTimings {
  /** From the request's head being read to the response's head being written. */
  totalMs: number;
  /** Waiting on providers, over every attempt: until each answer's head, a whole JSON answer, or a stream's first chunk. */
  upstreamMs: number;
  /** Retry backoff between attempts. */
  retryWaitMs: number;
}

/**
 * The W3C Server-Timing value for a call: `gateway` is the time the gateway itself
 * took (total minus upstream and retry waits; reading the client's body counts as
 * the gateway's), `upstream` the time spent waiting on providers, and `retry-wait`,
 * only when there was one, the backoff between attempts. Microsecond resolution:
 * the gateway's own share is often well under a millisecond.
 */
export function serverTimingHeader({ totalMs, upstreamMs, retryWaitMs }: CallTimings): string {
  const own = Math.max(0, totalMs - upstreamMs - retryWaitMs);
  const value = `gateway;dur=${own.toFixed(3)}, upstream;dur=${upstreamMs.toFixed(3)}`;
  return retryWaitMs > 0 ? `${value}, retry-wait;dur=${retryWaitMs.toFixed(3)}` : value;
}
