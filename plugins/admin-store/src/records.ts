/**
 * What the store holds: API-managed connections and endpoints, gateway keys (their
 * hashes), and the description of the key that protects the connections' credentials.
 * Plain JSON, the same in the embedded file and in Redis.
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

/**
 * A gateway key as stored: its SHA-256, never the key. A revoked key keeps its record
 * (with `revoked_at`) so a client presenting it is told it was revoked.
 */
export interface KeyRecord {
  /** `key_` and 16 hex digits: how usage, limits and the API name the key. */
  id: string;
  name: string;
  /** SHA-256 of the whole key text, hex. */
  hash: string;
  /** The key's last four characters, for the masked form `mgw-...abcd`. */
  last4: string;
  /** Endpoint names the key may call, or '*' for every endpoint. */
  endpoints: string[] | '*';
  expires_at: string | null;
  rpm: number | null;
  tpm: number | null;
  budget_usd: number | null;
  budget_period: 'day' | 'month';
  created_at: string;
  revoked_at: string | null;
}

/** The whole store at one version. */
export interface StoreSnapshot {
  /** Goes up by one on every commit; -1 when the store has not been read yet (a shared store that was unreachable at start). */
  version: number;
  kek: KekMeta | null;
  connections: ReadonlyMap<string, ConnectionRecord>;
  endpoints: ReadonlyMap<string, EndpointRecord>;
  /** By key id. */
  keys: ReadonlyMap<string, KeyRecord>;
}

export type StoreOp =
  | { op: 'put-connection'; record: ConnectionRecord }
  | { op: 'delete-connection'; name: string }
  | { op: 'put-endpoint'; record: EndpointRecord }
  | { op: 'delete-endpoint'; name: string }
  | { op: 'put-key'; record: KeyRecord }
  | { op: 'delete-key'; id: string };

/** One atomic change: applied whole, or not at all. */
export interface StoreCommit {
  /** The version the change was validated against; a store at another version refuses it (StoreConflictError). */
  baseVersion: number;
  /** Sets the KEK description (first secret written, or a rotation). */
  kek?: KekMeta;
  ops: StoreOp[];
}

export const EMPTY_SNAPSHOT: StoreSnapshot = { version: 0, kek: null, connections: new Map(), endpoints: new Map(), keys: new Map() };

/** The snapshot after `commit`, computed the same way by every store. */
export function applyCommit(snapshot: StoreSnapshot, commit: StoreCommit): StoreSnapshot {
  const connections = new Map(snapshot.connections);
  const endpoints = new Map(snapshot.endpoints);
  const keys = new Map(snapshot.keys);
  for (const op of commit.ops) {
    if (op.op === 'put-connection') connections.set(op.record.name, op.record);
    else if (op.op === 'delete-connection') connections.delete(op.name);
    else if (op.op === 'put-endpoint') endpoints.set(op.record.name, op.record);
    else if (op.op === 'delete-endpoint') endpoints.delete(op.name);
    else if (op.op === 'put-key') keys.set(op.record.id, op.record);
    else keys.delete(op.id);
  }
  return { version: snapshot.version + 1, kek: commit.kek ?? snapshot.kek, connections, endpoints, keys };
}
