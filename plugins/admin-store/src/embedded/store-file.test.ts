import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { StoreConflictError, StoreInvalidError, StoreUnavailableError } from '../admin-store';
import { defineCollection } from '../collection';
import { sealedSecretSchema } from '../record-schemas';
import { StoreCollections } from '../store-collections';
import { FileStore } from './file-store';
import { readStoreFile, serialize } from './store-file';

/** admin-api's endpoints as it registers them (a stand-in schema: the store only needs one), kept where gateways before collections kept them. */
const ENDPOINTS = defineCollection('admin-api/endpoints', z.looseObject({ name: z.string(), body: z.record(z.string(), z.unknown()) }), { idField: 'name' });
/** admin-api's connections likewise: credentials sealed as the store's envelope seals them. */
const CONNECTIONS = defineCollection('admin-api/connections', z.looseObject({ name: z.string(), secrets: z.record(z.string(), sealedSecretSchema) }), { idField: 'name' });
/** Collections as plugins register them: one at the place gateway keys had before collections, one namespaced. */
const KEYS = defineCollection('gateway-keys/keys', z.looseObject({ id: z.string(), hash: z.string() }), { idField: 'id' });
const THINGS = defineCollection('test-plugin/things', z.looseObject({ id: z.string(), size: z.number() }), { idField: 'id' });
const registered = () => new StoreCollections([CONNECTIONS, ENDPOINTS, KEYS, THINGS]);

const endpoint = (name: string) => ({ name, body: { name, kind: 'chat', provider: 'mock', model: 'echo' }, created_at: 't', updated_at: 't' });
const sealed = { kek: 1, key: 'a2V5', data: 'ZGF0YQ==' };
const connection = { name: 'c', type: 'openai', fields: { base_url: 'https://x' }, secrets: { api_key: sealed }, created_at: 't', updated_at: 't' };
const valid = () => ({ format: 'model-gateway-store/1', version: 3, kek: null, connections: { c: connection }, endpoints: { e: endpoint('e') }, keys: {} });

/** Files that must be refused, each with the field the message must name. */
const BAD: Array<[string, (file: ReturnType<typeof valid>) => unknown, RegExp]> = [
  ['endpoints is a string', (f) => ({ ...f, endpoints: 'abc' }), /endpoints: Invalid input: expected record, received string/],
  ['connections is an array', (f) => ({ ...f, connections: [connection] }), /connections: Invalid input: expected record, received array/],
  ['a record filed under another name', (f) => ({ ...f, endpoints: { other: endpoint('e') } }), /endpoints\.other\.name: must equal the key it is stored under/],
  ['a sealed secret of the wrong shape', (f) => ({ ...f, connections: { c: { ...connection, secrets: { api_key: { ...sealed, kek: 'one' } } } } }), /connections\.c\.secrets\.api_key\.kek/],
  ['a negative version', (f) => ({ ...f, version: -1 }), /version: /],
  ['a key record without its hash', (f) => ({ ...f, keys: { key_1: { id: 'key_1', name: 'k' } } }), /keys\.key_1\.hash/],
  ['a namespaced record of the wrong shape', (f) => ({ ...f, format: 'model-gateway-store/2', collections: { 'test-plugin/things': { t: { id: 't', size: 'big' } } } }), /collections\.test-plugin\/things\.t\.size/],
  ['a namespaced record filed under another id', (f) => ({ ...f, format: 'model-gateway-store/2', collections: { 'test-plugin/things': { t: { id: 'u', size: 1 } } } }), /collections\.test-plugin\/things\.t\.id: must equal/],
  ['a KEK description with an unknown KDF', (f) => ({ ...f, kek: { version: 1, id: 'x', kdf: { name: 'md5' } } }), /kek\.kdf/],
  ['no object at all', () => ['model-gateway-store/1'], /unknown format undefined/],
];

describe('the store file', () => {
  let root: string;
  let dir: string;
  let file: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'mg-store-file-'));
    dir = path.join(root, 'data');
    file = path.join(dir, 'store.json');
    fs.mkdirSync(dir);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('reads back what it writes, keeping fields a newer gateway added', () => {
    const text = JSON.stringify({ ...valid(), connections: { c: { ...connection, sealed_headers: { 'x-api-key': sealed } } } });
    fs.writeFileSync(file, text);
    const snapshot = readStoreFile(file);
    expect(CONNECTIONS.get(snapshot, 'c')).toMatchObject({ sealed_headers: { 'x-api-key': sealed } });
    expect(JSON.parse(serialize(snapshot))).toEqual(JSON.parse(text));
  });

  it.each(BAD)('refuses %s, naming the file and the field, and leaves its bytes alone', async (_name, damage, field) => {
    const text = JSON.stringify(damage(valid()), null, 1);
    fs.writeFileSync(file, text);
    expect(() => readStoreFile(file, registered())).toThrow(StoreInvalidError);
    const store = new FileStore(dir, { collections: registered() });
    await expect(store.load()).rejects.toThrow(field);
    await expect(store.load()).rejects.toThrow(file);
    // A store that refused to load refuses every write too.
    await expect(store.commit({ baseVersion: 0, ops: [ENDPOINTS.put(endpoint('x'))] })).rejects.toThrow(StoreUnavailableError);
    await store.close();
    expect(fs.readFileSync(file, 'utf8')).toBe(text);
    expect(fs.readdirSync(dir)).toEqual(['store.json']);
  });

  it('does not write over a store file that appeared after it started: reads it first, and refuses it when invalid', async () => {
    fs.rmSync(dir, { recursive: true });
    const late = new FileStore(dir, { collections: registered() });
    expect((await late.load()).version).toBe(0);
    // A gateway that held the directory wrote this and died (its lock is gone with it).
    fs.mkdirSync(dir);
    fs.writeFileSync(file, JSON.stringify(valid()));
    const write = { baseVersion: 0, ops: [ENDPOINTS.put(endpoint('x'))] };
    await expect(late.commit(write)).rejects.toThrow(StoreConflictError);
    // Now current with what it found, it commits on top of it.
    expect([...ENDPOINTS.all((await late.sync())).keys()]).toEqual(['e']);
    await late.commit({ ...write, baseVersion: 3 });
    expect([...ENDPOINTS.all(readStoreFile(file)).keys()]).toEqual(['e', 'x']);
    await late.close();

    const text = '{"format": "model-gateway-store/1", "version": 1, "kek": null, "connections": [], "endpoints": {}}';
    fs.rmSync(dir, { recursive: true });
    const another = new FileStore(dir, { collections: registered() });
    await another.load();
    fs.mkdirSync(dir);
    fs.writeFileSync(file, text);
    await expect(another.commit(write)).rejects.toThrow(/store\.json is not a valid store file: connections/);
    expect(fs.readFileSync(file, 'utf8')).toBe(text);
    expect(fs.existsSync(path.join(dir, 'store.lock'))).toBe(false);
    await another.close();
  });
});
