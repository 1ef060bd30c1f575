import { EmbeddedStateStore } from './embedded-state-store';
import type { RedisConnections } from './redis-connections';
import { RedisStateStore } from './redis-state-store';
import { ResilientStateStore } from './resilient-state-store';
import type { StateStore } from '../contracts/state-store';
import type { RedisTopology } from './redis-topology';

export interface StateStoreConfig {
  /** Kind 'none' means single-process: state lives in memory and is not shared. */
  redis: RedisTopology;
  /** Namespaces Redis keys; meaningless in memory, so the embedded store ignores it. */
  keyPrefix: string;
}

export type StateStoreEvents = (event: 'degraded' | 'recovered' | 'dropped', detail: Record<string, unknown>) => void;

/**
 * Picks the store from configuration, so callers never name an implementation.
 * Redis comes wrapped so that an outage degrades routing to per-process state and
 * buffers counters instead of failing requests. `now` is the embedded store's
 * clock (its TTLs expire on it, so a test that advances the gateway's clock sees
 * them lapse); Redis keeps time on its own server. `redis`: the gateway's connection
 * factory, so the store's connection follows the one policy (without it, the store opens
 * its own from the URL and reports errors to `onError`).
 */
export function createStateStore(
  config: StateStoreConfig,
  onError?: (e: Error) => void,
  events?: StateStoreEvents,
  now: () => number = Date.now,
  redis?: RedisConnections,
): StateStore {
  if (config.redis.kind === 'none') return new EmbeddedStateStore(now);
  return new ResilientStateStore(new RedisStateStore(redis ?? config.redis, { keyPrefix: config.keyPrefix }, onError), events);
}
