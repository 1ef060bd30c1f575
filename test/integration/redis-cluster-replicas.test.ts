import { redisCommand } from '../support/redis-daemon';
import { startRedisCluster, type RedisClusterHandle } from '../support/redis-cluster';
import { replicaProof } from '../support/replica-proof';
import { currentBucket } from '../support/usage-minute';

/**
 * Issue 28's proof on a 3-primary, 3-replica Redis Cluster started on loopback: two gateway
 * replicas on `state.redis_cluster` share the split, a key's rate limit, admin changes and
 * usage totals, and ride out a SIGKILL of the primary that holds the usage counters' slot.
 */

let cluster: RedisClusterHandle;

replicaProof({
  label: 'Redis Cluster',
  async start() {
    cluster = await startRedisCluster();
    return `{ redis_cluster: [${cluster.seeds.map((seed) => `"${seed}"`).join(', ')}] }`;
  },
  async countersPrimary(keyPart) {
    // The key's full name (prefix, hash tag) is the store's business: found by its stable part and this minute's bucket.
    const minute = String(currentBucket());
    for (const node of (await cluster.nodes()).filter((n) => n.role === 'master')) {
      const keys = (await redisCommand(node.port, 'KEYS', `*${keyPart}*`)) as string[];
      const key = keys.find((name) => name.includes(minute));
      if (key) return cluster.primaryForKey(key);
    }
    throw new Error(`no key with "${keyPart}" and minute ${minute} on any primary`);
  },
  kill: (port) => cluster.kill(port),
  waitForPromotion: (oldPort) => cluster.waitForPromotion(oldPort),
  stop: async () => cluster?.stop(),
});
