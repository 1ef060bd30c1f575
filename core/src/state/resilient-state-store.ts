import { EmbeddedStateStore } from './embedded-state-store';
import { isStoreUnavailable, stateStoreUnavailable } from './state-store-unavailable';
import type { LimitOutcome, LimitStep, ReserveState, StateStore, WindowState } from '../contracts/state-store';

/** How often a degraded store checks whether the shared store is back. */
const HEALTH_CHECK_MS = 1000;
/** Buffered counter updates kept while the shared store is away; beyond this the oldest keys are dropped (and logged). */
const MAX_BUFFERED_KEYS = 10_000;

interface Buffered {
  increments: Record<string, number>;
  ttlSeconds: number;
}

/**
 * Keeps a gateway serving through a shared-store (Redis) outage. While the shared
 * store answers, everything goes to it. When a call fails, the store turns
 * degraded: routing state (split positions, breakers) is served from a local
 * in-process store, so split and breaker work per replica; counter increments are
 * buffered, merged per key, and flushed once a background ping succeeds. Requests
 * never wait on a store known to be down.
 *
 * A counter update that timed out (rather than failing to send) may still reach
 * Redis when it recovers, so it is not buffered: buffering it too would count it twice.
 */
export class ResilientStateStore implements StateStore {
  readonly kind: StateStore['kind'];
  private readonly local = new EmbeddedStateStore();
  private readonly buffer = new Map<string, Buffered>();
  private degradedSince?: number;
  private healthTimer?: NodeJS.Timeout;
  private flushing?: Promise<void>;

  constructor(
    private readonly shared: StateStore,
    private readonly log: (event: 'degraded' | 'recovered' | 'dropped', detail: Record<string, unknown>) => void = () => {},
  ) {
    this.kind = shared.kind;
  }

  /** Whether routing state is currently per process because the shared store is unreachable. */
  get degraded(): boolean {
    return this.degradedSince !== undefined;
  }

  get bufferedKeys(): number {
    return this.buffer.size;
  }

  async incrementHash(key: string, increments: Readonly<Record<string, number>>, ttlSeconds: number): Promise<void> {
    if (this.degraded) return this.hold(key, increments, ttlSeconds);
    try {
      await this.shared.incrementHash(key, increments, ttlSeconds);
    } catch (error) {
      this.degrade(error);
      if (!isTimeout(error)) this.hold(key, increments, ttlSeconds);
    }
  }

  async readHashes(keys: readonly string[]): Promise<Array<Record<string, number>>> {
    // Reads report what the shared store holds; during an outage there is nothing trustworthy to report, and the caller hears so as a 503.
    try {
      return await this.shared.readHashes(keys);
    } catch (error) {
      throw isStoreUnavailable(error) ? stateStoreUnavailable(error) : error;
    }
  }

  /** Like a read: during an outage there is no shared figure to reserve against, and the caller decides (rate-limits goes on from its last one). */
  reserve(key: string, id: string, amount: number, limit: number, leaseMs: number, ttlMs: number): Promise<ReserveState> {
    return this.shared.reserve(key, id, amount, limit, leaseMs, ttlMs);
  }

  /** The spend is a counter and is buffered like one; the reservation cannot be, and lapses with its lease. */
  async settle(key: string, id: string, spent: number, ttlMs: number): Promise<void> {
    if (this.degraded) return spent === 0 ? undefined : this.hold(key, { usd: spent }, ttlMs / 1000);
    try {
      await this.shared.settle(key, id, spent, ttlMs);
    } catch (error) {
      this.degrade(error);
      if (!isTimeout(error) && spent !== 0) this.hold(key, { usd: spent }, ttlMs / 1000);
    }
  }

  /**
   * While the shared store answers, all steps go to it. During an outage a batch with a
   * reservation is refused (as reserve is: the caller decides budgets from what it last
   * read); one of windows and settlements goes on as windowAdd and settle would, the
   * windows per replica and the spends buffered.
   */
  async applyLimits(steps: readonly LimitStep[]): Promise<LimitOutcome> {
    let timedOut = false;
    if (!this.degraded) {
      try {
        return await this.shared.applyLimits(steps);
      } catch (error) {
        this.degrade(error);
        if (steps.some((step) => step.kind === 'reserve')) throw error;
        timedOut = isTimeout(error);
      }
    } else if (steps.some((step) => step.kind === 'reserve')) {
      throw new Error('the shared state store is unavailable (outage in progress)');
    }
    const outcome = await this.local.applyLimits(steps.filter((step) => step.kind === 'window'));
    const results: LimitOutcome['results'] = [];
    let window = 0;
    for (const step of steps) {
      if (step.kind === 'window') {
        results.push(outcome.results[window++]);
        continue;
      }
      // A settlement that timed out may still land when Redis answers: buffering it too would count it twice.
      if (step.kind === 'settle' && step.spent !== 0 && !timedOut) this.hold(step.key, { usd: step.spent }, step.ttlMs / 1000);
      results.push({ allowed: true });
    }
    return { allowed: outcome.allowed, results, applied: steps.map((step) => step.kind !== 'window' || outcome.allowed) };
  }

  increment(key: string, by: number, ttlMs: number): Promise<number> {
    return this.routed((store) => store.increment(key, by, ttlMs));
  }

  getMany(keys: readonly string[]): Promise<Array<string | undefined>> {
    return this.routed((store) => store.getMany(keys));
  }

  set(key: string, value: string, ttlMs: number, options?: { ifAbsent?: boolean }): Promise<boolean> {
    return this.routed((store) => store.set(key, value, ttlMs, options));
  }

  delete(keys: readonly string[]): Promise<void> {
    return this.routed((store) => store.delete(keys));
  }

  /**
   * During an outage each replica counts its own window: a limit then holds per replica
   * (N replicas may admit up to N times it) until the shared store returns, never unbounded.
   */
  windowAdd(key: string, amount: number, limit: number, windowMs: number): Promise<WindowState> {
    return this.routed((store) => store.windowAdd(key, amount, limit, windowMs));
  }

  ping(): Promise<void> {
    return this.shared.ping();
  }

  async close(): Promise<void> {
    clearInterval(this.healthTimer);
    await this.flushing?.catch(() => undefined);
    await Promise.all([this.shared.close(), this.local.close()]);
  }

  private async routed<T>(call: (store: StateStore) => Promise<T>): Promise<T> {
    if (this.degraded) return call(this.local);
    try {
      return await call(this.shared);
    } catch (error) {
      this.degrade(error);
      return call(this.local);
    }
  }

  private hold(key: string, increments: Readonly<Record<string, number>>, ttlSeconds: number): void {
    let held = this.buffer.get(key);
    if (!held) {
      if (this.buffer.size >= MAX_BUFFERED_KEYS) {
        const oldest = this.buffer.keys().next().value as string;
        this.buffer.delete(oldest);
        this.log('dropped', { key: oldest });
      }
      held = { increments: {}, ttlSeconds };
      this.buffer.set(key, held);
    }
    for (const field in increments) held.increments[field] = (held.increments[field] ?? 0) + increments[field];
    held.ttlSeconds = ttlSeconds;
  }

  private degrade(error: unknown): void {
    if (this.degraded) return;
    this.degradedSince = Date.now();
    this.log('degraded', { err: (error as Error)?.message });
    this.healthTimer = setInterval(() => void this.checkHealth(), HEALTH_CHECK_MS);
    this.healthTimer.unref();
  }

  private async checkHealth(): Promise<void> {
    if (this.flushing) return;
    this.flushing = (async () => {
      try {
        await this.shared.ping();
        // Increments keep arriving (buffered) while a flush awaits Redis: drain until a pass finds nothing new.
        while (this.buffer.size > 0) await this.flush();
        // No await between the empty check and this: nothing can be buffered in between and then stranded.
        clearInterval(this.healthTimer);
        this.log('recovered', { degradedMs: Date.now() - (this.degradedSince ?? Date.now()) });
        this.degradedSince = undefined;
      } catch {
        // Still away (or the flush failed half way: what is left stays buffered); the next tick tries again.
      } finally {
        this.flushing = undefined;
      }
    })();
    await this.flushing;
  }

  /**
   * Sends buffered counters. A key leaves the buffer before its send, so increments arriving
   * while the send awaits Redis start a new entry rather than merging into one the send has
   * already written; a send that fails puts its increments back (but not on a timeout, which
   * may have landed, as on the request path).
   */
  private async flush(): Promise<void> {
    for (const [key, held] of [...this.buffer]) {
      this.buffer.delete(key);
      try {
        await this.shared.incrementHash(key, held.increments, held.ttlSeconds);
      } catch (error) {
        if (!isTimeout(error)) this.hold(key, held.increments, held.ttlSeconds);
        throw error;
      }
    }
  }
}

function isTimeout(error: unknown): boolean {
  return /timed out/i.test((error as Error)?.message ?? '');
}
