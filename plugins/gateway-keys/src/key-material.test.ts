import { createHash } from 'node:crypto';
import { KEY_ID_PATTERN, KEY_PATTERN, keyHash, maskedKey, newKey, newKeyId } from './key-material';

describe('key material', () => {
  it('makes keys of mgw- and 256 random bits in base64url, each different', () => {
    const keys = new Set(Array.from({ length: 200 }, newKey));
    expect(keys.size).toBe(200);
    for (const key of keys) {
      expect(key).toMatch(KEY_PATTERN);
      expect(Buffer.from(key.slice(4), 'base64url')).toHaveLength(32);
    }
  });

  it('makes ids that are safe labels', () => {
    const id = newKeyId();
    expect(id).toMatch(KEY_ID_PATTERN);
    expect(newKeyId()).not.toBe(id);
  });

  it('stores the SHA-256 of the whole key, and shows only its last four characters', () => {
    const key = newKey();
    expect(keyHash(key)).toBe(createHash('sha256').update(key).digest('hex'));
    expect(keyHash(key)).not.toBe(keyHash(`${key.slice(0, -1)}x`));
    expect(maskedKey(key.slice(-4))).toBe(`mgw-...${key.slice(-4)}`);
  });
});
