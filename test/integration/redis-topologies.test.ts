import { Cluster, Redis } from 'ioredis';
import { PROCESS_HOOK_TIMEOUT_MS } from '../support/gateway-process';
import { startRedisCluster, type RedisClusterHandle } from '../support/redis-cluster';
import { startRedisSentinel, type RedisSentinelHandle } from '../support/redis-sentinel';

/**
 * The topology fixtures themselves (the gateway's cluster and sentinel tests stand on them):
 * a cluster that answers on every slot and fails over when a primary is SIGKILLed, and
 * sentinels that name the primary and promote a replica when it dies.
 */

const SLOW_TEST_MS = PROCESS_HOOK_TIMEOUT_MS;

describe('startRedisCluster', () => {
  let cluster: RedisClusterHandle;
  let client: Cluster;

  beforeAll(async () => {
    cluster = await startRedisCluster();
    const url = new URL(cluster.seeds[0]);
    client = new Cluster([{ host: url.hostname, port: Number(url.port) }], { enableOfflineQueue: true });
  }, SLOW_TEST_MS);

  afterAll(async () => {
    client?.disconnect();
    await cluster?.stop();
  }, SLOW_TEST_MS);

  it('has 3 primaries covering all 16384 slots, each with one replica', async () => {
    const nodes = await cluster.nodes();
    expect(cluster.seeds).toHaveLength(6);
    const primaries = nodes.filter((node) => node.role === 'master');
    expect(primaries).toHaveLength(3);
    expect(nodes.filter((node) => node.role === 'slave').map((node) => node.masterId).sort()).toEqual(primaries.map((node) => node.id).sort());
    const covered = primaries.flatMap((node) => node.slots).reduce((sum, [first, last]) => sum + last - first + 1, 0);
    expect(covered).toBe(16_384);
  });

  it('answers on keys in every primary, and names the primary of a key', async () => {
    // Keys spread over slots until each primary has served one: every slot range is live.
    const seen = new Set<number>();
    for (let i = 0; seen.size < 3 && i < 100; i++) {
      const key = `probe:${i}`;
      await client.set(key, String(i));
      expect(await client.get(key)).toBe(String(i));
      seen.add(await cluster.primaryForKey(key));
    }
    expect(seen.size).toBe(3);
  });

  it('promotes the replica of a SIGKILLed primary, keeping the replicated keys', async () => {
    await client.set('{failover}:kept', 'yes');
    const oldPort = await cluster.primaryForKey('{failover}:kept');
    const nodes = await cluster.nodes();
    const oldId = nodes.find((node) => node.port === oldPort)!.id;
    const replica = nodes.find((node) => node.masterId === oldId)!;
    // WAIT: the write is on the replica before the kill, so its loss would be the fixture's fault.
    const direct = new Redis(oldPort, '127.0.0.1');
    expect(await direct.call('WAIT', '1', '2000')).toBe(1);
    direct.disconnect();

    await cluster.kill(oldPort);
    const newPort = await cluster.waitForPromotion(oldPort);
    expect(newPort).toBe(replica.port);
    expect(await cluster.primaryForKey('{failover}:kept')).toBe(newPort);
    expect((await cluster.nodes()).map((node) => node.port)).not.toContain(oldPort);
    expect(await client.get('{failover}:kept')).toBe('yes');
  }, SLOW_TEST_MS);
});

describe('startRedisSentinel', () => {
  let topology: RedisSentinelHandle;

  beforeAll(async () => {
    topology = await startRedisSentinel();
  }, SLOW_TEST_MS);

  afterAll(async () => {
    await topology?.stop();
  }, SLOW_TEST_MS);

  it('names the primary, which is the one replicating to two replicas', async () => {
    expect(topology.name).toBe('mymaster');
    expect(topology.sentinels).toHaveLength(3);
    const port = await topology.primaryPort();
    const direct = new Redis(port, '127.0.0.1');
    try {
      const info = String(await direct.info('replication'));
      expect(info).toMatch(/role:master/);
      expect(info).toMatch(/connected_slaves:2/);
    } finally {
      direct.disconnect();
    }
  });

  it('promotes a replica when the primary is SIGKILLed, and a sentinel client follows it', async () => {
    const sentinels = topology.sentinels.map((address) => ({ host: '127.0.0.1', port: Number(address.split(':')[1]) }));
    const client = new Redis({ sentinels, name: topology.name });
    // While the sentinels still name the dead primary, ioredis reports each failed connect here; the commands below retry.
    client.on('error', () => undefined);
    try {
      await client.set('kept', 'yes');
      expect(await client.call('WAIT', '2', '2000')).toBe(2);
      const oldPort = await topology.killPrimary();
      const newPort = await topology.waitForPromotion(oldPort);
      expect(newPort).not.toBe(oldPort);
      expect(await topology.primaryPort()).toBe(newPort);
      // ioredis asks the sentinels again once its connection to the dead primary ends.
      expect(await client.get('kept')).toBe('yes');
      await client.set('after', 'promotion');
      const direct = new Redis(newPort, '127.0.0.1');
      expect(await direct.get('after')).toBe('promotion');
      direct.disconnect();
    } finally {
      client.disconnect();
    }
  }, SLOW_TEST_MS);
});
