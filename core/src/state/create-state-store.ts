import { EmbeddedStateStore } from './embedded-state-store';
import { RedisStateStore } from './redis-state-store';
import type { StateStore } from './state-store';

export interface StateStoreConfig {
  /** Empty means single-process: state lives in memory and is not shared. */
  redisUrl: string;
  /** Namespaces Redis keys; meaningless in memory, so the embedded store ignores it. */
  keyPrefix: string;
}

/** Picks the store from configuration, so callers never name an implementation. */
export function createStateStore(config: StateStoreConfig, onError?: (e: Error) => void): StateStore {
  if (config.redisUrl === '') return new EmbeddedStateStore();
  return new RedisStateStore(config.redisUrl, { keyPrefix: config.keyPrefix }, onError);
}
