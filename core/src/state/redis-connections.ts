import { Cluster, Redis, type ClusterOptions, type RedisOptions } from 'ioredis';
import { describeTopology, hostPort, maskUrl, singleNode, type RedisTopology } from './redis-topology';

export { maskUrl } from './redis-topology';

export interface RedisConnectionsConfig {
  /** `state.redis_url`: the single-node form; empty when the gateway runs without Redis. Ignored when `topology` is given. */
  url?: string;
  /** Which Redis (one node, a Cluster, a Sentinel-managed primary); wins over `url`. */
  topology?: RedisTopology;
  /** `state.key_prefix`: prepended to the keys of command connections unless one asks for another. */
  keyPrefix: string;
}

export interface CommandConnectionOptions {
  /** Overrides the gateway's key prefix (a subscriber channel or a raw key is then named in full). */
  keyPrefix?: string;
  /** How long one command may wait for its reply before it is rejected. */
  commandTimeoutMs: number;
}

/** A client for commands or SUBSCRIBE: one node (or the Sentinel's primary) or a whole Cluster. */
export type RedisClient = Redis | Cluster;

/** A connection's trouble, for the owner's log: `purpose` says whose connection it is, `url` has its password masked. */
export type RedisConnectionEvent = (event: 'error', detail: { purpose: string; url: string; err: string }) => void;

const CONNECT_TIMEOUT_MS = 1000;
/**
 * How long a closed connection's socket may take to close before it is destroyed. ioredis waits
 * 2 s by default, on a timer that outlives the close when Redis is already gone (its socket
 * never closes again), which kept test processes and stopping gateways alive that long.
 */
const DISCONNECT_TIMEOUT_MS = 100;
const MAX_RECONNECT_DELAY_MS = 2000;
/** A Cluster re-reads its slot map this often, and gives one CLUSTER SLOTS this long: a promoted replica is found within seconds. */
const SLOTS_REFRESH_INTERVAL_MS = 2000;
const SLOTS_REFRESH_TIMEOUT_MS = 1000;
/** Redirections (MOVED, ASK, a closed node, CLUSTERDOWN) one Cluster command may follow, each after RETRY_DELAY_MS: bounded, so a command never waits long for a failover. */
const MAX_REDIRECTIONS = 6;
const RETRY_DELAY_MS = 100;

/**
 * Every Redis connection of a gateway comes from here, so they share one policy whatever
 * the topology (one node, a Cluster, a Sentinel-managed primary): never hanging (a connect
 * timeout, one retry of a command in flight, no offline queue for commands), reconnecting
 * forever with a short cap, following a failover (a Cluster's slot map, the sentinels'
 * primary), and errors reported to the owner's log without a password. Plugins reach it
 * through DI (TOKENS.Redis); `count` says how many a replica opened.
 */
export class RedisConnections {
  private readonly opened = new Set<RedisClient>();
  readonly topology: RedisTopology;

  constructor(
    private readonly config: RedisConnectionsConfig,
    private readonly onEvent: RedisConnectionEvent = () => {},
  ) {
    this.topology = config.topology ?? singleNode(config.url ?? '');
  }

  /** False without Redis: the gateway keeps its state in the process. */
  get configured(): boolean {
    return this.topology.kind !== 'none';
  }

  /** True on a Redis Cluster: keys used together must share a hash tag (see `hashTag`). */
  get clustered(): boolean {
    return this.topology.kind === 'cluster';
  }

  get keyPrefix(): string {
    return this.config.keyPrefix;
  }

  /** Where the gateway connects, as it may be logged: every password masked. */
  get safeUrl(): string {
    return this.topology.kind === 'single' ? maskUrl(this.topology.url) : this.describe();
  }

  describe(): string {
    return describeTopology(this.topology);
  }

  /**
   * The name of a group of keys that must live in one slot: `{group}` on a Cluster (Redis
   * hashes only what is inside the braces), the bare `group` elsewhere, so one node and a
   * Sentinel keep the key names they always had.
   */
  hashTag(group: string): string {
    return this.clustered ? `{${group}}` : group;
  }

  /** How many connections are open now (a Cluster counts once, whatever its nodes). */
  get count(): number {
    return this.opened.size;
  }

  /**
   * A connection for commands. Without an offline queue a command sent while Redis is
   * away fails at once, and `commandTimeoutMs` covers a server that is up but does not
   * answer, where no socket error ever arrives.
   */
  commands(purpose: string, options: CommandConnectionOptions): RedisClient {
    const keyPrefix = options.keyPrefix ?? this.config.keyPrefix;
    const topology = this.require();
    if (topology.kind === 'cluster') {
      const cluster = new Cluster(clusterSeeds(topology.nodes), {
        ...this.clusterPolicy(topology.nodes, options.commandTimeoutMs),
        keyPrefix,
        enableOfflineQueue: false,
      });
      // Node connections open lazily, and without an offline queue a command meeting one still connecting is
      // retried after RETRY_DELAY_MS: open each as soon as the Cluster knows it (at start, and after a failover).
      cluster.on('+node', (node: Redis) => {
        if (node.status === 'wait') node.connect().catch(() => undefined);
      });
      return this.track(purpose, cluster);
    }
    return this.track(purpose, this.node(topology, { keyPrefix, enableOfflineQueue: false, commandTimeout: options.commandTimeoutMs }));
  }

  /**
   * A second connection for SUBSCRIBE (a subscribed connection can send nothing else).
   * Its queue stays on, so a SUBSCRIBE sent before the first connect waits for it, and
   * ioredis subscribes again after each reconnect (on a Cluster, on another node when its
   * node goes; classic PUBLISH reaches every node of a Cluster). No key prefix: channels
   * are named in full.
   */
  duplicate(purpose: string): RedisClient {
    const topology = this.require();
    if (topology.kind === 'cluster') return this.track(purpose, new Cluster(clusterSeeds(topology.nodes), this.clusterPolicy(topology.nodes)));
    return this.track(purpose, this.node(topology, {}));
  }

  /** Ends a connection from here: QUIT lets replies in flight arrive; a server that is away is cut off. */
  async close(client: RedisClient): Promise<void> {
    this.opened.delete(client);
    // Not connected: nothing is in flight, and a QUIT would wait for a reconnect.
    if (client.status !== 'ready') return client.disconnect();
    try {
      await client.quit();
    } catch {
      client.disconnect();
    }
  }

  /** Closes what is still open (the gateway's last step). */
  async closeAll(): Promise<void> {
    await Promise.all([...this.opened].map((client) => this.close(client)));
  }

  /** One node or a Sentinel's primary, with the policy and `extra` on top. */
  private node(topology: Exclude<RedisTopology, { kind: 'none' | 'cluster' }>, extra: RedisOptions): Redis {
    if (topology.kind === 'single') return new Redis(topology.url, { ...this.nodePolicy(), ...extra });
    const tls = topology.tls ? {} : undefined;
    return new Redis({
      ...this.nodePolicy(),
      ...extra,
      name: topology.name,
      sentinels: topology.sentinels.map((value) => hostPort(value) ?? { host: value }),
      password: topology.password,
      username: topology.username,
      sentinelPassword: topology.sentinelPassword,
      db: topology.db,
      tls,
      sentinelTLS: tls,
      enableTLSForSentinelMode: topology.tls,
      // Asking the sentinels again (all down, or none knows the primary yet) is retried forever with the same cap.
      sentinelRetryStrategy: (attempt: number) => Math.min(attempt * 100, MAX_RECONNECT_DELAY_MS),
      // Off: ioredis' detector, on +switch-master, disconnects its connector even while a reconnect is resolving the
      // primary, and that ends the client for good ("Connection is closed." forever). Without it a promotion is still
      // followed within a reconnect: the sentinels kill the demoted primary's clients, and a dead one refuses.
      failoverDetector: false,
      // A demoted primary answers writes with READONLY: reconnect (asking the sentinels) and resend it to the new one.
      reconnectOnError: (error: Error) => (/^READONLY\b/.test(error.message) ? 2 : false),
    });
  }

  private nodePolicy(): RedisOptions {
    return {
      // A half-open TCP connect (a blackholed host) would otherwise hold a client in 'connecting' for ioredis' default 10 s.
      connectTimeout: CONNECT_TIMEOUT_MS,
      disconnectTimeout: DISCONNECT_TIMEOUT_MS,
      // A command in flight when the connection drops is retried at most once.
      maxRetriesPerRequest: 1,
      // Never give up: returning a number keeps retrying, so a connection heals by itself when Redis returns.
      retryStrategy: (attempt: number) => Math.min(attempt * 100, MAX_RECONNECT_DELAY_MS),
    };
  }

  /** The Cluster's policy: the per-node one in `redisOptions`, its own retries bounded, reads and writes on primaries. */
  private clusterPolicy(nodes: readonly string[], commandTimeoutMs?: number): ClusterOptions {
    const seed = new URL(nodes[0]);
    const secured = nodes.find((url) => new URL(url).password !== '');
    const auth = secured ? new URL(secured) : seed;
    return {
      // Re-reading the slot map when no node answers is retried forever with the same cap.
      clusterRetryStrategy: (attempt: number) => Math.min(attempt * 100, MAX_RECONNECT_DELAY_MS),
      redisOptions: {
        connectTimeout: CONNECT_TIMEOUT_MS,
        disconnectTimeout: DISCONNECT_TIMEOUT_MS,
        maxRetriesPerRequest: 1,
        commandTimeout: commandTimeoutMs,
        username: decodeURIComponent(auth.username) || undefined,
        password: decodeURIComponent(auth.password) || undefined,
        tls: seed.protocol === 'rediss:' ? {} : undefined,
      },
      // Replicas lag (asynchronous replication): every read goes to the primary that took the writes.
      scaleReads: 'master',
      slotsRefreshTimeout: SLOTS_REFRESH_TIMEOUT_MS,
      slotsRefreshInterval: SLOTS_REFRESH_INTERVAL_MS,
      maxRedirections: MAX_REDIRECTIONS,
      retryDelayOnFailover: RETRY_DELAY_MS,
      retryDelayOnClusterDown: RETRY_DELAY_MS,
      retryDelayOnTryAgain: RETRY_DELAY_MS,
    };
  }

  private track<T extends RedisClient>(purpose: string, client: T): T {
    this.opened.add(client);
    // ioredis prints every unhandled 'error' event to stderr; the owner's log decides instead.
    client.on('error', (error: Error) => this.onEvent('error', { purpose, url: this.safeUrl, err: error.message }));
    client.once('end', () => this.opened.delete(client));
    return client;
  }

  private require(): Exclude<RedisTopology, { kind: 'none' }> {
    if (this.topology.kind === 'none') throw new Error('Redis is not configured (state.redis_url, state.redis_cluster and state.redis_sentinel are all unset)');
    return this.topology;
  }
}

/** The seed nodes of a Cluster as ioredis takes them. */
function clusterSeeds(nodes: readonly string[]): Array<{ host: string; port: number }> {
  return nodes.map((url) => {
    const parsed = new URL(url);
    return { host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'), port: Number(parsed.port || 6379) };
  });
}
