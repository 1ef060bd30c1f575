import { z } from 'zod';
import { defineCollection, RedisAdminStore, StoreCollections, StoreUnavailableError } from '../../plugins/admin-store/src';
import type { RedisTopology } from '../../core/src/state/redis-topology';
import { eventually } from '../support/eventually';
import { PROCESS_HOOK_TIMEOUT_MS } from '../support/gateway-process';
import { redisCommand, redisInfo } from '../support/redis-daemon';
import { startRedisCluster, type RedisClusterHandle } from '../support/redis-cluster';
import { startRedisSentinel, type RedisSentinelHandle } from '../support/redis-sentinel';

const ENDPOINTS = defineCollection('admin-api/endpoints', z.looseObject({ name: z.string(), body: z.record(z.string(), z.unknown()) }), { idField: 'name' });
const KEYS = defineCollection('gateway-keys/keys', z.looseObject({ id: z.string(), revoked_at: z.string().nullable() }), { idField: 'id' });
const THINGS = defineCollection('test-plugin/things', z.looseObject({ id: z.string() }), { idField: 'id' });
const endpoint = (name: string) => ({ name, body: { name, kind: 'chat', provider: 'mock', model: 'echo' }, created_at: 't', updated_at: 't' });

/** A replica's store: its change notice is the only way it hears of another's commit (its poll is a minute). */
function storeOn(topology: RedisTopology, keyPrefix: string, opened: RedisAdminStore[]): RedisAdminStore {
  const store = new RedisAdminStore({ topology, keyPrefix, pollMs: 60_000, commandTimeoutMs: 500, collections: new StoreCollections([ENDPOINTS, KEYS, THINGS]) });
  opened.push(store);
  return store;
}

/**
 * The admin store (endpoints, connections, gateway keys: one Lua commit over several keys
 * and a PUBLISH) with two replicas on a Redis Cluster and on a Sentinel-managed primary:
 * no CROSSSLOT, the change notice reaches the other replica, and after a failover the
 * same stores commit and hear each other again.
 */
describe('admin store on a Redis Cluster', () => {
  let cluster: RedisClusterHandle;
  let topology: RedisTopology;
  const opened: RedisAdminStore[] = [];
  const prefix = `adm${process.pid}:`;

  beforeAll(async () => {
    cluster = await startRedisCluster();
    topology = { kind: 'cluster', nodes: cluster.seeds };
  }, PROCESS_HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await Promise.all(opened.map((store) => store.close()));
    await cluster?.stop();
  }, PROCESS_HOOK_TIMEOUT_MS);

  it('commits over several collections in one script, and the other replica hears of it', async () => {
    const a = storeOn(topology, prefix, opened);
    const b = storeOn(topology, prefix, opened);
    await Promise.all([a.load(), b.load()]);
    const next = await a.commit({ baseVersion: 0, ops: [ENDPOINTS.put(endpoint('one')), KEYS.put({ id: 'k1', revoked_at: null }), THINGS.put({ id: 't1' })] });
    expect(next.version).toBe(1);
    await eventually(() => expect(KEYS.all(b.current()).get('k1')).toEqual({ id: 'k1', revoked_at: null }), 10_000);
    // A revocation made on b reaches a the same way.
    await b.commit({ baseVersion: 1, ops: [KEYS.put({ id: 'k1', revoked_at: '2026-01-01T00:00:00Z' })] });
    await eventually(() => expect(KEYS.all(a.current()).get('k1')?.revoked_at).toBe('2026-01-01T00:00:00Z'), 10_000);

    // Every key of the store is under one hash tag, so one node holds them all.
    const seedPort = Number(new URL(cluster.seeds[0]).port);
    const slots = await Promise.all(
      [`${prefix}{admin}:version`, `${prefix}{admin}:endpoints`, `${prefix}{admin}:keys`, `${prefix}{admin}:collection:test-plugin/things`].map((key) => redisCommand(seedPort, 'CLUSTER', 'KEYSLOT', key)),
    );
    expect(new Set(slots).size).toBe(1);
    const owner = await cluster.primaryForKey(`${prefix}{admin}:version`);
    expect(await redisCommand(owner, 'GET', `${prefix}{admin}:version`)).toBe('2');
  });

  it('refuses commits while the primary holding the store is dead, then commits and notifies again after its replica takes over', async () => {
    const a = storeOn(topology, `${prefix}fo:`, opened);
    const b = storeOn(topology, `${prefix}fo:`, opened);
    await Promise.all([a.load(), b.load()]);
    await a.commit({ baseVersion: 0, ops: [ENDPOINTS.put(endpoint('before'))] });
    await eventually(() => expect(b.current().version).toBe(1), 10_000);
    // The subscriber may sit on the node that dies: it must move to another one, and the notice still arrive.
    const victim = await cluster.primaryForKey(`${prefix}fo:{admin}:version`);
    // Replication is asynchronous: wait until the replica has what was committed, so the kill loses none of it.
    await eventually(async () => {
      const info = await redisInfo(victim, 'replication');
      expect(info.slave0).toMatch(new RegExp(`offset=${info.master_repl_offset},`));
    }, 10_000);

    await cluster.kill(victim);
    await expect(a.commit({ baseVersion: 1, ops: [ENDPOINTS.put(endpoint('during'))] })).rejects.toBeInstanceOf(StoreUnavailableError);
    // Both replicas keep the last state they read.
    expect(ENDPOINTS.all(b.current()).has('before')).toBe(true);
    await cluster.waitForPromotion(victim);

    await eventually(() => a.commit({ baseVersion: a.current().version, ops: [ENDPOINTS.put(endpoint('after'))] }), 15_000);
    await eventually(() => expect(ENDPOINTS.all(b.current()).has('after')).toBe(true), 15_000);
    expect(ENDPOINTS.all(b.current()).has('during')).toBe(false);
  });
});

describe('admin store on a Sentinel-managed primary', () => {
  let sentinel: RedisSentinelHandle;
  let topology: RedisTopology;
  const opened: RedisAdminStore[] = [];
  const prefix = `adms${process.pid}:`;

  beforeAll(async () => {
    sentinel = await startRedisSentinel();
    topology = { kind: 'sentinel', name: sentinel.name, sentinels: sentinel.sentinels, tls: false, db: 0 };
  }, PROCESS_HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await Promise.all(opened.map((store) => store.close()));
    await sentinel?.stop();
  }, PROCESS_HOOK_TIMEOUT_MS);

  it('keeps its key names, and after the primary dies the same stores commit and hear each other on the promoted one', async () => {
    const a = storeOn(topology, prefix, opened);
    const b = storeOn(topology, prefix, opened);
    await Promise.all([a.load(), b.load()]);
    await a.commit({ baseVersion: 0, ops: [ENDPOINTS.put(endpoint('before')), KEYS.put({ id: 'k1', revoked_at: null })] });
    await eventually(() => expect(KEYS.all(b.current()).has('k1')).toBe(true), 10_000);
    const primary = await sentinel.primaryPort();
    // On one primary the names are those a single node has always used: no hash tag.
    expect(await redisCommand(primary, 'GET', `${prefix}admin:version`)).toBe('1');

    const victim = await sentinel.killPrimary();
    await expect(a.commit({ baseVersion: 1, ops: [ENDPOINTS.put(endpoint('during'))] })).rejects.toBeInstanceOf(StoreUnavailableError);
    await sentinel.waitForPromotion(victim);

    // Both subscribers reconnect through the sentinels and subscribe again: b hears of a's revocation.
    await eventually(() => a.commit({ baseVersion: a.current().version, ops: [KEYS.put({ id: 'k1', revoked_at: '2026-01-01T00:00:00Z' })] }), 15_000);
    await eventually(() => expect(KEYS.all(b.current()).get('k1')?.revoked_at).toBe('2026-01-01T00:00:00Z'), 15_000);
    expect(ENDPOINTS.all(b.current()).has('during')).toBe(false);
  });
});
