import type { StateStore } from './state-store';

interface Entry {
  fields: Map<string, number>;
  expiresAt: number;
}

/** The single-process default: a Map with lazy expiry and a periodic sweep. */
export class EmbeddedStateStore implements StateStore {
  readonly kind = 'embedded' as const;
  private readonly entries = new Map<string, Entry>();
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

  async ping(): Promise<void> {}

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.entries.clear();
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }
}
