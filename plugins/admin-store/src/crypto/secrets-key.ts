import { createHmac, randomBytes, scrypt } from 'node:crypto';
import type { KekMeta } from '../records';

/** A key-encryption key ready for use, with the version that records carry. */
export interface SecretsKey {
  readonly key: Buffer;
  readonly version: number;
  readonly meta: KekMeta;
}

/**
 * scrypt cost for a passphrase (N = 2^16, r = 8: 64 MiB), chosen to stay above the 100 ms
 * floor on the project's machines (docs/admin-api.md has the measurements). Stored with the
 * salt, so a later raise of the cost still opens existing stores.
 */
export const SCRYPT_COST = { N: 2 ** 16, r: 8, p: 1 } as const;
const KEY_BYTES = 32;

/** GATEWAY_SECRETS_KEY as given: base64 of exactly 32 bytes is a raw key, anything else a passphrase. */
export type KeyMaterial = { kind: 'raw'; key: Buffer } | { kind: 'passphrase'; text: string };

export function parseKeyMaterial(text: string): KeyMaterial {
  const trimmed = text.trim();
  if (/^[A-Za-z0-9+/]{43}=$/.test(trimmed)) {
    const key = Buffer.from(trimmed, 'base64');
    if (key.length === KEY_BYTES) return { kind: 'raw', key };
  }
  if (trimmed.length < 12) throw new Error('GATEWAY_SECRETS_KEY is too short: give base64 of 32 random bytes, or a passphrase of at least 12 characters');
  return { kind: 'passphrase', text: trimmed };
}

/** A new KEK description for `material` (a fresh salt for a passphrase), at `version`. */
export async function newSecretsKey(material: KeyMaterial, version: number): Promise<SecretsKey> {
  const kdf: KekMeta['kdf'] = material.kind === 'raw' ? { name: 'raw' } : { name: 'scrypt', salt: randomBytes(16).toString('base64'), ...SCRYPT_COST };
  const key = await deriveKey(material, kdf);
  return { key, version, meta: { version, id: fingerprint(key), kdf } };
}

/** The KEK `meta` describes, made from `material`; undefined when the material is another key. */
export async function openSecretsKey(material: KeyMaterial, meta: KekMeta): Promise<SecretsKey | undefined> {
  if ((material.kind === 'raw') !== (meta.kdf.name === 'raw')) return undefined;
  const key = await deriveKey(material, meta.kdf);
  return fingerprint(key) === meta.id ? { key, version: meta.version, meta } : undefined;
}

async function deriveKey(material: KeyMaterial, kdf: KekMeta['kdf']): Promise<Buffer> {
  if (material.kind === 'raw' || kdf.name === 'raw') {
    if (material.kind !== 'raw') throw new Error('a raw key description needs a raw key');
    return Buffer.from(material.key);
  }
  const { salt, N, r, p } = kdf;
  return new Promise((resolve, reject) =>
    scrypt(material.text, Buffer.from(salt, 'base64'), KEY_BYTES, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 }, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** Identifies a KEK without revealing it: an HMAC under the key of a fixed label. */
function fingerprint(key: Buffer): string {
  return createHmac('sha256', key).update('model-gateway/kek-id/v1').digest('hex').slice(0, 16);
}
