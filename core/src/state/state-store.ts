/**
 * Run-time state shared by all replicas of a gateway: usage counters now,
 * routing state (split positions, breakers) later. Two implementations pass
 * one contract suite (test/contract/state-store.contract.ts): embedded
 * (in-process, the default) and Redis.
 */
export interface StateStore {
  readonly kind: 'embedded' | 'redis';
  /**
   * Adds each increment to a numeric field of the hash at `key`, creating it,
   * and (re)sets its time to live. Fractional increments are kept exactly
   * enough for money (USD with 1e-9 resolution).
   */
  incrementHash(key: string, increments: Readonly<Record<string, number>>, ttlSeconds: number): Promise<void>;
  /** The hashes at `keys`, in order; a missing key gives an empty object. */
  readHashes(keys: readonly string[]): Promise<Array<Record<string, number>>>;
  /** Resolves when the store answers; rejects when it cannot be reached. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
