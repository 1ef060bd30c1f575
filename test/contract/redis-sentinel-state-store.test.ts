import { RedisStateStore } from '../../core/src/state/redis-state-store';
import type { RedisTopology } from '../../core/src/state/redis-topology';
import { eventually } from '../support/eventually';
import { PROCESS_HOOK_TIMEOUT_MS } from '../support/gateway-process';
import { redisCommand, redisInfo } from '../support/redis-daemon';
import { startRedisSentinel, type RedisSentinelHandle } from '../support/redis-sentinel';
import { describeStateStoreContract } from './state-store.contract';

/** As in the single-node contract: a call to a store that is away must give up well before a request would. */
const OUTAGE_BUDGET_MS = 1500;

let storeCount = 0;
const opened: RedisStateStore[] = [];

/** Waits until every replica of `primary` has acknowledged all it took (replication is asynchronous), so a failover loses nothing written so far. */
async function replicated(primary: number): Promise<void> {
  await eventually(async () => {
    const info = await redisInfo(primary, 'replication');
    const replicas = Object.keys(info).filter((field) => /^slave\d+$/.test(field));
    expect(replicas.length).toBeGreaterThan(0);
    for (const field of replicas) expect(info[field]).toMatch(new RegExp(`offset=${info.master_repl_offset},`));
  }, 10_000);
}

/**
 * The state store on a Sentinel-managed primary (one primary, two replicas, three
 * sentinels on loopback): the whole StateStore contract, then the failovers: a promotion
 * the sentinels are asked for (the old primary is demoted and answers READONLY) and a
 * primary that dies. Either way the same store follows the new primary by itself.
 */
describe('RedisStateStore on a Sentinel-managed primary', () => {
  let sentinel: RedisSentinelHandle;
  let topology: RedisTopology;
  const open = () => {
    const store = new RedisStateStore(topology, { keyPrefix: `sentinel:${process.pid}:${++storeCount}:` });
    opened.push(store);
    return store;
  };

  beforeAll(async () => {
    sentinel = await startRedisSentinel();
    topology = { kind: 'sentinel', name: sentinel.name, sentinels: sentinel.sentinels, tls: false, db: 0 };
  }, PROCESS_HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
    await sentinel?.stop();
  }, PROCESS_HOOK_TIMEOUT_MS);

  describeStateStoreContract('redis sentinel', async () => {
    const store = new RedisStateStore(topology, { keyPrefix: `contract:${process.pid}:${++storeCount}:` });
    // TTLs and windows run on the primary's own clock, which no test can move: real time passes.
    return { store, cleanup: () => store.close(), pass: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };
  });

  it('follows a promotion the sentinels were asked for: writes land on the new primary, not the demoted one', async () => {
    const store = open();
    await store.incrementHash('usage', { requests: 1 }, 600);
    const before = await sentinel.primaryPort();
    await replicated(before);

    // A manual failover: the old primary stays up and becomes a replica, answering writes with READONLY.
    expect(await redisCommand(Number(sentinel.sentinels[0].split(':')[1]), 'SENTINEL', 'FAILOVER', sentinel.name)).toBe('OK');
    const after = await sentinel.waitForPromotion(before);
    expect(after).not.toBe(before);
    // Until the sentinels have turned the old primary into a replica it still takes writes, which its resync then
    // drops (the window docs/deployment.md names): this test is about what the store does after that.
    await eventually(async () => expect(await redisInfo(before, 'replication')).toMatchObject({ role: 'slave', master_port: String(after), master_link_status: 'up' }), 60_000);

    await eventually(() => store.incrementHash('usage', { requests: 1 }, 600), 10_000);
    await eventually(async () => expect(await store.readHashes(['usage'])).toEqual([{ requests: 2 }]), 10_000);
    expect((await redisInfo(after, 'replication')).role).toBe('master');
    // The count is on the primary the sentinels name now.
    expect(await redisCommand(after, 'HGET', `sentinel:${process.pid}:${storeCount}:usage`, 'requests')).toBe('2');
    // The sentinels take ~15 s on this machine to reconfigure the demoted primary: more than the tier's 60 s allows under load.
  }, PROCESS_HOOK_TIMEOUT_MS);

  it('gives up within its budget while the primary is dead, and follows the promoted replica without being reopened', async () => {
    const store = open();
    await store.incrementHash('usage', { requests: 1 }, 600);
    expect((await store.windowAdd('rpm', 1, 100, 60_000)).allowed).toBe(true);
    await replicated(await sentinel.primaryPort());

    const victim = await sentinel.killPrimary();
    const started = Date.now();
    const outcome = await store.incrementHash('usage', { requests: 1 }, 600).then(() => 'ok', (error: Error) => error.message);
    expect(Date.now() - started).toBeLessThan(OUTAGE_BUDGET_MS);
    expect(outcome).not.toBe('ok');
    const promoted = await sentinel.waitForPromotion(victim);

    await eventually(async () => expect((await store.windowAdd('rpm', 1, 100, 60_000)).total).toBeGreaterThanOrEqual(2), 10_000);
    await eventually(() => store.incrementHash('usage', { requests: 1 }, 600), 10_000);
    // Nothing acknowledged before the kill is lost (it had replicated); the refused increment never counted.
    expect(await store.readHashes(['usage'])).toEqual([{ requests: 2 }]);
    expect((await redisInfo(promoted, 'replication')).role).toBe('master');
  });
});
