import { Cluster } from 'ioredis';
import { RedisStateStore } from '../../core/src/state/redis-state-store';
import type { RedisTopology } from '../../core/src/state/redis-topology';
import { eventually } from '../support/eventually';
import { PROCESS_HOOK_TIMEOUT_MS } from '../support/gateway-process';
import { redisCommand, redisInfo } from '../support/redis-daemon';
import { startRedisCluster, type RedisClusterHandle } from '../support/redis-cluster';
import { describeStateStoreContract } from './state-store.contract';

/** As in the single-node contract: a call to a part of the store that is away must give up well before a request would. */
const OUTAGE_BUDGET_MS = 1500;

let storeCount = 0;
const opened: RedisStateStore[] = [];

/**
 * The state store on a real Redis Cluster (3 primaries, 3 replicas on loopback): the whole
 * StateStore contract, then what only a Cluster can break: keys one call or script touches
 * in different slots (CROSSSLOT), scripts missing on a node (NOSCRIPT), and a primary dying
 * under the store.
 */
describe('RedisStateStore on a Redis Cluster', () => {
  let cluster: RedisClusterHandle;
  let topology: RedisTopology;
  /** The replica the failover test promoted: a primary with no replica left. */
  let lastPromoted = 0;
  const open = (keyPrefix = `cluster:${process.pid}:${++storeCount}:`) => {
    const store = new RedisStateStore(topology, { keyPrefix });
    opened.push(store);
    return store;
  };

  beforeAll(async () => {
    cluster = await startRedisCluster();
    topology = { kind: 'cluster', nodes: cluster.seeds };
  }, PROCESS_HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
    await cluster?.stop();
  }, PROCESS_HOOK_TIMEOUT_MS);

  describeStateStoreContract('redis cluster', async () => {
    const store = new RedisStateStore(topology, { keyPrefix: `contract:${process.pid}:${++storeCount}:` });
    // TTLs and windows run on the nodes' own clocks, which no test can move: real time passes.
    return { store, cleanup: () => store.close(), pass: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };
  }, { perStepLimits: true });

  it('spreads keys over the primaries, and reads, writes and deletes keys of different slots in one call', async () => {
    const prefix = `spread:${process.pid}:${++storeCount}:`;
    const store = open(prefix);
    const keys = Array.from({ length: 12 }, (_, i) => `counter-${i}`);
    // Each key is its own hash tag: `<prefix>{key}`.
    const owners = new Set(await Promise.all(keys.map((key) => cluster.primaryForKey(`${prefix}{${key}}`))));
    expect(owners.size).toBeGreaterThan(1);

    await Promise.all(keys.map((key, i) => store.incrementHash(key, { requests: i + 1 }, 60)));
    expect(await store.readHashes(keys)).toEqual(keys.map((_, i) => ({ requests: i + 1 })));
    await Promise.all(keys.map((key, i) => store.set(`flag-${key}`, String(i), 60_000)));
    expect(await store.getMany(keys.map((key) => `flag-${key}`))).toEqual(keys.map((_, i) => String(i)));
    await store.delete(keys.map((key) => `flag-${key}`));
    expect(await store.getMany(keys.map((key) => `flag-${key}`))).toEqual(keys.map(() => undefined));

    // The keys are where the scheme says, as another client sees them.
    const raw = new Cluster(cluster.seeds.map((url) => ({ host: new URL(url).hostname, port: Number(new URL(url).port) })));
    try {
      expect(await raw.hget(`${prefix}{counter-3}`, 'requests')).toBe('4');
    } finally {
      raw.disconnect();
    }
  });

  it('keeps a budget\'s three keys in one slot: reserve and settle run as one script', async () => {
    const prefix = `budget:${process.pid}:${++storeCount}:`;
    const store = open(prefix);
    const states = await Promise.all(Array.from({ length: 12 }, (_, i) => store.reserve('team-a', `r${i}`, 1, 4, 60_000, 60_000)));
    expect(states.filter((state) => state.allowed)).toHaveLength(4);
    await store.settle('team-a', 'r0', 0.5, 60_000);
    expect(await store.reserve('team-a', 'ask', 0, 4, 60_000, 60_000)).toEqual({ allowed: true, spent: 0.5, reserved: 3 });
    const slots = await Promise.all([`${prefix}{team-a}`, `${prefix}{team-a}:held`, `${prefix}{team-a}:leases`].map((key) => redisCommand(Number(new URL(cluster.seeds[0]).port), 'CLUSTER', 'KEYSLOT', key)));
    expect(new Set(slots).size).toBe(1);
  });

  it('runs its scripts again after every node forgot them (SCRIPT FLUSH, as a node restarted empty or a replica promoted)', async () => {
    const store = open();
    expect((await store.windowAdd('window', 1, 10, 60_000)).allowed).toBe(true);
    expect((await store.reserve('spend', 'a', 1, 10, 60_000, 60_000)).allowed).toBe(true);
    for (const node of await cluster.nodes()) expect(await redisCommand(node.port, 'SCRIPT', 'FLUSH')).toBe('OK');
    expect(await store.windowAdd('window', 1, 10, 60_000)).toMatchObject({ allowed: true, total: 2 });
    expect(await store.reserve('spend', 'b', 1, 10, 60_000, 60_000)).toMatchObject({ allowed: true, reserved: 2 });
    await store.settle('spend', 'a', 1, 60_000);
    expect(await store.reserve('spend', 'ask', 0, 10, 60_000, 60_000)).toEqual({ allowed: true, spent: 1, reserved: 1 });
  });

  it('gives up within its budget while a primary is dead, and follows the promoted replica without being reopened', async () => {
    const prefix = `failover:${process.pid}:${++storeCount}:`;
    const store = open(prefix);
    await store.incrementHash('usage', { requests: 1 }, 600);
    expect((await store.windowAdd('rpm', 1, 100, 60_000)).allowed).toBe(true);
    const victim = await cluster.primaryForKey(`${prefix}{usage}`);
    // Replication is asynchronous: wait until the replica has acknowledged what the store wrote, so the kill loses nothing of it.
    await eventually(async () => {
      const info = await redisInfo(victim, 'replication');
      expect(info.slave0).toMatch(new RegExp(`offset=${info.master_repl_offset},`));
    }, 10_000);

    await cluster.kill(victim);
    // Until a replica takes over, calls fail (the cluster answers CLUSTERDOWN or the node is gone), each within the budget.
    const started = Date.now();
    const outcome = await store.incrementHash('usage', { requests: 1 }, 600).then(() => 'ok', (error: Error) => error.message);
    expect(Date.now() - started).toBeLessThan(OUTAGE_BUDGET_MS);
    const promoted = await cluster.waitForPromotion(victim);
    expect(promoted).not.toBe(victim);

    // The same store finds the new owner of the slot by itself (MOVED, or its periodic slot refresh).
    await eventually(async () => expect((await store.windowAdd('rpm', 1, 100, 60_000)).allowed).toBe(true), 10_000);
    await eventually(() => store.incrementHash('usage', { requests: 1 }, 600), 10_000);
    const [usage] = await store.readHashes(['usage']);
    // The first increment was replicated before the kill; the one during the outage counts when it said so, and may
    // when it timed out (its outcome is unknown, as after any timeout), never when it was refused.
    const expected = outcome === 'ok' ? [3] : /timed out/.test(outcome) ? [2, 3] : [2];
    expect(expected).toContain(usage.requests);
    expect(await cluster.primaryForKey(`${prefix}{usage}`)).toBe(promoted);
    lastPromoted = promoted;
  });

  // Last: it leaves the cluster down. Any node still answers PING then, so ping (what /ready, state_store_up and the
  // resilient store's recovery ask) must ask the cluster's state.
  it('says the store is down while the cluster refuses keys, though its nodes still answer', async () => {
    expect(lastPromoted).toBeGreaterThan(0);
    const store = open();
    // A new client finds the cluster through its seeds, one of which the failover test killed: it may take a few tries.
    await eventually(() => store.ping(), 10_000);
    await cluster.kill(lastPromoted);
    const survivor = (await cluster.nodes())[0].port;
    expect(await redisCommand(survivor, 'PING')).toBe('PONG');
    await eventually(() => expect(store.ping()).rejects.toThrow(/cluster_state:fail|CLUSTERDOWN/), 15_000);
    await expect(store.incrementHash('usage', { requests: 1 }, 60)).rejects.toThrow();
  });
});
