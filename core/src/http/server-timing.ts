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
  const value = `gateway;dur=${threeDecimals(own)}, upstream;dur=${threeDecimals(upstreamMs)}`;
  return retryWaitMs > 0 ? `${value}, retry-wait;dur=${threeDecimals(retryWaitMs)}` : value;
}

/**
 * `ms.toFixed(3)`, the same text, built from integers: toFixed's exact decimal conversion
 * took about twice the time (docs/performance.md). Within the rounding error of `ms * 1000`
 * of a half, where integers could round the other way, and outside 0 to 1e9, toFixed decides.
 */
export function threeDecimals(ms: number): string {
  if (!(ms >= 0 && ms < 1e9)) return ms.toFixed(3);
  const scaled = ms * 1000;
  const whole = Math.floor(scaled);
  const rest = scaled - whole;
  if (rest > 0.4997 && rest < 0.5003) return ms.toFixed(3);
  const micros = rest < 0.5 ? whole : whole + 1;
  const int = Math.floor(micros / 1000);
  const frac = micros - int * 1000;
  return `${int}.${frac < 10 ? '00' : frac < 100 ? '0' : ''}${frac}`;
}
