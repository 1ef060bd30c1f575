import { Redis } from 'ioredis';
import { eventually } from '../../../../test/support/eventually';
import { startRedisServer, type RedisServerHandle } from '../../../../test/support/redis-server';
import { z } from 'zod';
import { StoreInvalidError, StoreUnavailableError } from '../admin-store';
import { defineCollection } from '../collection';
import { sealedSecretSchema } from '../record-schemas';
import { StoreCollections } from '../store-collections';
import { RedisAdminStore } from './redis-store';

/** admin-api's endpoints as it registers them (a stand-in schema: the store only needs one), kept where gateways before collections kept them. */
const ENDPOINTS = defineCollection('admin-api/endpoints', z.looseObject({ name: z.string(), body: z.record(z.string(), z.unknown()) }), { idField: 'name' });
/** admin-api's connections likewise: credentials sealed as the store's envelope seals them. */
const CONNECTIONS = defineCollection('admin-api/connections', z.looseObject({ name: z.string(), secrets: z.record(z.string(), sealedSecretSchema) }), { idField: 'name' });
/** Collections as plugins register them: at the place gateway keys always had, and namespaced. */
const KEYS = defineCollection('gateway-keys/keys', z.looseObject({ id: z.string(), budget_period: z.enum(['day', 'month']) }), { idField: 'id' });
const THINGS = defineCollection('test-plugin/things', z.looseObject({ id: z.string(), size: z.number() }), { idField: 'id' });

const endpoint = (name: string) => ({ name, body: { name, kind: 'chat', provider: 'mock', model: 'echo' }, created_at: 't', updated_at: 't' });

/**
 * Values in Redis that the store did not write (damaged, or set by hand): refused at
 * start with the key and field named, never applied, and never written over.
 */
describe('RedisAdminStore with invalid stored values', () => {
  let server: RedisServerHandle;
  let raw: Redis;
  let prefix: string;
  let count = 0;
  const opened: RedisAdminStore[] = [];
  const open = (pollMs = 100) => {
    const store = new RedisAdminStore({ url: server.url, keyPrefix: prefix, pollMs, commandTimeoutMs: 1000, collections: new StoreCollections([CONNECTIONS, ENDPOINTS, KEYS, THINGS]) });
    opened.push(store);
    return store;
  };
  const write = (name: string, baseVersion: number) => ({ baseVersion, ops: [ENDPOINTS.put(endpoint(name))] });

  beforeAll(async () => {
    server = await startRedisServer();
    raw = new Redis(server.url);
  });
  afterAll(async () => {
    raw.disconnect();
    await server.stop();
  });
  beforeEach(() => {
    prefix = `v${process.pid}:${++count}:`;
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((s) => s.close()));
  });

  it.each([
    ['not JSON', 'endpoints', 'e', '{"name": "e", ', /admin:endpoints field "e": not valid JSON/],
    ['a body that is a string', 'endpoints', 'e', JSON.stringify({ ...endpoint('e'), body: 'x' }), /admin:endpoints field "e": body: Invalid input: expected record/],
    ['a record under another name', 'connections', 'c', JSON.stringify({ name: 'd', type: 'mock', fields: {}, secrets: {}, created_at: 't', updated_at: 't' }), /admin:connections field "c": name: must equal/],
    ['a key record with unknown budget period', 'keys', 'key_1', JSON.stringify({ id: 'key_1', name: 'k', hash: 'h', last4: 'abcd', endpoints: '*', expires_at: null, rpm: null, tpm: null, budget_usd: null, budget_period: 'week', created_at: 't', revoked_at: null }), /admin:keys field "key_1": budget_period/],
    ['a namespaced record of the wrong shape', 'collection:test-plugin/things', 't', JSON.stringify({ id: 't', size: 'big' }), /admin:collection:test-plugin\/things field "t": size/],
  ])('refuses to load %s, naming the key and field, and leaves it as it was', async (_name, hash, field, value, message) => {
    await raw.hset(`${prefix}admin:${hash}`, field, value);
    const store = open();
    const loading = store.load();
    await expect(loading).rejects.toThrow(StoreInvalidError);
    await expect(loading).rejects.toThrow(message);
    await expect(loading).rejects.toThrow(`${prefix}admin:${hash}`);
    expect(await raw.hget(`${prefix}admin:${hash}`, field)).toBe(value);
  });

  it('refuses a version that is not a number', async () => {
    await raw.set(`${prefix}admin:version`, 'seven');
    await expect(open().load()).rejects.toThrow(new RegExp(`${prefix}admin:version: "seven" is not a version number`));
    expect(await raw.get(`${prefix}admin:version`)).toBe('seven');
  });

  it('never commits over a value damaged after it started, and resumes once the value is fixed', async () => {
    const store = open();
    await store.load();
    await store.commit(write('e', 0));
    // Damaged behind the store's back, with no version bump: the commit script itself refuses to replace it.
    await raw.hset(`${prefix}admin:endpoints`, 'e', 'garbage');
    await expect(store.commit(write('e', 1))).rejects.toThrow(new RegExp(`${prefix}admin:endpoints field "e"; the change would write over it`));
    expect(await raw.hget(`${prefix}admin:endpoints`, 'e')).toBe('garbage');
    // From then on the store refuses every commit, at once, and once it has re-read the damage says what is wrong (the poll re-reads until it is fixed).
    await expect(store.commit(write('other', 1))).rejects.toThrow(StoreUnavailableError);
    await eventually(() => expect(store.commit(write('other', 1))).rejects.toThrow(/field "e": not valid JSON/));
    expect([...ENDPOINTS.all(store.current()).keys()]).toEqual(['e']);
    expect(await raw.hexists(`${prefix}admin:endpoints`, 'other')).toBe(0);

    await raw.hset(`${prefix}admin:endpoints`, 'e', JSON.stringify(endpoint('e')));
    const next = await eventually(() => store.commit(write('other', 1)));
    expect([...ENDPOINTS.all(next).keys()].sort()).toEqual(['e', 'other']);
  });
});
