/**
 * Run-time state shared by all replicas of a gateway: usage counters and
 * routing state (split positions, failure counts, breaker cooldowns). Two
 * implementations pass one contract suite (test/contract/state-store.contract.ts):
 * embedded (in-process, the default) and Redis.
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
  /** Atomically adds `by` to the integer at `key` (0 when absent), sets its TTL, and returns the new value. */
  increment(key: string, by: number, ttlMs: number): Promise<number>;
  /** The string values at `keys`, in order; undefined where absent or expired. */
  getMany(keys: readonly string[]): Promise<Array<string | undefined>>;
  /**
   * Sets `key` to `value` for `ttlMs`. With `ifAbsent`, only when the key does not
   * exist (a lock): returns whether this call set it.
   */
  set(key: string, value: string, ttlMs: number, options?: { ifAbsent?: boolean }): Promise<boolean>;
  delete(keys: readonly string[]): Promise<void>;
  /**
   * A sliding-window counter (rate limits): the sum of what was added over the last
   * `windowMs`, kept in one-second buckets on the store's own clock (Redis' TIME, so
   * replicas agree). Atomically adds `amount` if the window's total plus `amount` stays
   * within `limit`; `amount` 0 only asks whether any room is left, and `limit` Infinity
   * always adds. Integer amounts.
   */
  windowAdd(key: string, amount: number, limit: number, windowMs: number): Promise<WindowState>;
  /**
   * A spend limit with reservations (budgets), atomically: drops the reservations of `key`
   * whose lease has run out, then admits when the hash's `usd` (what settled) plus the live
   * reservations is below `limit`, and records reservation `id` of `amount` USD for `leaseMs`
   * (store's clock). An `amount` of 0 only asks. Everything at `key` expires after `ttlMs`.
   */
  reserve(key: string, id: string, amount: number, limit: number, leaseMs: number, ttlMs: number): Promise<ReserveState>;
  /** Atomically ends reservation `id` of `key` (when its lease has not run out) and adds `spent` USD to the hash's `usd`. */
  settle(key: string, id: string, spent: number, ttlMs: number): Promise<void>;
  /**
   * Several limit steps (windowAdd, reserve, settle on distinct keys) as one: each is
   * checked, then all are applied if every one allows, none otherwise. One round trip
   * and one script for a whole call's limits. On a Redis Cluster the keys live on
   * different nodes, so there each step is atomic by itself and applied when it alone
   * allows (`applied` says which); everywhere else it is all or nothing.
   */
  applyLimits(steps: readonly LimitStep[]): Promise<LimitOutcome>;
  /** Resolves when the store answers; rejects when it cannot be reached. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** A sliding window after `windowAdd`. */
export interface WindowState {
  /** Whether the amount was added (for amount 0: whether any room is left). */
  allowed: boolean;
  /** The window's total after the call. */
  total: number;
  /**
   * When refused, milliseconds until enough of the window has aged out for the amount
   * to fit; -1 when it can never fit (more than the limit). 0 when allowed.
   */
  retryAfterMs: number;
}

/** One step of `applyLimits`: the arguments of windowAdd, reserve or settle. */
export type LimitStep =
  | { kind: 'window'; key: string; amount: number; limit: number; windowMs: number }
  | { kind: 'reserve'; key: string; id: string; amount: number; limit: number; leaseMs: number; ttlMs: number }
  | { kind: 'settle'; key: string; id: string; spent: number; ttlMs: number };

/** What `applyLimits` decided. */
export interface LimitOutcome {
  /** Whether every step allowed. */
  allowed: boolean;
  /** Per step, in order: a window's WindowState, a reservation's ReserveState, a settlement's `{ allowed: true }`. */
  results: Array<WindowState | ReserveState | { allowed: true }>;
  /** Per step: whether it was applied (a refused window added nothing; a refused reservation holds nothing). */
  applied: boolean[];
}

/** A spend limit after `reserve`, in USD. */
export interface ReserveState {
  /** Whether the reservation was recorded (for amount 0: whether the limit is not reached). */
  allowed: boolean;
  /** What settled so far (the hash's `usd`). */
  spent: number;
  /** The live reservations after the call, this one included when allowed. */
  reserved: number;
}
