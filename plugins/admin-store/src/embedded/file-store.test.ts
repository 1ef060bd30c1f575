import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { StoreConflictError } from '../admin-store';
import type { EndpointRecord, KeyRecord } from '../records';
import { LockHeldError } from './directory-lock';
import { FileStore } from './file-store';
import { readStoreFile } from './store-file';
import { createKeyFile, readKeyFile } from './key-file';

const endpoint = (name: string): EndpointRecord => ({ name, body: { name, kind: 'chat', provider: 'mock', model: 'echo' }, created_at: 't', updated_at: 't' });

const gatewayKey = (id: string): KeyRecord => ({
  id, name: id, hash: `hash-${id}`, last4: 'abcd', endpoints: '*', expires_at: null, rpm: null, tpm: 100, budget_usd: 1.5, budget_period: 'month', created_at: 't', revoked_at: null,
});

describe('FileStore', () => {
  let dir: string;
  beforeEach(() => {
    dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mg-store-')), 'data');
  });
  afterEach(() => fs.rmSync(path.dirname(dir), { recursive: true, force: true }));

  it('touches nothing until the first write, then creates the directory, the lock and the file', async () => {
    const store = new FileStore(dir);
    expect((await store.load()).version).toBe(0);
    expect(fs.existsSync(dir)).toBe(false);
    const next = await store.commit({ baseVersion: 0, ops: [{ op: 'put-endpoint', record: endpoint('a') }] });
    expect(next.version).toBe(1);
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(store.file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'store.lock'), 'utf8')).pid).toBe(process.pid);
    expect([...readStoreFile(store.file).endpoints.keys()]).toEqual(['a']);
    await store.close();
    expect(fs.existsSync(path.join(dir, 'store.lock'))).toBe(false);
  });

  it('persists gateway keys by id beside endpoints, and reads a file written before keys existed', async () => {
    const store = new FileStore(dir);
    await store.load();
    await store.commit({ baseVersion: 0, ops: [{ op: 'put-key', record: gatewayKey('key_a') }, { op: 'put-key', record: gatewayKey('key_b') }] });
    await store.commit({ baseVersion: 1, ops: [{ op: 'delete-key', id: 'key_a' }] });
    await store.close();
    expect([...readStoreFile(store.file).keys.values()]).toEqual([gatewayKey('key_b')]);
    const older = JSON.parse(fs.readFileSync(store.file, 'utf8'));
    delete older.keys;
    fs.writeFileSync(store.file, JSON.stringify(older));
    expect(readStoreFile(store.file).keys.size).toBe(0);
  });

  it('applies commits one at a time and refuses one validated against an old version', async () => {
    const store = new FileStore(dir);
    await store.load();
    const [one, two] = await Promise.allSettled([
      store.commit({ baseVersion: 0, ops: [{ op: 'put-endpoint', record: endpoint('a') }] }),
      store.commit({ baseVersion: 0, ops: [{ op: 'put-endpoint', record: endpoint('b') }] }),
    ]);
    expect(one.status).toBe('fulfilled');
    expect(two.status === 'rejected' && two.reason).toBeInstanceOf(StoreConflictError);
    await store.commit({ baseVersion: 1, ops: [{ op: 'put-endpoint', record: endpoint('b') }, { op: 'delete-endpoint', name: 'a' }] });
    await store.close();
    const reread = new FileStore(dir);
    const snapshot = await reread.load();
    expect(snapshot.version).toBe(2);
    expect([...snapshot.endpoints.keys()]).toEqual(['b']);
    await reread.close();
  });

  it('refuses a directory that another live process has locked, and takes over the lock of a dead one', async () => {
    fs.mkdirSync(dir, { recursive: true });
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    try {
      fs.writeFileSync(path.join(dir, 'store.lock'), JSON.stringify({ pid: sleeper.pid, host: os.hostname(), since: 'now' }));
      await expect(new FileStore(dir).load()).rejects.toThrow(LockHeldError);
      await expect(new FileStore(dir).load()).rejects.toThrow(new RegExp(`in use by another gateway \\(pid ${sleeper.pid}`));
    } finally {
      sleeper.kill('SIGKILL');
      await new Promise((resolve) => sleeper.once('exit', resolve));
    }
    // Now the recorded pid is dead: its lock is stale.
    const store = new FileStore(dir);
    await store.load();
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'store.lock'), 'utf8')).pid).toBe(process.pid);
    await store.close();
  });

  it('refuses a second store on the same directory in the same process', async () => {
    const first = new FileStore(dir);
    await first.commit({ baseVersion: 0, ops: [{ op: 'put-endpoint', record: endpoint('a') }] });
    await expect(new FileStore(dir).load()).rejects.toThrow(LockHeldError);
    await first.close();
  });

  it('reports an unreadable store file instead of starting empty', async () => {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'store.json'), '{"format": "model-gateway-store/1", "vers');
    await expect(new FileStore(dir).load()).rejects.toThrow(/not valid JSON/);
  });

  it('creates a random key file readable by its owner only, once', async () => {
    const { text, file } = await createKeyFile(dir);
    expect(Buffer.from(text, 'base64')).toHaveLength(32);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(readKeyFile(dir)).toBe(text);
    await expect(createKeyFile(dir)).rejects.toThrow(/EEXIST/);
  });
});
