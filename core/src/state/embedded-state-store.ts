import type { ReserveState, StateStore, WindowState } from '../contracts/state-store';
import { limitAdmits, ReservationTable, toNanoUsd } from './budget-reservations';
import { decideWindow, windowSeconds } from './sliding-window';

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
  private readonly windows = new Map<string, Map<number, number>>();
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
    const seconds = windowSeconds(windowMs);
    const now = this.now();
    const decided = decideWindow(this.windows.get(key) ?? new Map(), amount, limit, seconds, now);
    const buckets = new Map(decided.live);
    if (decided.allowed && amount > 0) {
      const second = Math.floor(now / 1000);
      buckets.set(second, (buckets.get(second) ?? 0) + amount);
    }
    if (buckets.size > 0) this.windows.set(key, buckets);
    else this.windows.delete(key);
    return { allowed: decided.allowed, total: decided.total, retryAfterMs: decided.retryAfterMs };
  }

  async reserve(key: string, id: string, amount: number, limit: number, leaseMs: number, ttlMs: number): Promise<ReserveState> {
    const now = this.now();
    const spent = this.live(key)?.fields.get('usd') ?? 0;
    const reserved = this.reservations.reservedNano(key, now);
    if (!limitAdmits(spent, reserved, toNanoUsd(limit))) return { allowed: false, spent, reserved: reserved / 1e9 };
    const nano = toNanoUsd(amount);
    // A reservation never outlives the key it is held against.
    if (nano > 0) this.reservations.hold(key, id, nano, now + Math.min(leaseMs, ttlMs));
    return { allowed: true, spent, reserved: (reserved + nano) / 1e9 };
  }

  async settle(key: string, id: string, spent: number, ttlMs: number): Promise<void> {
    this.reservations.release(key, id);
    if (spent !== 0) await this.incrementHash(key, { usd: spent }, ttlMs / 1000);
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
    for (const [key, buckets] of this.windows) if (Math.max(...buckets.keys()) < stale) this.windows.delete(key);
  }
}
