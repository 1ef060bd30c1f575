import type { StateStore } from '@model-gateway/core';
import { breakerKeys } from './breaker-keys';

/** A target's breaker as monitoring reports it: 0 closed, 1 half-open, 2 open (the order of severity). */
export type BreakerState = 'closed' | 'half-open' | 'open';

/**
 * The breaker state of each `connection/model` target of each endpoint, read from the shared
 * store in one round trip (for a metrics scrape, never on the request path): open while its
 * cooldown runs, half-open while it is remembered as tripped, closed otherwise.
 */
export async function readBreakerStates(store: StateStore, targets: ReadonlyArray<{ endpoint: string; target: string }>): Promise<BreakerState[]> {
  if (targets.length === 0) return [];
  const keys = targets.flatMap(({ endpoint, target }) => {
    const k = breakerKeys(endpoint, target);
    return [k.open, k.tripped];
  });
  const values = await store.getMany(keys);
  return targets.map((_, i) => (values[2 * i] !== undefined ? 'open' : values[2 * i + 1] !== undefined ? 'half-open' : 'closed'));
}
