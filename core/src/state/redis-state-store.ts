import type { Redis } from 'ioredis';
import type { ReserveState, StateStore, WindowState } from '../contracts/state-store';
import { toNanoUsd } from './budget-reservations';
import { RedisConnections } from './redis-connections';
import { RESERVE_SCRIPT, SETTLE_SCRIPT } from './redis-reserve-scripts';
import { WINDOW_ADD_SCRIPT } from './redis-window-script';
import { windowSeconds } from './sliding-window';

export interface RedisStateStoreOptions {
  /** Prepended to every key, so several gateways (or tests) can share one Redis. */
  keyPrefix?: string;
  /** How long one command may wait for its reply before it is rejected. */
  commandTimeoutMs?: number;
}

const DEFAULT_COMMAND_TIMEOUT_MS = 500;

/** Redis refuses HINCRBY on a field that already holds a fractional value. */
const NOT_AN_INTEGER = /not an integer/i;

type Reply = [Error | null, unknown];

/**
 * State shared by all replicas through Redis. Every option here serves one
 * rule: a gateway must never hang on Redis. A call either gets its answer
 * within `commandTimeoutMs` or rejects, and the caller decides what a missing
 * counter means; meanwhile the client keeps reconnecting in the background.
 */
export class RedisStateStore implements StateStore {
  readonly kind = 'redis' as const;
  private readonly redis: Redis;
  private readonly commandTimeoutMs: number;
  /** True until the first connection attempt settles; see untilFirstConnection. */
  private firstAttempt = true;
  private firstConnection?: Promise<void>;

  private readonly connections: RedisConnections;

  /** `source`: the gateway's connection factory, or a URL (tests, tools) for a factory of this store's own. */
  constructor(source: RedisConnections | string, options: RedisStateStoreOptions = {}, onError: (err: Error) => void = () => {}) {
    this.commandTimeoutMs = options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS;
    // A URL gets a factory of its own, whose errors go to onError as before.
    this.connections = typeof source === 'string' ? new RedisConnections({ url: source, keyPrefix: '' }, (_event, detail) => onError(new Error(detail.err))) : source;
    this.redis = this.connections.commands('state store', { keyPrefix: options.keyPrefix ?? '', commandTimeoutMs: this.commandTimeoutMs });
    this.redis.defineCommand('windowAdd', { numberOfKeys: 1, lua: WINDOW_ADD_SCRIPT });
    this.redis.defineCommand('budgetReserve', { numberOfKeys: 3, lua: RESERVE_SCRIPT });
    this.redis.defineCommand('budgetSettle', { numberOfKeys: 3, lua: SETTLE_SCRIPT });
    const settled = () => {
      this.firstAttempt = false;
    };
    this.redis.once('ready', settled);
    this.redis.once('error', settled);
    this.redis.once('close', settled);
    this.redis.once('end', settled);
  }

  async incrementHash(key: string, increments: Readonly<Record<string, number>>, ttlSeconds: number): Promise<void> {
    // One MULTI: the fields and the expiry land together in one round trip,
    // so a replica never leaves a counter without its TTL.
    await this.untilFirstConnection();
    const multi = this.redis.multi();
    const fields = Object.keys(increments);
    for (const field of fields) addIncrement(multi, key, field, increments[field]);
    // PEXPIRE rather than EXPIRE so fractional TTLs behave as in the embedded store.
    multi.pexpire(key, Math.max(0, Math.round(ttlSeconds * 1000)));
    const replies = (await multi.exec()) as Reply[] | null;
    if (!replies) throw new Error(`Redis transaction on '${key}' was aborted`);

    // Commands in a MULTI fail one by one: the others were applied. The one
    // expected failure is an integer increment (say a cost of 0) hitting a
    // field that already holds a fraction; redo just those as floats. This
    // second round trip happens only in that case.
    const retry: string[] = [];
    for (let i = 0; i < fields.length; i++) {
      const err = replies[i][0];
      if (!err) continue;
      if (!NOT_AN_INTEGER.test(err.message)) throw err;
      retry.push(fields[i]);
    }
    const expiryError = replies[fields.length][0];
    if (expiryError) throw expiryError;
    if (retry.length === 0) return;

    const again = this.redis.multi();
    for (const field of retry) again.hincrbyfloat(key, field, String(increments[field]));
    for (const [err] of ((await again.exec()) as Reply[] | null) ?? []) if (err) throw err;
  }

  async readHashes(keys: readonly string[]): Promise<Array<Record<string, number>>> {
    if (keys.length === 0) return [];
    await this.untilFirstConnection();
    const pipeline = this.redis.pipeline();
    for (const key of keys) pipeline.hgetall(key);
    const replies = (await pipeline.exec()) as Reply[] | null;
    if (!replies) throw new Error('Redis pipeline returned no replies');
    return replies.map(([err, hash]) => {
      if (err) throw err;
      return toNumbers(hash as Record<string, string>);
    });
  }

  async increment(key: string, by: number, ttlMs: number): Promise<number> {
    await this.untilFirstConnection();
    const replies = (await this.redis.multi().incrby(key, by).pexpire(key, Math.max(1, Math.round(ttlMs))).exec()) as Reply[] | null;
    if (!replies) throw new Error(`Redis transaction on '${key}' was aborted`);
    for (const [err] of replies) if (err) throw err;
    return Number(replies[0][1]);
  }

  async getMany(keys: readonly string[]): Promise<Array<string | undefined>> {
    if (keys.length === 0) return [];
    await this.untilFirstConnection();
    const values = await this.redis.mget(...keys);
    return values.map((value) => value ?? undefined);
  }

  async set(key: string, value: string, ttlMs: number, options: { ifAbsent?: boolean } = {}): Promise<boolean> {
    await this.untilFirstConnection();
    const px = Math.max(1, Math.round(ttlMs));
    const reply = options.ifAbsent ? await this.redis.set(key, value, 'PX', px, 'NX') : await this.redis.set(key, value, 'PX', px);
    return reply === 'OK';
  }

  async delete(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.untilFirstConnection();
    await this.redis.del(...keys);
  }

  async windowAdd(key: string, amount: number, limit: number, windowMs: number): Promise<WindowState> {
    await this.untilFirstConnection();
    const run = (this.redis as unknown as WindowCommand).windowAdd;
    const [allowed, total, retryAfterMs] = await run.call(this.redis, key, amount, Number.isFinite(limit) ? limit : -1, windowSeconds(windowMs));
    return { allowed: allowed === 1, total, retryAfterMs };
  }

  async reserve(key: string, id: string, amount: number, limit: number, leaseMs: number, ttlMs: number): Promise<ReserveState> {
    await this.untilFirstConnection();
    const run = (this.redis as unknown as BudgetCommands).budgetReserve;
    const ms = (value: number) => Math.max(1, Math.round(value));
    const [allowed, spent, reserved] = await run.call(this.redis, key, `${key}:held`, `${key}:leases`, id, toNanoUsd(amount), toNanoUsd(limit), ms(leaseMs), ms(ttlMs));
    return { allowed: allowed === 1, spent: Number(spent), reserved: reserved / 1e9 };
  }

  async settle(key: string, id: string, spent: number, ttlMs: number): Promise<void> {
    await this.untilFirstConnection();
    const run = (this.redis as unknown as BudgetCommands).budgetSettle;
    await run.call(this.redis, key, `${key}:held`, `${key}:leases`, id, String(spent), Math.max(1, Math.round(ttlMs)));
  }

  async ping(): Promise<void> {
    await this.untilFirstConnection();
    await this.redis.ping();
  }

  async close(): Promise<void> {
    await this.connections.close(this.redis);
  }

  /**
   * With no offline queue, a call made before the first connection is up
   * would fail even though Redis is fine, e.g. the first request after
   * start-up. So while that first attempt is in flight, calls wait for it,
   * bounded by the command timeout. Once it has settled either way, calls
   * never wait: when Redis is known to be down they fail at once.
   */
  private untilFirstConnection(): Promise<void> {
    if (!this.firstAttempt || this.redis.status === 'ready') return Promise.resolve();
    // One shared wait, not one listener set per call: a burst of requests at
    // start-up would otherwise pile up listeners on the client.
    this.firstConnection ??= new Promise<void>((resolve) => {
      const events = ['ready', 'error', 'close', 'end'] as const;
      const done = () => {
        clearTimeout(timer);
        for (const event of events) this.redis.off(event, done);
        this.firstAttempt = false;
        resolve();
      };
      const timer = setTimeout(done, this.commandTimeoutMs);
      for (const event of events) this.redis.once(event, done);
    });
    return this.firstConnection;
  }
}

type Chain = ReturnType<Redis['multi']>;

/** The script command defined in the constructor (ioredis adds it to the client at run time). */
interface WindowCommand {
  windowAdd(key: string, amount: number, limit: number, windowSeconds: number): Promise<[number, number, number]>;
}

/** The budget scripts (redis-reserve-scripts.ts), defined in the constructor. */
interface BudgetCommands {
  budgetReserve(key: string, held: string, leases: string, id: string, amountNano: number, limitNano: number, leaseMs: number, ttlMs: number): Promise<[number, string, number]>;
  budgetSettle(key: string, held: string, leases: string, id: string, spent: string, ttlMs: number): Promise<number>;
}

/** HINCRBY keeps integer counters exact; only fractions need HINCRBYFLOAT. */
function addIncrement(chain: Chain, key: string, field: string, value: number): void {
  // Outside the safe range String(value) may become '1e+21', which HINCRBY rejects.
  if (Number.isSafeInteger(value)) chain.hincrby(key, field, value);
  else chain.hincrbyfloat(key, field, String(value));
}

function toNumbers(hash: Record<string, string>): Record<string, number> {
  const result: Record<string, number> = {};
  for (const field of Object.keys(hash)) result[field] = Number(hash[field]);
  return result;
}
