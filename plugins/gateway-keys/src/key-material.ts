import { hash, randomBytes } from 'node:crypto';

/** The text every gateway key starts with, so a key is recognisable in a leak scan and never mistaken for a provider's. */
export const KEY_PREFIX = 'mgw-';

/** `mgw-` and 256 random bits in base64url (43 characters, no padding). */
export const KEY_PATTERN = /^mgw-[A-Za-z0-9_-]{43}$/;

/** A new key: shown once, never stored. */
export function newKey(): string {
  return `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** A new key id: `key_` and 64 random bits in hex; safe in logs, metric fields and URLs. */
export function newKeyId(): string {
  return `key_${randomBytes(8).toString('hex')}`;
}

export const KEY_ID_PATTERN = /^key_[0-9a-f]{16}$/;

/**
 * What the store keeps of a key: its SHA-256 (hex). A key has 256 random bits, so a
 * plain hash cannot be reversed or guessed; a slow KDF would only slow every request.
 */
export function keyHash(key: string): string {
  // The one-shot form: no Hash object per request.
  return hash('sha256', key, 'hex');
}

/** How a key is shown after its creation: `mgw-...abcd`. */
export function maskedKey(last4: string): string {
  return `${KEY_PREFIX}...${last4}`;
}
