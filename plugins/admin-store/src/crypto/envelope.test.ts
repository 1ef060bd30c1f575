import { rewrap, seal, secretBinding, unseal, UnsealError } from './envelope';
import { newSecretsKey, openSecretsKey, parseKeyMaterial, SCRYPT_COST } from './secrets-key';

const RAW = Buffer.alloc(32, 7).toString('base64');
const OTHER_RAW = Buffer.alloc(32, 9).toString('base64');

describe('envelope encryption', () => {
  it('seals a credential so that only the same key and binding open it', async () => {
    const kek = await newSecretsKey(parseKeyMaterial(RAW), 1);
    const binding = secretBinding('openai-prod', 'api_key');
    const sealed = seal('sk-live-abcdef123456', kek, binding);
    expect(JSON.stringify(sealed)).not.toContain('sk-live');
    expect(sealed.kek).toBe(1);
    expect(unseal(sealed, kek, binding)).toBe('sk-live-abcdef123456');
    // Fresh data key and nonces every time: sealing the same value twice gives different bytes.
    const again = seal('sk-live-abcdef123456', kek, binding);
    expect(again.data).not.toBe(sealed.data);
    expect(again.key).not.toBe(sealed.key);
  });

  it('refuses a sealed value copied onto another connection or field', async () => {
    const kek = await newSecretsKey(parseKeyMaterial(RAW), 1);
    const sealed = seal('secret-value-1', kek, secretBinding('a', 'api_key'));
    expect(() => unseal(sealed, kek, secretBinding('b', 'api_key'))).toThrow(UnsealError);
    expect(() => unseal(sealed, kek, secretBinding('a', 'secret_access_key'))).toThrow(UnsealError);
  });

  it('refuses a wrong key and a tampered ciphertext, with different reasons', async () => {
    const kek = await newSecretsKey(parseKeyMaterial(RAW), 1);
    const wrong = await newSecretsKey(parseKeyMaterial(OTHER_RAW), 1);
    const binding = secretBinding('a', 'api_key');
    const sealed = seal('secret-value-1', kek, binding);
    expect(() => unseal(sealed, wrong, binding)).toThrow(expect.objectContaining({ reason: 'wrong-key' }));
    const bytes = Buffer.from(sealed.data, 'base64');
    bytes[14] ^= 1;
    expect(() => unseal({ ...sealed, data: bytes.toString('base64') }, kek, binding)).toThrow(expect.objectContaining({ reason: 'corrupt' }));
  });

  it('re-wraps the data key under a new KEK without touching the ciphertext', async () => {
    const oldKek = await newSecretsKey(parseKeyMaterial(RAW), 1);
    const newKek = await newSecretsKey(parseKeyMaterial(OTHER_RAW), 2);
    const binding = secretBinding('a', 'api_key');
    const sealed = seal('secret-value-1', oldKek, binding);
    const moved = rewrap(sealed, oldKek, newKek, binding);
    expect(moved.data).toBe(sealed.data);
    expect(moved.kek).toBe(2);
    expect(unseal(moved, newKek, binding)).toBe('secret-value-1');
    expect(() => unseal(moved, oldKek, binding)).toThrow(UnsealError);
  });
});

describe('secrets key', () => {
  it('reads base64 of 32 bytes as a raw key and anything else as a passphrase', () => {
    expect(parseKeyMaterial(RAW).kind).toBe('raw');
    expect(parseKeyMaterial('correct horse battery staple').kind).toBe('passphrase');
    expect(() => parseKeyMaterial('short')).toThrow(/too short/);
  });

  it('stretches a passphrase with scrypt at a cost of at least 100 ms, and opens it again from the stored description', async () => {
    const started = performance.now();
    const kek = await newSecretsKey(parseKeyMaterial('correct horse battery staple'), 1);
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(100);
    expect(kek.meta.kdf).toMatchObject({ name: 'scrypt', ...SCRYPT_COST });
    const reopened = await openSecretsKey(parseKeyMaterial('correct horse battery staple'), kek.meta);
    expect(reopened?.key.equals(kek.key)).toBe(true);
    expect(await openSecretsKey(parseKeyMaterial('wrong horse battery staple'), kek.meta)).toBeUndefined();
    expect(await openSecretsKey(parseKeyMaterial(RAW), kek.meta)).toBeUndefined();
  });

  it('recognises its raw key by fingerprint and refuses another', async () => {
    const kek = await newSecretsKey(parseKeyMaterial(RAW), 3);
    expect(kek.meta).toEqual({ version: 3, id: expect.stringMatching(/^[0-9a-f]{16}$/), kdf: { name: 'raw' } });
    expect((await openSecretsKey(parseKeyMaterial(RAW), kek.meta))?.version).toBe(3);
    expect(await openSecretsKey(parseKeyMaterial(OTHER_RAW), kek.meta)).toBeUndefined();
  });
});
