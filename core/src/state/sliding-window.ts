import type { WindowState } from '../contracts/state-store';

/** Beyond this many seconds to drop, pruning walks the buckets rather than the seconds. */
const WALK_SECONDS = 128;

/**
 * A sliding-window counter in one-second buckets, with its running total and the oldest
 * second that may hold a bucket, so a check costs a few reads instead of a sum over the
 * window. The embedded store keeps one per key; the Redis store keeps the same fields in
 * a hash (`#t` the total, `#o` the oldest second) and runs the same steps in Lua
 * (redis-limit-script.ts); the state-store contract suite holds the two equal.
 * A bucket of second `s` counts while `now < (s + windowSeconds) * 1000`.
 */
export class WindowCounter {
  private readonly buckets = new Map<number, number>();
  private total = 0;
  private oldest = Infinity;

  get empty(): boolean {
    return this.buckets.size === 0;
  }

  /** The newest second counted (for the embedded store's sweep); -Infinity when empty. */
  newest(): number {
    let newest = -Infinity;
    for (const second of this.buckets.keys()) if (second > newest) newest = second;
    return newest;
  }

  /** Drops the buckets that aged out of the window ending at `nowMs`, then decides whether `amount` fits under `limit`. */
  decide(amount: number, limit: number, windowSeconds: number, nowMs: number): WindowState {
    this.prune(Math.floor(nowMs / 1000) - windowSeconds + 1);
    const total = this.total;
    const allowed = amount === 0 ? total < limit : total + amount <= limit;
    if (allowed) return { allowed, total: total + amount, retryAfterMs: 0 };
    const wanted = Math.max(amount, 1);
    if (wanted > limit) return { allowed, total, retryAfterMs: -1 };
    // Oldest first: find the bucket whose ageing out leaves room for the amount.
    const live = [...this.buckets].sort((a, b) => a[0] - b[0]);
    let remaining = total;
    for (const [second, count] of live) {
      remaining -= count;
      if (remaining + wanted <= limit) return { allowed, total, retryAfterMs: Math.max(1, (second + windowSeconds) * 1000 - nowMs) };
    }
    return { allowed, total, retryAfterMs: windowSeconds * 1000 };
  }

  /** Counts `amount` in the bucket of `nowMs` (after `decide` allowed it). */
  add(amount: number, nowMs: number): void {
    if (amount <= 0) return;
    const second = Math.floor(nowMs / 1000);
    this.buckets.set(second, (this.buckets.get(second) ?? 0) + amount);
    this.total += amount;
    if (second < this.oldest) this.oldest = second;
  }

  private prune(first: number): void {
    if (this.oldest >= first) return;
    if (first - this.oldest > WALK_SECONDS) {
      for (const [second, count] of this.buckets) if (second < first) this.drop(second, count);
    } else {
      for (let second = this.oldest; second < first; second++) {
        const count = this.buckets.get(second);
        if (count !== undefined) this.drop(second, count);
      }
    }
    this.oldest = this.buckets.size === 0 ? Infinity : first;
  }

  private drop(second: number, count: number): void {
    this.buckets.delete(second);
    this.total -= count;
  }
}

export function windowSeconds(windowMs: number): number {
  return Math.max(1, Math.ceil(windowMs / 1000));
}
