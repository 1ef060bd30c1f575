import { Redis } from 'ioredis';
import { eventually } from '../../../../test/support/eventually';
import { startRedisServer, type RedisServerHandle } from '../../../../test/support/redis-server';
import { StoreConflictError, StoreUnavailableError } from '../admin-store';
import type { EndpointRecord, KeyRecord } from '../records';
import { RedisAdminStore } from './redis-store';

const endpoint = (name: string, model = 'echo'): EndpointRecord => ({ name, body: { name, kind: 'chat', provider: 'mock', model }, created_at: 't', updated_at: 't' });

const gatewayKey = (id: string, revoked: string | null = null): KeyRecord => ({
  id, name: id, hash: `hash-${id}`, last4: 'abcd', endpoints: ['one'], expires_at: null, rpm: 5, tpm: null, budget_usd: null, budget_period: 'day', created_at: 't', revoked_at: revoked,
});

describe('RedisAdminStore', () => {
  let server: RedisServerHandle;
  let prefix: string;
  let count = 0;
  const opened: RedisAdminStore[] = [];
  const open = (pollMs = 1000) => {
    const store = new RedisAdminStore({ url: server.url, keyPrefix: prefix, pollMs, commandTimeoutMs: 300 });
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
    const next = await a.commit({ baseVersion: 0, ops: [{ op: 'put-endpoint', record: endpoint('one') }] });
    expect(next.version).toBe(1);
    // b polls only once a minute here: the pub/sub notification is what brings the change.
    await eventually(() => expect(b.current().endpoints.get('one')?.body.model).toBe('echo'));
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
    await a.commit({ baseVersion: 0, ops: [{ op: 'put-endpoint', record: endpoint('one') }] });
    const stale = b.commit({ baseVersion: 0, ops: [{ op: 'put-endpoint', record: endpoint('two') }, { op: 'delete-endpoint', name: 'one' }] });
    await expect(stale).rejects.toBeInstanceOf(StoreConflictError);
    const fresh = open();
    const snapshot = await fresh.load();
    expect([...snapshot.endpoints.keys()]).toEqual(['one']);
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
    await eventually(() => expect(b.current().endpoints.has('sneaky')).toBe(true));
  });

  it('while Redis is unreachable keeps the last state and fails commits fast; a failed commit that reaches Redis late does nothing', async () => {
    const a = open(100);
    await a.load();
    await a.commit({ baseVersion: 0, ops: [{ op: 'put-endpoint', record: endpoint('kept') }] });
    await server.pause();
    try {
      const started = Date.now();
      await expect(a.commit({ baseVersion: 1, ops: [{ op: 'put-endpoint', record: endpoint('lost') }] })).rejects.toBeInstanceOf(StoreUnavailableError);
      expect(Date.now() - started).toBeLessThan(1500);
      expect([...a.current().endpoints.keys()]).toEqual(['kept']);
    } finally {
      await server.resume();
    }
    const next = await eventually(() => a.commit({ baseVersion: 1, ops: [{ op: 'put-endpoint', record: endpoint('after') }] }));
    expect([...next.endpoints.keys()].sort()).toEqual(['after', 'kept']);
  });

  it('keeps gateway keys in their own hash, by id, replicated like the other records', async () => {
    const a = open();
    const b = open(60_000);
    await a.load();
    await b.load();
    await a.commit({ baseVersion: 0, ops: [{ op: 'put-key', record: gatewayKey('key_1') }, { op: 'put-key', record: gatewayKey('key_2') }, { op: 'put-endpoint', record: endpoint('one') }] });
    await eventually(() => expect([...b.current().keys.keys()].sort()).toEqual(['key_1', 'key_2']));
    await b.commit({ baseVersion: 1, ops: [{ op: 'put-key', record: gatewayKey('key_1', 'now') }, { op: 'delete-key', id: 'key_2' }] });
    await eventually(() => expect(a.current().keys.get('key_1')?.revoked_at).toBe('now'));
    expect(a.current().keys.has('key_2')).toBe(false);
    const raw = new Redis(server.url);
    try {
      expect(await raw.hkeys(`${prefix}admin:keys`)).toEqual(['key_1']);
      expect(await raw.hkeys(`${prefix}admin:endpoints`)).toEqual(['one']);
    } finally {
      raw.disconnect();
    }
    expect((await open().load()).keys.get('key_1')).toEqual(gatewayKey('key_1', 'now'));
  });
});
