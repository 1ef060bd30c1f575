import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SealedSecret } from '../records';
import type { SecretsKey } from './secrets-key';

const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const DATA_KEY_BYTES = 32;

/** Thrown when a sealed secret does not open: a wrong key, or a record altered or moved. */
export class UnsealError extends Error {
  constructor(readonly reason: 'wrong-key' | 'corrupt') {
    super(reason === 'wrong-key' ? 'the secret was sealed under another key-encryption key' : 'the sealed secret failed authentication');
  }
}

/**
 * What a ciphertext is bound to: the connection and the field. Used as additional
 * authenticated data for both layers, so a sealed value copied onto another record or
 * field fails to open instead of handing a key to the wrong connection.
 */
export function secretBinding(connection: string, field: string): Buffer {
  return Buffer.from(`model-gateway/secret/v1\0${connection}\0${field}`, 'utf8');
}

/**
 * Envelope encryption of one credential: a fresh random 256-bit data key encrypts the
 * value with AES-256-GCM under a fresh 96-bit nonce; the data key is itself encrypted
 * (wrapped) by the KEK the same way. Both layers authenticate the binding.
 */
export function seal(plaintext: string, kek: SecretsKey, binding: Buffer): SealedSecret {
  const dataKey = randomBytes(DATA_KEY_BYTES);
  try {
    return { kek: kek.version, key: encrypt(kek.key, dataKey, binding), data: encrypt(dataKey, Buffer.from(plaintext, 'utf8'), binding) };
  } finally {
    dataKey.fill(0);
  }
}

export function unseal(sealed: SealedSecret, kek: SecretsKey, binding: Buffer): string {
  if (sealed.kek !== kek.version) throw new UnsealError('wrong-key');
  const dataKey = decrypt(kek.key, sealed.key, binding, 'wrong-key');
  try {
    return decrypt(dataKey, sealed.data, binding, 'corrupt').toString('utf8');
  } finally {
    dataKey.fill(0);
  }
}

/** Re-wraps the data key under another KEK; the encrypted value itself is untouched. */
export function rewrap(sealed: SealedSecret, from: SecretsKey, to: SecretsKey, binding: Buffer): SealedSecret {
  if (sealed.kek !== from.version) throw new UnsealError('wrong-key');
  const dataKey = decrypt(from.key, sealed.key, binding, 'wrong-key');
  try {
    return { kek: to.version, key: encrypt(to.key, dataKey, binding), data: sealed.data };
  } finally {
    dataKey.fill(0);
  }
}

function encrypt(key: Buffer, plaintext: Buffer, aad: Buffer): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(aad);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([nonce, ciphertext, cipher.getAuthTag()]).toString('base64');
}

function decrypt(key: Buffer, encoded: string, aad: Buffer, failure: UnsealError['reason']): Buffer {
  const bytes = Buffer.from(encoded, 'base64');
  if (bytes.length < NONCE_BYTES + TAG_BYTES) throw new UnsealError('corrupt');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, NONCE_BYTES));
  decipher.setAAD(aad);
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(bytes.subarray(NONCE_BYTES, bytes.length - TAG_BYTES)), decipher.final()]);
  } catch {
    throw new UnsealError(failure);
  }
}
