import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { StoreConflictError } from '../admin-store';
import { defineCollection } from '../collection';
import { StoreCollections } from '../store-collections';
import { LockHeldError } from './directory-lock';
import { FileStore } from './file-store';
import { readStoreFile } from './store-file';
import { createKeyFile, readKeyFile } from './key-file';

const endpoint = (name: string) => ({ name, body: { name, kind: 'chat', provider: 'mock', model: 'echo' }, created_at: 't', updated_at: 't' });

/** admin-api's endpoints as it registers them (a stand-in schema: the store only needs one), kept where gateways before collections kept them. */
const ENDPOINTS = defineCollection('admin-api/endpoints', z.looseObject({ name: z.string(), body: z.record(z.string(), z.unknown()) }), { idField: 'name' });
/** Gateway keys as their plugin registers them (the schema here is a stand-in: the store only needs one). */
const KEYS = defineCollection('gateway-keys/keys', z.looseObject({ id: z.string(), hash: z.string() }), { idField: 'id' });
const THINGS = defineCollection('test-plugin/things', z.looseObject({ id: z.string(), size: z.number() }), { idField: 'id' });
const gatewayKey = (id: string) => ({ id, name: id, hash: `hash-${id}`, last4: 'abcd', endpoints: '*', expires_at: null, rpm: null, tpm: 100, budget_usd: 1.5, budget_period: 'month', created_at: 't', revoked_at: null });

describe('FileStore', () => {
  let dir: string;
  beforeEach(() => {
    dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mg-store-')), 'data');
  });
  afterEach(() => fs.rmSync(path.dirname(dir), { recursive: true, force: true }));

  it('touches nothing until the first write, then creates the directory, the lock and the file', async () => {
    const store = new FileStore(dir, { collections: new StoreCollections([ENDPOINTS]) });
    expect((await store.load()).version).toBe(0);
    expect(fs.existsSync(dir)).toBe(false);
    const next = await store.commit({ baseVersion: 0, ops: [ENDPOINTS.put(endpoint('a'))] });
    expect(next.version).toBe(1);
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(store.file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'store.lock'), 'utf8')).pid).toBe(process.pid);
    expect([...ENDPOINTS.all(readStoreFile(store.file)).keys()]).toEqual(['a']);
    await store.close();
    expect(fs.existsSync(path.join(dir, 'store.lock'))).toBe(false);
  });

  it('persists gateway keys by id beside endpoints where they always were, and reads a file written before keys existed', async () => {
    const store = new FileStore(dir, { collections: new StoreCollections([ENDPOINTS, KEYS]) });
    await store.load();
    await store.commit({ baseVersion: 0, ops: [KEYS.put(gatewayKey('key_a')), KEYS.put(gatewayKey('key_b'))] });
    await store.commit({ baseVersion: 1, ops: [KEYS.delete('key_a')] });
    await store.close();
    const written = JSON.parse(fs.readFileSync(store.file, 'utf8'));
    // The layout of earlier gateways: format 1, keys a top-level field by id.
    expect(written).toEqual({ format: 'model-gateway-store/1', version: 2, kek: null, connections: {}, endpoints: {}, keys: { key_b: gatewayKey('key_b') } });
    expect([...KEYS.all(readStoreFile(store.file, new StoreCollections([ENDPOINTS, KEYS]))).values()]).toEqual([gatewayKey('key_b')]);
    const older = JSON.parse(fs.readFileSync(store.file, 'utf8'));
    delete older.keys;
    fs.writeFileSync(store.file, JSON.stringify(older));
    expect(KEYS.all(readStoreFile(store.file, new StoreCollections([ENDPOINTS, KEYS]))).size).toBe(0);
  });

  it('stores a namespaced collection under "collections" (format 2), validated by its schema, changed with endpoints in one commit', async () => {
    const store = new FileStore(dir, { collections: new StoreCollections([ENDPOINTS, THINGS]) });
    await store.load();
    await store.commit({ baseVersion: 0, ops: [THINGS.put({ id: 't1', size: 1 }), ENDPOINTS.put(endpoint('e'))] });
    await expect(store.commit({ baseVersion: 1, ops: [THINGS.put({ id: 't2', size: 'big' } as never)] })).rejects.toThrow(/invalid test-plugin\/things record "t2": size/);
    await expect(store.commit({ baseVersion: 1, ops: [{ op: 'put', collection: 'nobody/things', id: 'x', record: { id: 'x' } }] })).rejects.toThrow(/"nobody\/things", which no plugin registered/);
    await store.close();
    const written = JSON.parse(fs.readFileSync(store.file, 'utf8'));
    expect(written.format).toBe('model-gateway-store/2');
    expect(written.collections).toEqual({ 'test-plugin/things': { t1: { id: 't1', size: 1 } } });
    expect(THINGS.get(readStoreFile(store.file, new StoreCollections([ENDPOINTS, THINGS])), 't1')).toEqual({ id: 't1', size: 1 });
  });

  it('keeps the records of collections no loaded plugin registered, and writes them back unchanged', async () => {
    const first = new FileStore(dir, { collections: new StoreCollections([ENDPOINTS, KEYS, THINGS]) });
    await first.load();
    await first.commit({ baseVersion: 0, ops: [KEYS.put(gatewayKey('key_a')), THINGS.put({ id: 't1', size: 1 })] });
    await first.close();
    // A gateway without those plugins changes an endpoint: the keys and things survive its write.
    const second = new FileStore(dir, { collections: new StoreCollections([ENDPOINTS]) });
    await second.load();
    await second.commit({ baseVersion: 1, ops: [ENDPOINTS.put(endpoint('e'))] });
    await second.close();
    const again = readStoreFile(path.join(dir, 'store.json'), new StoreCollections([ENDPOINTS, KEYS, THINGS]));
    expect(KEYS.get(again, 'key_a')).toEqual(gatewayKey('key_a'));
    expect(THINGS.get(again, 't1')).toEqual({ id: 't1', size: 1 });
    expect([...ENDPOINTS.all(again).keys()]).toEqual(['e']);
  });

  it('offers one collection with get/list/put/delete and tells of its changes only', async () => {
    const store = new FileStore(dir, { collections: new StoreCollections([ENDPOINTS]) });
    const things = store.collection(THINGS);
    await store.load();
    expect(() => store.collection(KEYS)).toThrow(/registered after the store was loaded/);
    const seen: string[][] = [];
    things.onChange((records) => seen.push([...records.keys()]));
    await things.put({ id: 't1', size: 1 });
    await store.commit({ baseVersion: 1, ops: [ENDPOINTS.put(endpoint('e'))] });
    await things.put({ id: 't2', size: 2 });
    await things.delete('t1');
    expect(seen).toEqual([['t1'], ['t1', 't2'], ['t2']]);
    expect(things.get('t2')).toEqual({ id: 't2', size: 2 });
    expect([...things.list().keys()]).toEqual(['t2']);
    await store.close();
  });

  it('applies commits one at a time and refuses one validated against an old version', async () => {
    const store = new FileStore(dir, { collections: new StoreCollections([ENDPOINTS]) });
    await store.load();
    const [one, two] = await Promise.allSettled([
      store.commit({ baseVersion: 0, ops: [ENDPOINTS.put(endpoint('a'))] }),
      store.commit({ baseVersion: 0, ops: [ENDPOINTS.put(endpoint('b'))] }),
    ]);
    expect(one.status).toBe('fulfilled');
    expect(two.status === 'rejected' && two.reason).toBeInstanceOf(StoreConflictError);
    await store.commit({ baseVersion: 1, ops: [ENDPOINTS.put(endpoint('b')), ENDPOINTS.delete('a')] });
    await store.close();
    const reread = new FileStore(dir, { collections: new StoreCollections([ENDPOINTS]) });
    const snapshot = await reread.load();
    expect(snapshot.version).toBe(2);
    expect([...ENDPOINTS.all(snapshot).keys()]).toEqual(['b']);
    await reread.close();
  });

  it('refuses a directory that another live process has locked, and takes over the lock of a dead one', async () => {
    fs.mkdirSync(dir, { recursive: true });
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    try {
      fs.writeFileSync(path.join(dir, 'store.lock'), JSON.stringify({ pid: sleeper.pid, host: os.hostname(), since: 'now' }));
      await expect(new FileStore(dir, { collections: new StoreCollections([ENDPOINTS]) }).load()).rejects.toThrow(LockHeldError);
      await expect(new FileStore(dir, { collections: new StoreCollections([ENDPOINTS]) }).load()).rejects.toThrow(new RegExp(`in use by another gateway \\(pid ${sleeper.pid}`));
    } finally {
      sleeper.kill('SIGKILL');
      await new Promise((resolve) => sleeper.once('exit', resolve));
    }
    // Now the recorded pid is dead: its lock is stale.
    const store = new FileStore(dir, { collections: new StoreCollections([ENDPOINTS]) });
    await store.load();
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'store.lock'), 'utf8')).pid).toBe(process.pid);
    await store.close();
  });

  it('refuses a second store on the same directory in the same process', async () => {
    const first = new FileStore(dir, { collections: new StoreCollections([ENDPOINTS]) });
    await first.commit({ baseVersion: 0, ops: [ENDPOINTS.put(endpoint('a'))] });
    await expect(new FileStore(dir, { collections: new StoreCollections([ENDPOINTS]) }).load()).rejects.toThrow(LockHeldError);
    await first.close();
  });

  it('reports an unreadable store file instead of starting empty', async () => {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'store.json'), '{"format": "model-gateway-store/1", "vers');
    await expect(new FileStore(dir, { collections: new StoreCollections([ENDPOINTS]) }).load()).rejects.toThrow(/not valid JSON/);
  });

  it('creates a random key file readable by its owner only, once', async () => {
    const { text, file } = await createKeyFile(dir);
    expect(Buffer.from(text, 'base64')).toHaveLength(32);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(readKeyFile(dir)).toBe(text);
    await expect(createKeyFile(dir)).rejects.toThrow(/EEXIST/);
  });
});
