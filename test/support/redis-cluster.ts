import { execFile } from 'node:child_process';
import { findFreePort } from './redis-server';
import { HOST, redisCommand, redisInfo, startRedisDaemon, waitUntil, type RedisDaemon } from './redis-daemon';

/** A live node as the cluster sees it. `slots` are inclusive [first, last] ranges (a replica has none). */
export interface ClusterNode {
  port: number;
  id: string;
  role: 'master' | 'slave';
  /** The primary's node id, for a replica. */
  masterId?: string;
  slots: Array<[number, number]>;
}

export interface RedisClusterHandle {
  /** `redis://127.0.0.1:P` for every node started, the form `state.redis_cluster` takes. */
  seeds: string[];
  /** The live nodes (not killed) with their role and slots, as the first live node sees them. */
  nodes(): Promise<ClusterNode[]>;
  /** The port of the primary that serves `key`'s slot now. */
  primaryForKey(key: string): Promise<number>;
  /** SIGKILL of one node, as a crashed host; waits until its port is closed. */
  kill(port: number): Promise<void>;
  /** Waits until a replica has taken over the slots of the killed primary on `oldPort` and every live node says cluster_state:ok; returns the new primary's port. */
  waitForPromotion(oldPort: number): Promise<number>;
  stop(): Promise<void>;
}

export interface RedisClusterOptions {
  primaries?: 3;
  replicasPerPrimary?: 1;
}

/**
 * How long a node may go unanswered before the others mark it failed and its replica
 * takes over: small, so a failover test waits a couple of seconds, not Redis' default 15.
 */
const NODE_TIMEOUT_MS = 1_000;
// Polled limits for a loaded 2-core machine; only a cluster that never forms (or fails over) waits them out.
const FORM_TIMEOUT_MS = 30_000;
const PROMOTION_TIMEOUT_MS = 30_000;
const TOTAL_SLOTS = 16_384;

/**
 * Starts a Redis Cluster of 3 primaries with one replica each on loopback (`redis-cli
 * --cluster create`), and waits until every node says cluster_state:ok and every replica
 * has finished its first sync. Throws, never skips, when it cannot.
 */
export async function startRedisCluster(options: RedisClusterOptions = {}): Promise<RedisClusterHandle> {
  const primaries = options.primaries ?? 3;
  const replicas = options.replicasPerPrimary ?? 1;
  const daemons = new Map<number, RedisDaemon>();
  /** Slots and node id of each killed primary, as they were just before the kill. */
  const killed = new Map<number, ClusterNode>();

  const stop = async () => {
    await Promise.all([...daemons.values()].map((daemon) => daemon.stop()));
  };

  try {
    const count = primaries * (1 + replicas);
    for (let i = 0; i < count; i++) {
      const port = await findFreePort();
      // An explicit bus port (Redis 7): the default, port + 10000, may be taken or past 65535.
      const busPort = await findFreePort();
      const daemon = await startRedisDaemon({
        port,
        args: [
          '--save', '',
          '--appendonly', 'no',
          '--cluster-enabled', 'yes',
          '--cluster-config-file', 'nodes.conf',
          '--cluster-port', String(busPort),
          '--cluster-node-timeout', String(NODE_TIMEOUT_MS),
          // A replica of a dead primary must take over by itself: that is the failover under test.
          '--cluster-replica-no-failover', 'no',
          // Kept at the default (yes): with a primary down and not yet replaced, the cluster refuses
          // every key, so the failover test sees the outage a real cluster gives, not a milder one.
          '--cluster-require-full-coverage', 'yes',
        ],
      });
      daemons.set(port, daemon);
    }
    const ports = [...daemons.keys()];
    await redisCli(['--cluster', 'create', ...ports.map((port) => `${HOST}:${port}`), '--cluster-replicas', String(replicas), '--cluster-yes']);

    const formed = await waitUntil(async () => {
      for (const port of ports) {
        if ((await redisInfoCluster(port)) !== 'ok') return false;
      }
      const nodes = await readNodes(ports[0]);
      if (nodes.length !== count || nodes.filter((n) => n.role === 'master').length !== primaries) return false;
      if (coveredSlots(nodes) !== TOTAL_SLOTS) return false;
      for (const node of nodes.filter((n) => n.role === 'slave')) {
        if (!(await replicaInSync(node.port))) return false;
      }
      return true;
    }, FORM_TIMEOUT_MS);
    if (!formed) {
      throw new Error(`the Redis Cluster on ${ports.join(', ')} did not reach cluster_state:ok with synced replicas within ${FORM_TIMEOUT_MS} ms; first node's log:\n${await daemons.get(ports[0])!.logTail()}`);
    }
  } catch (error) {
    await stop();
    throw error;
  }

  const livePorts = () => [...daemons.values()].filter((d) => d.alive()).map((d) => d.port);
  const nodes = async () => {
    const live = new Set(livePorts());
    return (await readNodes(livePorts()[0])).filter((node) => live.has(node.port));
  };

  return {
    seeds: [...daemons.keys()].map((port) => `redis://${HOST}:${port}`),
    nodes,
    async primaryForKey(key) {
      const slot = Number(await redisCommand(livePorts()[0], 'CLUSTER', 'KEYSLOT', key));
      const owner = (await nodes()).find((node) => node.role === 'master' && node.slots.some(([first, last]) => slot >= first && slot <= last));
      if (!owner) throw new Error(`no live primary serves slot ${slot} (key ${key})`);
      return owner.port;
    },
    async kill(port) {
      const daemon = daemons.get(port);
      if (!daemon) throw new Error(`port ${port} is not a node of this cluster`);
      const before = (await readNodes(port).catch(() => [])).find((node) => node.port === port);
      if (before) killed.set(port, before);
      await daemon.kill();
    },
    async waitForPromotion(oldPort) {
      const old = killed.get(oldPort);
      if (!old || old.role !== 'master' || old.slots.length === 0) throw new Error(`port ${oldPort} was not a primary with slots when it was killed`);
      const [firstSlot] = old.slots[0];
      let promoted = 0;
      const done = await waitUntil(async () => {
        const live = livePorts();
        for (const port of live) {
          if ((await redisInfoCluster(port)) !== 'ok') return false;
        }
        // Every live node must agree on the new owner, or a client may still be sent to the dead one.
        const owners = new Set<number>();
        for (const port of live) {
          const owner = (await readNodes(port)).find((node) => node.role === 'master' && !node.failed && node.slots.some(([first, last]) => firstSlot >= first && firstSlot <= last));
          owners.add(owner?.port ?? 0);
        }
        const [owner] = [...owners];
        if (owners.size !== 1 || !owner || owner === oldPort) return false;
        promoted = owner;
        return true;
      }, PROMOTION_TIMEOUT_MS);
      if (!done) throw new Error(`no replica took over the slots of the killed primary ${oldPort} within ${PROMOTION_TIMEOUT_MS} ms`);
      return promoted;
    },
    stop,
  };
}

interface ParsedNode extends ClusterNode {
  failed: boolean;
}

/** CLUSTER NODES as `port` sees it: `<id> <ip:port@bus> <flags> <master> <ping> <pong> <epoch> <link> <slot>...`. */
async function readNodes(port: number): Promise<ParsedNode[]> {
  const text = String(await redisCommand(port, 'CLUSTER', 'NODES'));
  return text
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => {
      const [id, address, flagText, master, , , , , ...slotFields] = line.trim().split(' ');
      const flags = flagText.split(',');
      const slots: Array<[number, number]> = slotFields
        // "[slot->-node]" entries are slots in migration, not owned ones.
        .filter((field) => !field.startsWith('['))
        .map((field) => {
          const [first, last] = field.split('-').map(Number);
          return [first, last ?? first];
        });
      return {
        id,
        port: Number(address.split('@')[0].split(':').pop()),
        role: flags.includes('master') ? ('master' as const) : ('slave' as const),
        masterId: master === '-' ? undefined : master,
        slots,
        failed: flags.includes('fail') || flags.includes('fail?'),
      };
    });
}

function coveredSlots(nodes: ClusterNode[]): number {
  return nodes.filter((node) => node.role === 'master').reduce((sum, node) => sum + node.slots.reduce((n, [first, last]) => n + last - first + 1, 0), 0);
}

async function redisInfoCluster(port: number): Promise<string | undefined> {
  const text = String(await redisCommand(port, 'CLUSTER', 'INFO'));
  return /cluster_state:(\w+)/.exec(text)?.[1];
}

async function replicaInSync(port: number): Promise<boolean> {
  const info = await redisInfo(port, 'replication');
  return info.role === 'slave' && info.master_link_status === 'up' && info.master_sync_in_progress === '0';
}

function redisCli(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('redis-cli', args, { timeout: FORM_TIMEOUT_MS }, (err, stdout, stderr) => {
      if (!err) return resolve(stdout);
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
        return reject(new Error('redis-cli is not installed (not found on PATH); the Redis Cluster tests need it (Debian: redis-tools, a dependency of redis-server).'));
      }
      reject(new Error(`redis-cli ${args.join(' ')} failed: ${err.message}\n${stdout}${stderr}`));
    });
  });
}
