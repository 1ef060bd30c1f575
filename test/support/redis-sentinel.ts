import { findFreePort } from './redis-server';
import { HOST, redisCommand, redisInfo, startRedisDaemon, waitUntil, type RedisDaemon } from './redis-daemon';

export interface RedisSentinelHandle {
  /** The monitored master's name, the form `state.redis_sentinel.name` takes. */
  name: 'mymaster';
  /** `127.0.0.1:P` of each sentinel, the form `state.redis_sentinel.sentinels` takes. */
  sentinels: string[];
  /** The primary's port, as the live sentinels agree on it now. */
  primaryPort(): Promise<number>;
  /** SIGKILL of the current primary, as a crashed host; returns its port. */
  killPrimary(): Promise<number>;
  /** Waits until every live sentinel names a new primary (not `oldPort`) that says role:master; returns its port. */
  waitForPromotion(oldPort: number): Promise<number>;
  stop(): Promise<void>;
}

const NAME = 'mymaster';
/** Small, so a failover test waits a couple of seconds: a primary silent this long is subjectively down. */
const DOWN_AFTER_MS = 1_000;
/** Also spaces retries of a failover that did not complete (twice this), so it stays short. */
const FAILOVER_TIMEOUT_MS = 5_000;
const QUORUM = 2;
const REPLICAS = 2;
const SENTINELS = 3;
// Polled limits for a loaded 2-core machine.
const FORM_TIMEOUT_MS = 30_000;
const PROMOTION_TIMEOUT_MS = 30_000;

/**
 * Starts one primary, two replicas (`--replicaof`) and three sentinels monitoring it with a
 * quorum of 2, and waits until the replicas are in sync and every sentinel knows both
 * replicas and the two other sentinels (without that, no failover can be agreed on).
 * Throws, never skips, when it cannot.
 */
export async function startRedisSentinel(): Promise<RedisSentinelHandle> {
  const servers = new Map<number, RedisDaemon>();
  const sentinels: RedisDaemon[] = [];
  const stop = async () => {
    await Promise.all([...sentinels, ...servers.values()].map((daemon) => daemon.stop()));
  };
  const dataArgs = ['--save', '', '--appendonly', 'no'];

  try {
    const primary = await startRedisDaemon({ port: await findFreePort(), args: dataArgs });
    servers.set(primary.port, primary);
    for (let i = 0; i < REPLICAS; i++) {
      const replica = await startRedisDaemon({ port: await findFreePort(), args: [...dataArgs, '--replicaof', HOST, String(primary.port)] });
      servers.set(replica.port, replica);
    }
    for (let i = 0; i < SENTINELS; i++) {
      // The sentinel rewrites this file as it learns the topology, so it lives in the daemon's own directory.
      const configText = [
        // Before `monitor`: addresses stay IPs, no DNS lookups on loopback.
        'sentinel resolve-hostnames no',
        `sentinel monitor ${NAME} ${HOST} ${primary.port} ${QUORUM}`,
        `sentinel down-after-milliseconds ${NAME} ${DOWN_AFTER_MS}`,
        `sentinel failover-timeout ${NAME} ${FAILOVER_TIMEOUT_MS}`,
        `sentinel parallel-syncs ${NAME} 1`,
        '',
      ].join('\n');
      sentinels.push(await startRedisDaemon({ port: await findFreePort(), configText, trailing: ['--sentinel'] }));
    }

    const formed = await waitUntil(async () => {
      for (const port of [...servers.keys()].filter((port) => port !== primary.port)) {
        const info = await redisInfo(port, 'replication');
        if (info.master_link_status !== 'up' || info.master_sync_in_progress !== '0') return false;
      }
      for (const sentinel of sentinels) {
        const master = fieldMap(await redisCommand(sentinel.port, 'SENTINEL', 'MASTER', NAME));
        if (Number(master['num-slaves']) !== REPLICAS || Number(master['num-other-sentinels']) !== SENTINELS - 1) return false;
      }
      return true;
    }, FORM_TIMEOUT_MS);
    if (!formed) {
      throw new Error(`the Sentinel topology (primary ${primary.port}) did not form within ${FORM_TIMEOUT_MS} ms; first sentinel's log:\n${await sentinels[0].logTail()}`);
    }
  } catch (error) {
    await stop();
    throw error;
  }

  const liveSentinels = () => sentinels.filter((sentinel) => sentinel.alive());
  /** The port each live sentinel names; one entry when they agree. */
  const namedPorts = async () => {
    const ports = new Set<number>();
    for (const sentinel of liveSentinels()) {
      const reply = (await redisCommand(sentinel.port, 'SENTINEL', 'GET-MASTER-ADDR-BY-NAME', NAME)) as [string, string] | null;
      ports.add(reply ? Number(reply[1]) : 0);
    }
    return [...ports];
  };
  const primaryPort = async () => {
    const ports = await namedPorts();
    if (ports.length !== 1 || !ports[0]) throw new Error(`the sentinels do not agree on the primary: ${ports.join(', ')}`);
    return ports[0];
  };

  return {
    name: NAME,
    sentinels: sentinels.map((sentinel) => `${HOST}:${sentinel.port}`),
    primaryPort,
    async killPrimary() {
      const port = await primaryPort();
      const daemon = servers.get(port);
      if (!daemon) throw new Error(`the sentinels name ${port}, which this fixture did not start`);
      await daemon.kill();
      return port;
    },
    async waitForPromotion(oldPort) {
      let promoted = 0;
      const done = await waitUntil(async () => {
        const ports = await namedPorts();
        if (ports.length !== 1 || !ports[0] || ports[0] === oldPort) return false;
        if ((await redisInfo(ports[0], 'replication')).role !== 'master') return false;
        promoted = ports[0];
        return true;
      }, PROMOTION_TIMEOUT_MS);
      if (!done) throw new Error(`the sentinels did not promote a replica of ${oldPort} within ${PROMOTION_TIMEOUT_MS} ms`);
      return promoted;
    },
    stop,
  };
}

/** SENTINEL MASTER answers a flat [field, value, field, value, ...] array. */
function fieldMap(reply: unknown): Record<string, string> {
  const flat = Array.isArray(reply) ? reply.map(String) : [];
  const fields: Record<string, string> = {};
  for (let i = 0; i + 1 < flat.length; i += 2) fields[flat[i]] = flat[i + 1];
  return fields;
}
