import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSecretsKey, parseKeyMaterial, readStoreFile, secretBinding, unseal, type StoreSnapshot } from '@model-gateway/admin-store';
import { CONNECTIONS } from '@model-gateway/admin-api';
import { OpenAiFake } from '../fakes/openai-fake';
import { adminClient } from '../support/admin-client';
import { postJson, startGateway } from '../support/start-gateway';

const MAIN = path.join(__dirname, '../../plugins/distribution/dist/main.js');
const OLD = 'the old secrets passphrase, long enough';
const NEW = Buffer.alloc(32, 42).toString('base64');
const KEYS = ['sk-rotate-one-0123456789', 'sk-rotate-two-0123456789', 'sk-rotate-three-012345678'];

/** Runs `model-gateway secrets rotate-key`; `killAfterMs` sends SIGKILL mid-way. */
function rotate(env: Record<string, string>, killAfterMs?: number): Promise<{ code: number | null; signal: string | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [MAIN, 'secrets', 'rotate-key'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = killAfterMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/** Which key opens every stored credential ('old' or 'new'); throws when neither opens all of them. */
async function openedBy(snapshot: StoreSnapshot): Promise<'old' | 'new'> {
  for (const [label, text] of [['old', OLD], ['new', NEW]] as const) {
    const key = await openSecretsKey(parseKeyMaterial(text), snapshot.kek!);
    if (!key) continue;
    const values = [...CONNECTIONS.all(snapshot).values()].map((record) => unseal(record.secrets.api_key, key, secretBinding(record.name, 'api_key')));
    expect(values.sort()).toEqual([...KEYS].sort());
    return label;
  }
  throw new Error('neither key opens the store');
}

describe('model-gateway secrets rotate-key', () => {
  let root: string;
  let dataDir: string;
  let env: Record<string, string>;
  let upstream: OpenAiFake;
  const yaml = 'endpoints: []\nadmin: { allow_private_base_urls: true }\n';

  beforeAll(async () => {
    upstream = await OpenAiFake.start();
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'mg-rotate-'));
    dataDir = path.join(root, 'data');
    const configFile = path.join(root, 'gateway.config.yaml');
    fs.writeFileSync(configFile, yaml);
    env = { GATEWAY_CONFIG: configFile, GATEWAY_DATA_DIR: dataDir };
    const gw = await startGateway(yaml, { env: { ...process.env, ...env, GATEWAY_SECRETS_KEY: OLD } });
    const api = adminClient(gw.url);
    for (const [i, key] of KEYS.entries()) {
      expect((await api.post('/api/connections', { name: `c${i}`, type: 'openai', base_url: upstream.baseUrl, api_key: key })).status).toBe(201);
    }
    expect((await api.post('/api/endpoints', { name: 'rotated-chat', kind: 'chat', provider: 'c1', model: 'gpt-4o-mini' })).status).toBe(201);
    const refused = await rotate({ ...env, GATEWAY_SECRETS_KEY: OLD, GATEWAY_SECRETS_KEY_NEW: NEW });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/in use by another gateway .* stop that gateway before rotating the key/);
    await gw.close();
  });
  afterAll(async () => {
    await upstream.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('killed at any moment, leaves a store that one key (old or new) opens whole', async () => {
    // A full run first, to aim the kills at its whole length: loading, the two key derivations, the write.
    const started = Date.now();
    expect((await rotate({ ...env, GATEWAY_SECRETS_KEY: OLD, GATEWAY_SECRETS_KEY_NEW: NEW })).code).toBe(0);
    const full = Date.now() - started;
    let current: 'old' | 'new' = 'new';
    const seen = new Set<string>();
    for (const fraction of [0.3, 0.5, 0.6, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 1, 1.05, 3]) {
      const delay = Math.round(full * fraction);
      const [from, to] = current === 'old' ? [OLD, NEW] : [NEW, OLD];
      const run = await rotate({ ...env, GATEWAY_SECRETS_KEY: from, GATEWAY_SECRETS_KEY_NEW: to }, delay);
      expect(run.stderr).toBe('');
      seen.add(run.signal === 'SIGKILL' ? 'killed' : `exit ${run.code}`);
      current = await openedBy(readStoreFile(path.join(dataDir, 'store.json')));
    }
    expect(seen.has('killed')).toBe(true);
    expect(seen.has('exit 0')).toBe(true);
    if (current === 'new') {
      const back = await rotate({ ...env, GATEWAY_SECRETS_KEY: NEW, GATEWAY_SECRETS_KEY_NEW: OLD });
      expect(back.code).toBe(0);
    }
  }, 120_000);

  it('after a rotation only the new key opens the store, and the gateway serves with it', async () => {
    const run = await rotate({ ...env, GATEWAY_SECRETS_KEY: OLD, GATEWAY_SECRETS_KEY_NEW: NEW });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Rotated 3 credentials in 3 connections to key version \d+/);
    const snapshot = readStoreFile(path.join(dataDir, 'store.json'));
    expect(await openedBy(snapshot)).toBe('new');
    expect(await openSecretsKey(parseKeyMaterial(OLD), snapshot.kek!)).toBeUndefined();

    const stale = await startGateway(yaml, { env: { ...process.env, ...env, GATEWAY_SECRETS_KEY: OLD } });
    try {
      expect((await adminClient(stale.url).get('/api/connections/c1')).body.status).toBe('undecryptable');
    } finally {
      await stale.close();
    }
    const fresh = await startGateway(yaml, { env: { ...process.env, ...env, GATEWAY_SECRETS_KEY: NEW } });
    try {
      expect((await postJson(`${fresh.url}/gateway/rotated-chat/native/invocations`, { messages: [{ role: 'user', content: 'x' }] })).status).toBe(200);
      expect(upstream.last.headers.authorization).toBe(`Bearer ${KEYS[1]}`);
    } finally {
      await fresh.close();
    }
    const wrong = await rotate({ ...env, GATEWAY_SECRETS_KEY: OLD, GATEWAY_SECRETS_KEY_NEW: NEW });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('does not open this store; nothing was changed');
  });

  it('rotates away from a generated key file, and removes it', async () => {
    const dir = path.join(root, 'keyfile-data');
    const keyFileEnv = { ...env, GATEWAY_DATA_DIR: dir };
    const gw = await startGateway(yaml, { env: { ...process.env, ...keyFileEnv, GATEWAY_SECRETS_KEY: '' } });
    expect((await adminClient(gw.url).post('/api/connections', { name: 'k', type: 'openai', base_url: upstream.baseUrl, api_key: KEYS[0] })).status).toBe(201);
    await gw.close();
    expect(fs.existsSync(path.join(dir, 'secrets.key'))).toBe(true);
    const run = await rotate({ ...keyFileEnv, GATEWAY_SECRETS_KEY: '', GATEWAY_SECRETS_KEY_NEW: NEW });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('the generated secrets.key was removed');
    expect(fs.existsSync(path.join(dir, 'secrets.key'))).toBe(false);
    const after = await startGateway(yaml, { env: { ...process.env, ...keyFileEnv, GATEWAY_SECRETS_KEY: NEW } });
    try {
      expect((await adminClient(after.url).get('/api/connections/k')).body.status).toBe('ok');
    } finally {
      await after.close();
    }
  });
});
