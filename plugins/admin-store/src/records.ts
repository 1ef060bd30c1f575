/**
 * What the store holds: records in namespaced collections, each registered by the plugin
 * that owns it with its schema (admin-api's connections and endpoints, gateway keys, ...),
 * and the description of the key that protects sealed credentials. The store knows no
 * record type. Plain JSON, the same in the embedded file and in Redis.
 */

/** One credential under envelope encryption (crypto/envelope.ts). A type, not an interface, so it fits a record's loose schema output. */
export type SealedSecret = {
  /** The version of the key-encryption key that wrapped `key`. */
  kek: number;
  /** The per-secret data key, wrapped by the KEK: base64 of nonce (12) | ciphertext (32) | tag (16). */
  key: string;
  /** The credential, encrypted with the data key: base64 of nonce (12) | ciphertext | tag (16). */
  data: string;
};

/** How the key-encryption key is made from GATEWAY_SECRETS_KEY, and which key it is. */
export interface KekMeta {
  /** Goes up by one on each rotation. */
  version: number;
  /** A fingerprint of the KEK (HMAC-SHA256 under the KEK, 16 hex digits): tells a wrong key from a damaged record. */
  id: string;
  kdf: { name: 'raw' } | { name: 'scrypt'; salt: string; N: number; r: number; p: number };
}

/** A record of any collection: a JSON object whose schema the owning plugin declares (collection.ts). */
export type StoredRecord = Record<string, unknown>;

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
}

/**
 * One change to one record: `put` files `record` under `id` (which equals the record's id
 * field). Made by a collection's `put` and `delete` (collection.ts).
 */
export type StoreOp =
  | { op: 'put'; collection: string; id: string; record: StoredRecord }
  | { op: 'delete'; collection: string; id: string };

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

/** An operation as the backends apply it. */
export function recordChange(op: StoreOp): RecordChange {
  return op.op === 'put' ? { collection: op.collection, id: op.id, record: op.record } : { collection: op.collection, id: op.id };
}

const NONE: ReadonlyMap<string, never> = new Map<string, never>();

/** A snapshot from its parts. */
export function makeSnapshot(version: number, kek: KekMeta | null, records: ReadonlyMap<string, ReadonlyMap<string, StoredRecord>>): StoreSnapshot {
  return { version, kek, records };
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
