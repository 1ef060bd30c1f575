import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateKeyPairSync } from 'node:crypto';
import { isKeyText, sameUrl, vertexApiEntryIssue } from './api-entry-check';

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const keyJson = (tokenUri?: string) =>
  JSON.stringify({
    type: 'service_account',
    client_email: 'sa@p.iam.gserviceaccount.com',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    ...(tokenUri ? { token_uri: tokenUri } : {}),
  });

describe('vertexApiEntryIssue', () => {
  it('takes the key as JSON text, with or without a token_url that names its own token_uri', () => {
    expect(vertexApiEntryIssue({ service_account_json: keyJson() })).toBeUndefined();
    expect(vertexApiEntryIssue({ service_account_json: `  ${keyJson()}` })).toBeUndefined();
    expect(vertexApiEntryIssue({ service_account_json: keyJson(), token_url: 'https://oauth2.googleapis.com/token' })).toBeUndefined();
    expect(vertexApiEntryIssue({ service_account_json: keyJson('http://127.0.0.1:9/token'), token_url: 'http://127.0.0.1:9/token' })).toBeUndefined();
    expect(vertexApiEntryIssue({ location: 'us-central1' })).toBeUndefined();
  });

  it('refuses a path with the same words whether the file exists, is unreadable or is missing, and reads nothing', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mg-vertex-'));
    const existing = path.join(dir, 'key.json');
    fs.writeFileSync(existing, keyJson());
    const spy = jest.spyOn(fs, 'readFileSync');
    try {
      const answers = [existing, path.join(dir, 'missing.json'), '/etc/shadow', 'relative/key.json'].map((value) => vertexApiEntryIssue({ service_account_json: value }));
      expect(new Set(answers.map((a) => JSON.stringify(a)))).toEqual(new Set([JSON.stringify({ field: 'service_account_json', message: "give the key file's JSON text; a path to a key file is accepted only in the config file" })]));
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a token_url other than the token endpoint the key signs its assertion for', () => {
    expect(vertexApiEntryIssue({ service_account_json: keyJson(), token_url: 'https://attacker.example/token' })).toEqual({
      field: 'token_url',
      message: "must be the key's token_uri (https://oauth2.googleapis.com/token): the signed assertion is addressed to it; another token endpoint can be set only in the config file",
    });
    expect(vertexApiEntryIssue({ service_account_json: keyJson('https://oauth2.googleapis.com/token'), token_url: 'https://oauth2.googleapis.com/other' })?.field).toBe('token_url');
  });

  it('leaves a key that is not valid JSON to the schema, which says what is wrong with it', () => {
    expect(vertexApiEntryIssue({ service_account_json: '{not json', token_url: 'https://x.example/token' })).toBeUndefined();
  });
});

describe('isKeyText and sameUrl', () => {
  it('tell key text from a path, and compare URLs as parsed', () => {
    expect(isKeyText(' {"a":1}')).toBe(true);
    expect(isKeyText('/keys/sa.json')).toBe(false);
    expect(sameUrl('https://OAUTH2.googleapis.com:443/token', 'https://oauth2.googleapis.com/token')).toBe(true);
    expect(sameUrl('https://oauth2.googleapis.com/token', 'https://oauth2.googleapis.com/token/')).toBe(false);
  });
});
