import type { StateStore } from '@model-gateway/core';

/** How often one replica writes a key's last use: the view is right to within this. */
export const LAST_USED_WRITE_MS = 60_000;
/** A year and a month: a key unused for longer shows as never used. */
const LAST_USED_TTL_MS = 400 * 86_400_000;

/**
 * When each key was last used, in the state store (shared by replicas with Redis). Each
 * replica writes a key's time at most once a minute, in the background: a check costs a
 * Map read, and a store outage costs nothing but the write.
 */
export class LastUsed {
  private readonly written = new Map<string, number>();

  constructor(private readonly store: StateStore) {}

  touch(id: string, now: number): void {
    const last = this.written.get(id);
    if (last !== undefined && now - last < LAST_USED_WRITE_MS) return;
    this.written.set(id, now);
    this.store.set(storeKey(id), new Date(now).toISOString(), LAST_USED_TTL_MS).catch(() => this.written.delete(id));
  }

  /** By id; undefined where never used (or unreadable: the store is away). */
  async read(ids: readonly string[]): Promise<Array<string | undefined>> {
    if (ids.length === 0) return [];
    try {
      return await this.store.getMany(ids.map(storeKey));
    } catch {
      return ids.map(() => undefined);
    }
  }
}

function storeKey(id: string): string {
  return `keys:last-used:${id}`;
}
