/**
 * Reservations against spend limits, for the in-process store: what `reserve` and `settle`
 * do in redis-limit-script.ts, over Maps. Amounts are kept in whole nano-USD, so a
 * limit that covers exactly N reservations admits exactly N, whatever the float sums do.
 */

/** USD as whole nano-dollars (the 1e-9 resolution the store keeps money at). */
export function toNanoUsd(usd: number): number {
  return Math.round(usd * 1e9);
}

/** Whether a limit admits one more reservation: what settled plus what is held is still below it. */
export function limitAdmits(spentUsd: number, reservedNano: number, limitNano: number): boolean {
  return spentUsd * 1e9 + reservedNano < limitNano;
}

interface Held {
  nano: number;
  leaseEndsAt: number;
}

export class ReservationTable {
  private readonly byKey = new Map<string, Map<string, Held>>();

  /** The live reservations of `key` in nano-USD, after dropping those whose lease ran out. */
  reservedNano(key: string, now: number): number {
    const held = this.byKey.get(key);
    if (!held) return 0;
    let total = 0;
    for (const [id, entry] of held) {
      if (entry.leaseEndsAt <= now) held.delete(id);
      else total += entry.nano;
    }
    if (held.size === 0) this.byKey.delete(key);
    return total;
  }

  hold(key: string, id: string, nano: number, leaseEndsAt: number): void {
    let held = this.byKey.get(key);
    if (!held) {
      held = new Map();
      this.byKey.set(key, held);
    }
    held.set(id, { nano, leaseEndsAt });
  }

  release(key: string, id: string): void {
    const held = this.byKey.get(key);
    if (!held) return;
    held.delete(id);
    if (held.size === 0) this.byKey.delete(key);
  }

  delete(key: string): void {
    this.byKey.delete(key);
  }

  /** Drops every reservation whose lease ran out (the store's periodic sweep). */
  sweep(now: number): void {
    for (const key of [...this.byKey.keys()]) this.reservedNano(key, now);
  }

  clear(): void {
    this.byKey.clear();
  }
}
