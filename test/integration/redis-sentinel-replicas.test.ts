import { startRedisSentinel, type RedisSentinelHandle } from '../support/redis-sentinel';
import { replicaProof } from '../support/replica-proof';

/**
 * Issue 28's proof on a Sentinel-managed primary (one primary, two replicas, three sentinels)
 * started on loopback: two gateway replicas on `state.redis_sentinel` share the split, a key's
 * rate limit, admin changes and usage totals, and ride out a SIGKILL of the primary.
 */

let topology: RedisSentinelHandle;

replicaProof({
  label: 'Redis Sentinel',
  async start() {
    topology = await startRedisSentinel();
    return `{ redis_sentinel: { name: ${topology.name}, sentinels: [${topology.sentinels.map((s) => `"${s}"`).join(', ')}] } }`;
  },
  // One primary holds every key.
  countersPrimary: () => topology.primaryPort(),
  async kill(port) {
    const killed = await topology.killPrimary();
    if (killed !== port) throw new Error(`the primary moved from ${port} to ${killed} before the kill`);
  },
  waitForPromotion: (oldPort) => topology.waitForPromotion(oldPort),
  stop: async () => topology?.stop(),
});
