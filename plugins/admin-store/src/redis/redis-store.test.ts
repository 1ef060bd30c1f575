import { Redis } from 'ioredis';
import { eventually } from '../../../../test/support/eventually';
import { startRedisServer, type RedisServerHandle } from '../../../../test/support/redis-server';
import { z } from 'zod';
import { RedisConnections } from '@model-gateway/core/internal';
import { StoreConflictError, StoreUnavailableError } from '../admin-store';
import { defineCollection } from '../collection';
import { sealedSecretSchema } from '../record-schemas';
import { StoreCollections } from '../store-collections';
import { RedisAdminStore } from './redis-store';

const endpoint = (name: string, model = 'echo') => ({ name, body: { name, kind: 'chat', provider: 'mock', model }, created_at: 't', updated_at: 't' });

/** admin-api's endpoints as it registers them (a stand-in schema: the store only needs one), kept where gateways before collections kept them. */
const ENDPOINTS = defineCollection('admin-api/endpoints', z.looseObject({ name: z.string(), body: z.record(z.string(), z.unknown()) }), { idField: 'name' });
/** admin-api's connections likewise: credentials sealed as the store's envelope seals them. */
const CONNECTIONS = defineCollection('admin-api/connections', z.looseObject({ name: z.string(), secrets: z.record(z.string(), sealedSecretSchema) }), { idField: 'name' });
/** Gateway keys as their plugin registers them (a stand-in schema: the store only needs one), and a namespaced collection. */
const KEYS = defineCollection('gateway-keys/keys', z.looseObject({ id: z.string(), hash: z.string() }), { idField: 'id' });
const THINGS = defineCollection('test-plugin/things', z.looseObject({ id: z.string(), size: z.number() }), { idField: 'id' });
const gatewayKey = (id: string, revoked: string | null = null) => ({
  id, name: id, hash: `hash-${id}`, last4: 'abcd', endpoints: ['one'], expires_at: null, rpm: 5, tpm: null, budget_usd: null, budget_period: 'day', created_at: 't', revoked_at: revoked,
});

describe('RedisAdminStore', () => {
  let server: RedisServerHandle;
  let prefix: string;
  let count = 0;
  const opened: RedisAdminStore[] = [];
  const open = (pollMs = 1000) => {
    const store = new RedisAdminStore({ url: server.url, keyPrefix: prefix, pollMs, commandTimeoutMs: 300, collections: new StoreCollections([CONNECTIONS, ENDPOINTS, KEYS, THINGS]) });
    opened.push(store);
    return store;
  };

  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(async () => {
    await server.stop();
  });
  beforeEach(() => {
    prefix = `t${process.pid}:${++count}:`;
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((s) => s.close()));
  });

  it('commits atomically under the prefix and tells another replica within a second', async () => {
    const a = open();
    const b = open(60_000);
    await a.load();
    await b.load();
    const seen: number[] = [];
    b.onRemoteChange((snapshot) => seen.push(snapshot.version));
    const started = Date.now();
    const next = await a.commit({ baseVersion: 0, ops: [ENDPOINTS.put(endpoint('one'))] });
    expect(next.version).toBe(1);
    // b polls only once a minute here: the pub/sub notification is what brings the change.
    await eventually(() => expect(ENDPOINTS.all(b.current()).get('one')?.body.model).toBe('echo'));
    expect(Date.now() - started).toBeLessThan(1000);
    expect(seen).toEqual([1]);
    const raw = new Redis(server.url);
    try {
      expect(await raw.get(`${prefix}admin:version`)).toBe('1');
      expect(await raw.hkeys(`${prefix}admin:endpoints`)).toEqual(['one']);
    } finally {
      raw.disconnect();
    }
  });

  it('refuses a commit validated against an older version, and applies none of it', async () => {
    const a = open();
    const b = open();
    await a.load();
    await b.load();
    await a.commit({ baseVersion: 0, ops: [ENDPOINTS.put(endpoint('one'))] });
    const stale = b.commit({ baseVersion: 0, ops: [ENDPOINTS.put(endpoint('two')), ENDPOINTS.delete('one')] });
    await expect(stale).rejects.toBeInstanceOf(StoreConflictError);
    const fresh = open();
    const snapshot = await fresh.load();
    expect([...ENDPOINTS.all(snapshot).keys()]).toEqual(['one']);
    expect(snapshot.version).toBe(1);
  });

  it('a replica that missed the notification catches up by polling the version', async () => {
    const a = open();
    const b = open(200);
    await a.load();
    await b.load();
    // Written behind both stores' backs, with no PUBLISH: only the version tells.
    const raw = new Redis(server.url);
    try {
      await raw.multi().hset(`${prefix}admin:endpoints`, 'sneaky', JSON.stringify(endpoint('sneaky'))).incr(`${prefix}admin:version`).exec();
    } finally {
      raw.disconnect();
    }
    await eventually(() => expect(ENDPOINTS.all(b.current()).has('sneaky')).toBe(true));
  });

  it('while Redis is unreachable keeps the last state and fails commits fast; a failed commit that reaches Redis late does nothing', async () => {
    const a = open(100);
    await a.load();
    await a.commit({ baseVersion: 0, ops: [ENDPOINTS.put(endpoint('kept'))] });
    await server.pause();
    try {
      const started = Date.now();
      await expect(a.commit({ baseVersion: 1, ops: [ENDPOINTS.put(endpoint('lost'))] })).rejects.toBeInstanceOf(StoreUnavailableError);
      expect(Date.now() - started).toBeLessThan(1500);
      expect([...ENDPOINTS.all(a.current()).keys()]).toEqual(['kept']);
    } finally {
      await server.resume();
    }
    const next = await eventually(() => a.commit({ baseVersion: 1, ops: [ENDPOINTS.put(endpoint('after'))] }));
    expect([...ENDPOINTS.all(next).keys()].sort()).toEqual(['after', 'kept']);
  });

  it('keeps gateway keys in their own hash, by id, replicated like the other records', async () => {
    const a = open();
    const b = open(60_000);
    await a.load();
    await b.load();
    await a.commit({ baseVersion: 0, ops: [KEYS.put(gatewayKey('key_1')), KEYS.put(gatewayKey('key_2')), ENDPOINTS.put(endpoint('one'))] });
    await eventually(() => expect([...KEYS.all(b.current()).keys()].sort()).toEqual(['key_1', 'key_2']));
    await b.commit({ baseVersion: 1, ops: [KEYS.put(gatewayKey('key_1', 'now')), KEYS.delete('key_2')] });
    await eventually(() => expect(KEYS.get(a.current(), 'key_1')?.revoked_at).toBe('now'));
    expect(KEYS.get(a.current(), 'key_2')).toBeUndefined();
    const raw = new Redis(server.url);
    try {
      expect(await raw.hkeys(`${prefix}admin:keys`)).toEqual(['key_1']);
      expect(await raw.hkeys(`${prefix}admin:endpoints`)).toEqual(['one']);
    } finally {
      raw.disconnect();
    }
    expect(KEYS.get(await open().load(), 'key_1')).toEqual(gatewayKey('key_1', 'now'));
  });

  it('stores any namespaced collection in a hash of its own with the same script, and tells each replica of its changes', async () => {
    const a = open();
    const b = open(60_000);
    const things = b.collection(THINGS);
    const seen: string[][] = [];
    things.onChange((records) => seen.push([...records.keys()].sort()));
    await a.load();
    await b.load();
    await a.commit({ baseVersion: 0, ops: [THINGS.put({ id: 't1', size: 1 }), KEYS.put(gatewayKey('key_1'))] });
    await eventually(() => expect(things.get('t1')).toEqual({ id: 't1', size: 1 }));
    await things.put({ id: 't2', size: 2 });
    await eventually(() => expect(THINGS.get(a.current(), 't2')).toEqual({ id: 't2', size: 2 }));
    // A change to another collection is no change to this one.
    await a.commit({ baseVersion: 2, ops: [KEYS.delete('key_1')] });
    await eventually(() => expect(KEYS.all(b.current()).size).toBe(0));
    expect(seen).toEqual([['t1'], ['t1', 't2']]);
    const raw = new Redis(server.url);
    try {
      expect((await raw.hkeys(`${prefix}admin:collection:test-plugin/things`)).sort()).toEqual(['t1', 't2']);
    } finally {
      raw.disconnect();
    }
  });

  it('opens its two connections from the gateway\'s factory and gives them back on close', async () => {
    const redis = new RedisConnections({ url: server.url, keyPrefix: prefix });
    const store = new RedisAdminStore({ redis, keyPrefix: prefix, commandTimeoutMs: 300, collections: new StoreCollections([ENDPOINTS]) });
    expect(redis.count).toBe(2);
    await store.load();
    await store.commit({ baseVersion: 0, ops: [ENDPOINTS.put(endpoint('one'))] });
    await store.close();
    expect(redis.count).toBe(0);
  });
});
