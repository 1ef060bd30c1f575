import type { WindowState } from '../contracts/state-store';

/**
 * The one decision of a sliding-window counter, on buckets keyed by whole seconds.
 * The embedded store runs it as is; the Redis store runs the same steps in Lua
 * (redis-window-script.ts), and the state-store contract suite holds them equal.
 * A bucket of second `s` counts while `now < (s + windowSeconds) * 1000`.
 */
export function decideWindow(buckets: ReadonlyMap<number, number>, amount: number, limit: number, windowSeconds: number, nowMs: number): WindowState & { live: Array<[number, number]> } {
  const oldest = Math.floor(nowMs / 1000) - windowSeconds + 1;
  const live: Array<[number, number]> = [];
  let total = 0;
  for (const [second, count] of buckets) {
    if (second < oldest) continue;
    live.push([second, count]);
    total += count;
  }
  const allowed = amount === 0 ? total < limit : total + amount <= limit;
  if (allowed) return { allowed, total: total + amount, retryAfterMs: 0, live };
  const wanted = Math.max(amount, 1);
  if (wanted > limit) return { allowed, total, retryAfterMs: -1, live };
  // Oldest first: find the bucket whose ageing out leaves room for the amount.
  live.sort((a, b) => a[0] - b[0]);
  let remaining = total;
  for (const [second, count] of live) {
    remaining -= count;
    if (remaining + wanted <= limit) return { allowed, total, retryAfterMs: Math.max(1, (second + windowSeconds) * 1000 - nowMs), live };
  }
  return { allowed, total, retryAfterMs: windowSeconds * 1000, live };
}

export function windowSeconds(windowMs: number): number {
  return Math.max(1, Math.ceil(windowMs / 1000));
}
