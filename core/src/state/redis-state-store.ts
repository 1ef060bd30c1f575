import type { LimitOutcome, LimitStep, ReserveState, StateStore, WindowState } from '../contracts/state-store';
import { toNanoUsd } from './budget-reservations';
import { RedisConnections, type RedisClient } from './redis-connections';
import type { RedisTopology } from './redis-topology';
import { INCREMENT_HASH_SCRIPT } from './redis-increment-script';
import { APPLY_LIMITS_SCRIPT } from './redis-limit-script';
import { windowSeconds } from './sliding-window';

export interface RedisStateStoreOptions {
  /** Prepended to every key, so several gateways (or tests) can share one Redis. */
  keyPrefix?: string;
  /** How long one command may wait for its reply before it is rejected. */
  commandTimeoutMs?: number;
}

const DEFAULT_COMMAND_TIMEOUT_MS = 500;
/** How long calls made while a Cluster client first connects wait for it (a loaded host may need more than one command timeout). */
const CLUSTER_FIRST_CONNECT_MS = 3000;

type Reply = [Error | null, unknown];

/**
 * State shared by all replicas through Redis (one node, a Cluster or a Sentinel-managed
 * primary). Every option here serves one rule: a gateway must never hang on Redis. A call
 * either gets its answer within `commandTimeoutMs` (on a Cluster, within twice that, its
 * redirections included) or rejects, and the caller decides what a missing counter means;
 * meanwhile the client keeps reconnecting in the background.
 *
 * Keys on a Cluster: each key the callers name is its own hash tag (`<prefix>{key}`), so
 * keys spread over the slots, and the keys one script touches together (a budget's
 * `{key}:held` and `{key}:leases`) share their key's slot. Calls over several keys
 * (readHashes, getMany, delete) go key by key there. On one node and on Sentinel the
 * names stay as they always were (`<prefix>key`).
 */
export class RedisStateStore implements StateStore {
  readonly kind = 'redis' as const;
  private readonly redis: RedisClient;
  private readonly commandTimeoutMs: number;
  /** True until the first connection attempt settles; see untilFirstConnection. */
  private firstAttempt = true;
  private firstConnection?: Promise<void>;

  private readonly connections: RedisConnections;
  /** On a Cluster keys are tagged, multi-key calls are split and each call has an overall deadline. */
  private readonly clustered: boolean;

  /** `source`: the gateway's connection factory, or a URL or topology (tests, tools) for a factory of this store's own. */
  constructor(source: RedisConnections | RedisTopology | string, options: RedisStateStoreOptions = {}, onError: (err: Error) => void = () => {}) {
    this.commandTimeoutMs = options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS;
    // A URL gets a factory of its own, whose errors go to onError as before.
    this.connections = source instanceof RedisConnections ? source : new RedisConnections(typeof source === 'string' ? { url: source, keyPrefix: '' } : { topology: source, keyPrefix: '' }, (_event, detail) => onError(new Error(detail.err)));
    this.redis = this.connections.commands('state store', { keyPrefix: options.keyPrefix ?? '', commandTimeoutMs: this.commandTimeoutMs });
    this.clustered = this.connections.clustered;
    // No fixed number of keys: a step takes one (a window) or three (a budget).
    this.redis.defineCommand('applyLimits', { lua: APPLY_LIMITS_SCRIPT });
    this.redis.defineCommand('incrementHash', { numberOfKeys: 1, lua: INCREMENT_HASH_SCRIPT });
    const settled = () => {
      this.firstAttempt = false;
    };
    for (const event of this.firstAttemptEnds()) this.redis.once(event, settled);
  }

  /**
   * The events that settle the first connection attempt. A Cluster's first connect takes several
   * steps (a seed, its slot map, each primary) and reports a failing seed or node as an 'error'
   * on the way; only 'ready' or giving up ('end') settle it.
   */
  private firstAttemptEnds(): ReadonlyArray<'ready' | 'error' | 'close' | 'end'> {
    return this.clustered ? ['ready', 'end'] : ['ready', 'error', 'close', 'end'];
  }

  async incrementHash(key: string, increments: Readonly<Record<string, number>>, ttlSeconds: number): Promise<void> {
    // One script: the fields and the expiry land together, so a replica never leaves a counter
    // without its TTL, and it is one command where a MULTI of one per field cost the gateway
    // about three times the CPU (docs/performance.md).
    await this.untilFirstConnection();
    const args: string[] = [String(Math.max(0, Math.round(ttlSeconds * 1000)))];
    for (const field in increments) args.push(field, incrementText(increments[field]));
    await this.bounded((this.redis as unknown as IncrementCommand).incrementHash(this.key(key), ...args));
  }

  async readHashes(keys: readonly string[]): Promise<Array<Record<string, number>>> {
    if (keys.length === 0) return [];
    await this.untilFirstConnection();
    // A Cluster pipeline must stay on one node: there each key is read on its own, all at once.
    if (this.clustered) return this.bounded(Promise.all(keys.map(async (key) => toNumbers(await this.redis.hgetall(this.key(key))))));
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
    key = this.key(key);
    const replies = (await this.bounded(this.redis.multi().incrby(key, by).pexpire(key, Math.max(1, Math.round(ttlMs))).exec())) as Reply[] | null;
    if (!replies) throw new Error(`Redis transaction on '${key}' was aborted`);
    for (const [err] of replies) if (err) throw err;
    return Number(replies[0][1]);
  }

  async getMany(keys: readonly string[]): Promise<Array<string | undefined>> {
    if (keys.length === 0) return [];
    await this.untilFirstConnection();
    // MGET over keys of different slots is a CROSSSLOT error on a Cluster.
    const values = this.clustered ? await this.bounded(Promise.all(keys.map((key) => this.redis.get(this.key(key))))) : await this.redis.mget(...keys);
    return values.map((value) => value ?? undefined);
  }

  async set(key: string, value: string, ttlMs: number, options: { ifAbsent?: boolean } = {}): Promise<boolean> {
    await this.untilFirstConnection();
    key = this.key(key);
    const px = Math.max(1, Math.round(ttlMs));
    const reply = await this.bounded(options.ifAbsent ? this.redis.set(key, value, 'PX', px, 'NX') : this.redis.set(key, value, 'PX', px));
    return reply === 'OK';
  }

  async delete(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.untilFirstConnection();
    if (this.clustered) await this.bounded(Promise.all(keys.map((key) => this.redis.del(this.key(key)))));
    else await this.redis.del(...keys);
  }

  async windowAdd(key: string, amount: number, limit: number, windowMs: number): Promise<WindowState> {
    return (await this.applyLimits([{ kind: 'window', key, amount, limit, windowMs }])).results[0] as WindowState;
  }

  async reserve(key: string, id: string, amount: number, limit: number, leaseMs: number, ttlMs: number): Promise<ReserveState> {
    return (await this.applyLimits([{ kind: 'reserve', key, id, amount, limit, leaseMs, ttlMs }])).results[0] as ReserveState;
  }

  async settle(key: string, id: string, spent: number, ttlMs: number): Promise<void> {
    await this.applyLimits([{ kind: 'settle', key, id, spent, ttlMs }]);
  }

  /** One script for all the steps; on a Cluster, whose keys live on several nodes, one per step, all sent at once. */
  async applyLimits(steps: readonly LimitStep[]): Promise<LimitOutcome> {
    if (steps.length === 0) return { allowed: true, results: [], applied: [] };
    await this.untilFirstConnection();
    if (!this.clustered || steps.length === 1) {
      const outcome = await this.bounded(this.runLimitScript(steps));
      return { ...outcome, applied: steps.map(() => outcome.allowed) };
    }
    const each = await this.bounded(Promise.all(steps.map((step) => this.runLimitScript([step]))));
    return { allowed: each.every((one) => one.allowed), results: each.map((one) => one.results[0]), applied: each.map((one) => one.allowed) };
  }

  private async runLimitScript(steps: readonly LimitStep[]): Promise<Omit<LimitOutcome, 'applied'>> {
    const keys: string[] = [];
    const args: Array<string | number> = [];
    const ms = (value: number) => Math.max(1, Math.round(value));
    for (const step of steps) {
      const key = this.key(step.key);
      if (step.kind === 'window') {
        keys.push(key);
        args.push('w', step.amount, Number.isFinite(step.limit) ? step.limit : -1, windowSeconds(step.windowMs), 0, 0);
      } else {
        keys.push(key, `${key}:held`, `${key}:leases`);
        if (step.kind === 'reserve') args.push('r', step.id, toNanoUsd(step.amount), toNanoUsd(step.limit), ms(step.leaseMs), ms(step.ttlMs));
        else args.push('s', step.id, String(step.spent), ms(step.ttlMs), 0, 0);
      }
    }
    const reply = await (this.redis as unknown as LimitCommand).applyLimits(keys.length, ...keys, ...args);
    const results: LimitOutcome['results'] = steps.map((step, i) => {
      const [allowed, a, b] = [reply[1 + i * 3] === 1, reply[2 + i * 3], reply[3 + i * 3]];
      if (step.kind === 'window') return { allowed, total: Number(a), retryAfterMs: Number(b) };
      if (step.kind === 'reserve') return { allowed, spent: Number(a), reserved: Number(b) / 1e9 };
      return { allowed: true };
    });
    return { allowed: reply[0] === 1, results };
  }

  async ping(): Promise<void> {
    await this.untilFirstConnection();
    if (!this.clustered) {
      await this.redis.ping();
      return;
    }
    // Any node answers PING while the cluster refuses keys (a primary down, not yet replaced): ask for its state instead.
    const info = String(await this.bounded(this.redis.cluster('INFO')));
    if (!/cluster_state:ok/.test(info)) throw new Error('CLUSTERDOWN the Redis Cluster reports cluster_state:fail (a primary is down and not yet replaced)');
  }

  async close(): Promise<void> {
    await this.connections.close(this.redis);
  }

  /** The name of `key` in Redis (the prefix is added by the client): its own hash tag on a Cluster. */
  private key(key: string): string {
    return this.clustered ? this.connections.hashTag(key) : key;
  }

  /**
   * On a Cluster a command may follow redirections and wait out a failover between them,
   * each try bounded by the command timeout but not their sum: the call gives up after
   * twice the timeout (its reply may still land, as after any timeout). One node needs
   * nothing more than the command timeout.
   */
  private bounded<T>(promise: Promise<T>): Promise<T> {
    if (!this.clustered) return promise;
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`Redis Cluster command timed out after ${this.commandTimeoutMs * 2} ms (redirections included)`)), this.commandTimeoutMs * 2);
    });
    promise.catch(() => undefined);
    return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
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
      const events = this.firstAttemptEnds();
      const done = () => {
        clearTimeout(timer);
        for (const event of events) this.redis.off(event, done);
        this.firstAttempt = false;
        resolve();
      };
      const timer = setTimeout(done, this.clustered ? Math.max(this.commandTimeoutMs, CLUSTER_FIRST_CONNECT_MS) : this.commandTimeoutMs);
      for (const event of events) this.redis.once(event, done);
    });
    return this.firstConnection;
  }
}

/** The increment script (redis-increment-script.ts), defined in the constructor. */
interface IncrementCommand {
  incrementHash(key: string, ...ttlMsThenFieldsAndValues: string[]): Promise<number>;
}

/** The limits script (redis-limit-script.ts), defined in the constructor (ioredis adds it to the client at run time). */
interface LimitCommand {
  applyLimits(numberOfKeys: number, ...keysThenArgs: Array<string | number>): Promise<Array<number | string>>;
}

/**
 * An increment as the script reads it: a safe integer as digits (HINCRBY keeps it exact),
 * anything else in a form with a point or an exponent (HINCRBYFLOAT). Outside the safe range
 * String(value) may already be '1e+21', which is a float's form.
 */
function incrementText(value: number): string {
  const text = String(value);
  return Number.isSafeInteger(value) || /[.e]/i.test(text) ? text : `${text}.0`;
}

function toNumbers(hash: Record<string, string>): Record<string, number> {
  const result: Record<string, number> = {};
  for (const field of Object.keys(hash)) result[field] = Number(hash[field]);
  return result;
}
