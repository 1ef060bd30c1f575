import type { Principal } from '@model-gateway/core';
import type { LimitsPolicy } from '@model-gateway/rate-limits';
import type { StoreSnapshot } from '@model-gateway/admin-store';
import { KEY_COLLECTION, type KeyRecord } from './key-record';

/** A stored key as the data plane checks it: everything precomputed, so a check is one Map read and a few comparisons. */
export interface KeyEntry {
  readonly record: KeyRecord;
  readonly principal: Principal;
  /** The key's own limits (set on its calls as PRINCIPAL_LIMITS); undefined when it has none. */
  readonly limits: LimitsPolicy | undefined;
  /** Epoch ms; Infinity when the key does not expire. */
  readonly expiresAt: number;
  readonly revoked: boolean;
  /** Undefined: every endpoint. */
  readonly scope: ReadonlySet<string> | undefined;
}

/**
 * The gateway keys of the admin store's latest snapshot, by hash. Rebuilt whole on every
 * snapshot this replica applies whose keys changed (its own commits, and other replicas'
 * within the store's replication delay), so a revocation is seen by the next request after
 * it arrives.
 */
export class KeyTable {
  private byHash = new Map<string, KeyEntry>();
  private byId = new Map<string, KeyEntry>();
  /** False until a snapshot of the store was read: a shared store unreachable since start. */
  private read = false;
  /** The collection's map last built from: a commit that changed other collections leaves it the same object. */
  private built?: ReadonlyMap<string, KeyRecord>;

  load(snapshot: StoreSnapshot): void {
    this.read = snapshot.version >= 0;
    const records = KEY_COLLECTION.all(snapshot);
    if (records === this.built) return;
    this.built = records;
    const byHash = new Map<string, KeyEntry>();
    const byId = new Map<string, KeyEntry>();
    for (const record of records.values()) {
      const entry = toEntry(record);
      byHash.set(record.hash, entry);
      byId.set(record.id, entry);
    }
    this.byHash = byHash;
    this.byId = byId;
  }

  get isRead(): boolean {
    return this.read;
  }

  byKeyHash(hash: string): KeyEntry | undefined {
    return this.byHash.get(hash);
  }

  get(id: string): KeyEntry | undefined {
    return this.byId.get(id);
  }

  all(): KeyEntry[] {
    return [...this.byId.values()];
  }
}

function toEntry(record: KeyRecord): KeyEntry {
  const limited = record.rpm !== null || record.tpm !== null || record.budget_usd !== null;
  const principal: Principal = { id: record.id, name: record.name };
  const limits: LimitsPolicy | undefined = limited
    ? { rpm: record.rpm ?? undefined, tpm: record.tpm ?? undefined, budgetUsd: record.budget_usd ?? undefined, budgetPeriod: record.budget_period }
    : undefined;
  return {
    record,
    principal,
    limits,
    expiresAt: expiry(record.expires_at),
    revoked: record.revoked_at !== null,
    scope: record.endpoints === '*' ? undefined : new Set(record.endpoints),
  };
}

/** A stored expiry that does not parse (an edited store) counts as past: a key is never let in for want of a date. */
function expiry(text: string | null): number {
  if (text === null) return Infinity;
  const at = Date.parse(text);
  return Number.isNaN(at) ? 0 : at;
}
