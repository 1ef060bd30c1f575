import { startRedisServer, type RedisServerHandle } from './redis-server';
import { startGateway, type TestGateway } from './start-gateway';

/** Two in-process gateways (replicas) sharing one Redis state store, as a deployment behind a load balancer runs. */
export interface RedisReplicas {
  redis: RedisServerHandle;
  gwA: TestGateway;
  gwB: TestGateway;
}

/** Starts a Redis server, then two gateways on `config(stateLine)`, the line naming that Redis as their state store. */
export async function startRedisReplicas(config: (stateLine: string) => string): Promise<RedisReplicas> {
  const redis = await startRedisServer();
  let gwA: TestGateway | undefined;
  try {
    const yaml = config(`state: { redis_url: "${redis.url}" }`);
    gwA = await startGateway(yaml);
    const gwB = await startGateway(yaml);
    return { redis, gwA, gwB };
  } catch (error) {
    await stopRedisReplicas({ redis, gwA });
    throw error;
  }
}

/** Stops the replicas, then Redis; any part may be missing when the start failed half-way. */
export async function stopRedisReplicas(replicas: Partial<RedisReplicas>): Promise<void> {
  await replicas.gwA?.close();
  await replicas.gwB?.close();
  await replicas.redis?.stop();
}
