import type { LimitOutcome, LimitStep, ReserveState, StateStore, WindowState } from '../contracts/state-store';
import { limitAdmits, ReservationTable, toNanoUsd } from './budget-reservations';
import { WindowCounter, windowSeconds } from './sliding-window';

interface Entry {
  fields: Map<string, number>;
  expiresAt: number;
}

interface Value {
  value: string;
  expiresAt: number;
}

/** The single-process default: a Map with lazy expiry and a periodic sweep. */
export class EmbeddedStateStore implements StateStore {
  readonly kind = 'embedded' as const;
  private readonly entries = new Map<string, Entry>();
  private readonly values = new Map<string, Value>();
  private readonly windows = new Map<string, WindowCounter>();
  private readonly reservations = new ReservationTable();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now, sweepIntervalMs = 60_000) {
    this.sweeper = setInterval(() => this.sweep(), sweepIntervalMs);
    this.sweeper.unref();
  }

  async incrementHash(key: string, increments: Readonly<Record<string, number>>, ttlSeconds: number): Promise<void> {
    let entry = this.live(key);
    if (!entry) {
      entry = { fields: new Map(), expiresAt: 0 };
      this.entries.set(key, entry);
    }
    for (const field in increments) entry.fields.set(field, (entry.fields.get(field) ?? 0) + increments[field]);
    entry.expiresAt = this.now() + ttlSeconds * 1000;
  }

  async readHashes(keys: readonly string[]): Promise<Array<Record<string, number>>> {
    return keys.map((key) => Object.fromEntries(this.live(key)?.fields ?? []));
  }

  async increment(key: string, by: number, ttlMs: number): Promise<number> {
    const next = Number(this.liveValue(key)?.value ?? 0) + by;
    this.values.set(key, { value: String(next), expiresAt: this.now() + ttlMs });
    return next;
  }

  async getMany(keys: readonly string[]): Promise<Array<string | undefined>> {
    return keys.map((key) => this.liveValue(key)?.value);
  }

  async set(key: string, value: string, ttlMs: number, options: { ifAbsent?: boolean } = {}): Promise<boolean> {
    if (options.ifAbsent && this.liveValue(key)) return false;
    this.values.set(key, { value, expiresAt: this.now() + ttlMs });
    return true;
  }

  async delete(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      this.values.delete(key);
      this.entries.delete(key);
      this.windows.delete(key);
      this.reservations.delete(key);
    }
  }

  async windowAdd(key: string, amount: number, limit: number, windowMs: number): Promise<WindowState> {
    return this.applySteps([{ kind: 'window', key, amount, limit, windowMs }]).results[0] as WindowState;
  }

  async reserve(key: string, id: string, amount: number, limit: number, leaseMs: number, ttlMs: number): Promise<ReserveState> {
    return this.applySteps([{ kind: 'reserve', key, id, amount, limit, leaseMs, ttlMs }]).results[0] as ReserveState;
  }

  async settle(key: string, id: string, spent: number, ttlMs: number): Promise<void> {
    this.applySteps([{ kind: 'settle', key, id, spent, ttlMs }]);
  }

  async applyLimits(steps: readonly LimitStep[]): Promise<LimitOutcome> {
    return this.applySteps(steps);
  }

  /** Every step checked, then all applied or none: synchronous, so nothing interleaves. */
  private applySteps(steps: readonly LimitStep[]): LimitOutcome {
    const now = this.now();
    const results: LimitOutcome['results'] = [];
    let allowed = true;
    for (const step of steps) {
      const result = this.check(step, now);
      allowed &&= result.allowed;
      results.push(result);
    }
    if (allowed) for (const step of steps) this.apply(step, now);
    return { allowed, results, applied: steps.map(() => allowed) };
  }

  private check(step: LimitStep, now: number): LimitOutcome['results'][number] {
    switch (step.kind) {
      case 'window':
        return this.windows.get(step.key)?.decide(step.amount, step.limit, windowSeconds(step.windowMs), now) ?? new WindowCounter().decide(step.amount, step.limit, windowSeconds(step.windowMs), now);
      case 'reserve': {
        const spent = this.live(step.key)?.fields.get('usd') ?? 0;
        const reserved = this.reservations.reservedNano(step.key, now);
        if (!limitAdmits(spent, reserved, toNanoUsd(step.limit))) return { allowed: false, spent, reserved: reserved / 1e9 };
        return { allowed: true, spent, reserved: (reserved + toNanoUsd(step.amount)) / 1e9 };
      }
      case 'settle':
        return { allowed: true };
    }
  }

  private apply(step: LimitStep, now: number): void {
    switch (step.kind) {
      case 'window': {
        if (step.amount <= 0) return;
        let window = this.windows.get(step.key);
        if (!window) this.windows.set(step.key, (window = new WindowCounter()));
        window.add(step.amount, now);
        return;
      }
      case 'reserve': {
        const nano = toNanoUsd(step.amount);
        // A reservation never outlives the key it is held against.
        if (nano > 0) this.reservations.hold(step.key, step.id, nano, now + Math.min(step.leaseMs, step.ttlMs));
        return;
      }
      case 'settle':
        this.reservations.release(step.key, step.id);
        if (step.spent !== 0) void this.incrementHash(step.key, { usd: step.spent }, step.ttlMs / 1000);
    }
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.entries.clear();
    this.values.clear();
    this.windows.clear();
    this.reservations.clear();
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private liveValue(key: string): Value | undefined {
    const value = this.values.get(key);
    if (value && value.expiresAt <= this.now()) {
      this.values.delete(key);
      return undefined;
    }
    return value;
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
    for (const [key, value] of this.values) if (value.expiresAt <= now) this.values.delete(key);
    this.reservations.sweep(now);
    // A window whose newest bucket is older than any window in use (an hour) holds nothing that counts.
    const stale = Math.floor(now / 1000) - 3600;
    for (const [key, window] of this.windows) if (window.newest() < stale) this.windows.delete(key);
  }
}
