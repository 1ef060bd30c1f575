/**
 * What the store holds: records in namespaced collections (admin-api's connections and
 * endpoints, and whatever other plugins register, such as gateway keys), and the
 * description of the key that protects the connections' credentials. Plain JSON, the
 * same in the embedded file and in Redis.
 */

/** One credential under envelope encryption (crypto/envelope.ts). */
export interface SealedSecret {
  /** The version of the key-encryption key that wrapped `key`. */
  kek: number;
  /** The per-secret data key, wrapped by the KEK: base64 of nonce (12) | ciphertext (32) | tag (16). */
  key: string;
  /** The credential, encrypted with the data key: base64 of nonce (12) | ciphertext | tag (16). */
  data: string;
}

/** How the key-encryption key is made from GATEWAY_SECRETS_KEY, and which key it is. */
export interface KekMeta {
  /** Goes up by one on each rotation. */
  version: number;
  /** A fingerprint of the KEK (HMAC-SHA256 under the KEK, 16 hex digits): tells a wrong key from a damaged record. */
  id: string;
  kdf: { name: 'raw' } | { name: 'scrypt'; salt: string; N: number; r: number; p: number };
}

export interface ConnectionRecord {
  name: string;
  type: string;
  /** Every field of the connection's body except its credentials, as the API accepted it. */
  fields: Record<string, unknown>;
  /** Credential fields (api_key and the type's secret options), sealed. */
  secrets: Record<string, SealedSecret>;
  created_at: string;
  updated_at: string;
}

export interface EndpointRecord {
  name: string;
  /** The endpoint's body as the API accepted it (the YAML's fields). */
  body: Record<string, unknown>;
  created_at: string;
  updated_at: string;
}

/** A record of any collection: a JSON object whose schema the owning plugin declares (collection.ts). */
export type StoredRecord = Record<string, unknown>;

/** admin-api's two collections, named here because the store's snapshot still offers them as `connections` and `endpoints`. */
export const CONNECTIONS_COLLECTION = 'admin-api/connections';
export const ENDPOINTS_COLLECTION = 'admin-api/endpoints';

/** The whole store at one version. */
export interface StoreSnapshot {
  /** Goes up by one on every commit; -1 when the store has not been read yet (a shared store that was unreachable at start). */
  version: number;
  kek: KekMeta | null;
  /**
   * Every collection's records by id, by collection name. The embedded store also holds
   * collections no loaded plugin registered (kept as read, and written back unchanged).
   */
  records: ReadonlyMap<string, ReadonlyMap<string, StoredRecord>>;
  /** The records of admin-api/connections, by name (what admin-api read before collections). */
  connections: ReadonlyMap<string, ConnectionRecord>;
  /** The records of admin-api/endpoints, by name. */
  endpoints: ReadonlyMap<string, EndpointRecord>;
}

/**
 * One change to one record. `put` files `record` under `id` (which equals the record's id
 * field); the four admin-api forms are the same changes to its two collections, kept so
 * admin-api's callers need not change with the store.
 */
export type StoreOp =
  | { op: 'put'; collection: string; id: string; record: StoredRecord }
  | { op: 'delete'; collection: string; id: string }
  | { op: 'put-connection'; record: ConnectionRecord }
  | { op: 'delete-connection'; name: string }
  | { op: 'put-endpoint'; record: EndpointRecord }
  | { op: 'delete-endpoint'; name: string };

/** An operation in its one general form: `record` undefined means a delete. */
export interface RecordChange {
  collection: string;
  id: string;
  record?: StoredRecord;
}

/** One atomic change: applied whole, or not at all. */
export interface StoreCommit {
  /** The version the change was validated against; a store at another version refuses it (StoreConflictError). */
  baseVersion: number;
  /** Sets the KEK description (first secret written, or a rotation). */
  kek?: KekMeta;
  ops: StoreOp[];
}

export function recordChange(op: StoreOp): RecordChange {
  switch (op.op) {
    case 'put':
      return { collection: op.collection, id: op.id, record: op.record };
    case 'delete':
      return { collection: op.collection, id: op.id };
    case 'put-connection':
      return { collection: CONNECTIONS_COLLECTION, id: op.record.name, record: op.record as unknown as StoredRecord };
    case 'delete-connection':
      return { collection: CONNECTIONS_COLLECTION, id: op.name };
    case 'put-endpoint':
      return { collection: ENDPOINTS_COLLECTION, id: op.record.name, record: op.record as unknown as StoredRecord };
    case 'delete-endpoint':
      return { collection: ENDPOINTS_COLLECTION, id: op.name };
  }
}

const NONE: ReadonlyMap<string, never> = new Map<string, never>();

/** A snapshot from its parts (the `connections` and `endpoints` views filled in). */
export function makeSnapshot(version: number, kek: KekMeta | null, records: ReadonlyMap<string, ReadonlyMap<string, StoredRecord>>): StoreSnapshot {
  return {
    version,
    kek,
    records,
    connections: (records.get(CONNECTIONS_COLLECTION) ?? NONE) as unknown as ReadonlyMap<string, ConnectionRecord>,
    endpoints: (records.get(ENDPOINTS_COLLECTION) ?? NONE) as unknown as ReadonlyMap<string, EndpointRecord>,
  };
}

export const EMPTY_SNAPSHOT: StoreSnapshot = makeSnapshot(0, null, new Map());

/**
 * The snapshot after `commit`, computed the same way by every store. Only the collections
 * the commit touches get new maps: a listener can tell a changed collection by identity.
 */
export function applyCommit(snapshot: StoreSnapshot, commit: StoreCommit): StoreSnapshot {
  const records = new Map(snapshot.records);
  const touched = new Map<string, Map<string, StoredRecord>>();
  for (const op of commit.ops) {
    const change = recordChange(op);
    let collection = touched.get(change.collection);
    if (!collection) {
      collection = new Map(snapshot.records.get(change.collection) ?? NONE);
      touched.set(change.collection, collection);
      records.set(change.collection, collection);
    }
    if (change.record) collection.set(change.id, change.record);
    else collection.delete(change.id);
  }
  return makeSnapshot(snapshot.version + 1, commit.kek ?? snapshot.kek, records);
}
