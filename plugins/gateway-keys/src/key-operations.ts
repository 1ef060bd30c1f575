import { GatewayError } from '@model-gateway/core';
import type { AdminExtension } from '@model-gateway/admin-api';
import type { StoreSnapshot } from '@model-gateway/admin-store';
import { KEY_COLLECTION, type KeyRecord } from './key-record';
import { keyHash, newKey, newKeyId } from './key-material';
import { parseKeyInput } from './key-input';
import { keyView, type KeyView } from './key-view';
import type { KeyTable } from './key-table';
import type { LastUsed } from './last-used';

export interface KeyOperationsDeps {
  admin: AdminExtension;
  /** The keys of the snapshot this replica applied last. */
  table: KeyTable;
  lastUsed: LastUsed;
  endpointExists: (name: string) => boolean;
  now?: () => number;
}

/**
 * Creating, listing and revoking gateway keys: records in the admin store, committed
 * like connections and endpoints (validated against the latest snapshot, retried on a
 * conflict with another replica, 503 when the store is away).
 */
export class KeyOperations {
  private readonly now: () => number;

  constructor(private readonly deps: KeyOperationsDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** Answers the key itself, once: only its hash is stored. */
  create(body: unknown): Promise<KeyView & { key: string }> {
    return this.deps.admin.mutate(async (snapshot) => {
      const now = this.now();
      const input = parseKeyInput(body, this.deps.endpointExists, now);
      for (const record of KEY_COLLECTION.all(snapshot).values()) {
        if (record.revoked_at === null && record.name === input.name) {
          throw new GatewayError('resource_conflict', `A key named "${input.name}" already exists (${record.id}); names of keys not revoked are unique.`, { param: 'name' });
        }
      }
      const key = newKey();
      const record: KeyRecord = {
        id: uniqueId(snapshot),
        name: input.name,
        hash: keyHash(key),
        last4: key.slice(-4),
        endpoints: input.endpoints === '*' ? '*' : [...new Set(input.endpoints)],
        expires_at: input.expires_at ? new Date(input.expires_at).toISOString() : null,
        rpm: input.rpm ?? null,
        tpm: input.tpm ?? null,
        budget_usd: input.budget_usd ?? null,
        budget_period: input.budget_period,
        created_at: new Date(now).toISOString(),
        revoked_at: null,
      };
      return { commit: { ops: [KEY_COLLECTION.put(record)] }, result: () => ({ ...keyView(record, undefined, now), key }) };
    });
  }

  async list(): Promise<KeyView[]> {
    const records = this.deps.table.all().map((entry) => entry.record).sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
    const used = await this.deps.lastUsed.read(records.map((r) => r.id));
    const now = this.now();
    return records.map((record, i) => keyView(record, used[i], now));
  }

  async get(id: string): Promise<KeyView> {
    const record = this.deps.table.get(id)?.record;
    if (!record) throw notFound(id);
    const [used] = await this.deps.lastUsed.read([id]);
    return keyView(record, used, this.now());
  }

  /** Revokes at once on this replica, and on the others as they apply the commit; the record stays, marked. Revoking twice changes nothing. */
  revoke(id: string): Promise<void> {
    return this.deps.admin.mutate(async (snapshot) => {
      const record = KEY_COLLECTION.get(snapshot, id);
      if (!record) throw notFound(id);
      if (record.revoked_at !== null) return { commit: { ops: [] }, result: () => undefined };
      const revoked: KeyRecord = { ...record, revoked_at: new Date(this.now()).toISOString() };
      return { commit: { ops: [KEY_COLLECTION.put(revoked)] }, result: () => undefined };
    });
  }
}

function uniqueId(snapshot: StoreSnapshot): string {
  for (;;) {
    const id = newKeyId();
    if (!KEY_COLLECTION.get(snapshot, id)) return id;
  }
}

function notFound(id: string): GatewayError {
  return new GatewayError('resource_not_found', `No key has the id "${id.slice(0, 40)}".`);
}
