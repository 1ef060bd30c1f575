import { RedisConnections, type RedisClient, type RedisTopology } from '@model-gateway/core/internal';
import { StoreConflictError, StoreInvalidError, StoreUnavailableError, type AdminStore } from '../admin-store';
import type { Collection } from '../collection';
import { CollectionHandle } from '../collection-handle';
import { redisHash } from '../collection-places';
import { applyCommit, makeSnapshot, recordChange, type StoredRecord, type StoreCommit, type StoreSnapshot } from '../records';
import { StoreCollections } from '../store-collections';
import { COMMIT_SCRIPT } from './commit-script';
import { snapshotOf } from './redis-snapshot';

/** What the store needs of core's Redis factory (RedisConnections, TOKENS.Redis). */
export type RedisConnectionSource = Pick<RedisConnections, 'commands' | 'duplicate' | 'close' | 'hashTag'>;

export interface RedisStoreOptions {
  /** The gateway's Redis connections (TOKENS.Redis): the store opens its two from there. */
  redis?: RedisConnectionSource;
  /** Without `redis` (a CLI tool, a test): the URL of a factory of the store's own. */
  url?: string;
  /** Without `redis`: the topology (one node, a Cluster, a Sentinel) of a factory of the store's own; wins over `url`. */
  topology?: RedisTopology;
  /** The gateway's Redis key prefix (state.key_prefix); the store's keys live under `<prefix>admin:`. */
  keyPrefix: string;
  /** The collections plugins registered (none when left out: a tool then registers the ones it writes). */
  collections?: StoreCollections;
  /** How often the version is polled, so a replica that missed a notification catches up. */
  pollMs?: number;
  /** How long one command may wait: an unreachable Redis fails writes fast instead of hanging them. */
  commandTimeoutMs?: number;
  /** Outage transitions, and a stored value found invalid after start (the replica keeps its last valid state and refuses changes), for the log. */
  onEvent?: (event: 'unreachable' | 'recovered' | 'invalid', detail: Record<string, unknown>) => void;
}

type Reply = [Error | null, unknown];

const UNREAD: StoreSnapshot = makeSnapshot(-1, null, new Map());

/**
 * The shared store: each collection's records in a Redis hash (collection-places.ts), a
 * version counter and the KEK description, changed only by one Lua script
 * (commit-script.ts), whatever the collection. Each commit publishes
 * the new version; replicas re-read on a notification, on reconnecting, and when a
 * once-a-second poll sees a version they do not have. While Redis is unreachable a
 * replica keeps the last state it read, and commits fail with StoreUnavailableError.
 *
 * On a Redis Cluster every key of the store carries the hash tag `{admin}`
 * (`<prefix>{admin}:version`, ...), so the commit script and the MULTI read, which touch them
 * all, run on one node; the notice is a classic PUBLISH, which a Cluster delivers on every
 * node. On one node and on Sentinel the keys keep their names (`<prefix>admin:version`).
 */
export class RedisAdminStore implements AdminStore {
  readonly kind = 'redis' as const;
  private readonly redis: RedisClient;
  private readonly subscriber: RedisClient;
  private readonly connections: RedisConnectionSource;
  /** `admin`, or `{admin}` on a Cluster: the head of every key of the store. */
  private readonly head: string;
  private readonly keys: { version: string; kek: string };
  private readonly channel: string;
  readonly collections: StoreCollections;
  private readonly changeListeners: Array<(snapshot: StoreSnapshot) => void> = [];
  private snapshot: StoreSnapshot = UNREAD;
  private readonly listeners: Array<(snapshot: StoreSnapshot) => void> = [];
  private readonly pollTimer: NodeJS.Timeout;
  private refreshing?: Promise<void>;
  private reachable = true;
  private closed = false;
  /** Set while the last read found an invalid value: commits are refused, so it is never written over unread. */
  private invalid?: StoreInvalidError;
  /** Redis's clock minus ours (ms), measured on each connect: commit deadlines are set in Redis's clock. */
  private clockOffsetMs = 0;
  private readonly commandTimeoutMs: number;

  constructor(private readonly options: RedisStoreOptions) {
    this.collections = options.collections ?? new StoreCollections();
    if (!options.redis && !options.url && (options.topology ?? { kind: 'none' }).kind === 'none') throw new Error('the Redis admin store needs the gateway\'s Redis connections, a URL or a topology');
    this.connections = options.redis ?? new RedisConnections({ url: options.url ?? '', topology: options.topology, keyPrefix: options.keyPrefix });
    this.head = this.connections.hashTag('admin');
    this.keys = { version: `${this.head}:version`, kek: `${this.head}:kek` };
    // Its own command connection rather than the state store's: ioredis sets the command timeout per connection, and a commit may take longer than a counter.
    this.commandTimeoutMs = options.commandTimeoutMs ?? 1000;
    this.redis = this.connections.commands('admin store', { keyPrefix: options.keyPrefix, commandTimeoutMs: this.commandTimeoutMs });
    this.redis.on('ready', () => void this.measureClock());
    // No fixed number of keys: the commit names the hash of each collection it touches.
    this.redis.defineCommand('modelGatewayCommit', { lua: COMMIT_SCRIPT });
    // The subscriber queues its SUBSCRIBE until connected and re-subscribes after each reconnect.
    this.subscriber = this.connections.duplicate('admin store changes');
    this.channel = `${options.keyPrefix}admin:changes`;
    void this.subscriber.subscribe(this.channel).catch(() => undefined);
    this.subscriber.on('message', (_channel: string, version: string) => {
      if (Number(version) > this.snapshot.version) void this.refresh();
    });
    // Messages published while this replica was disconnected are lost: read the state again.
    this.subscriber.on('ready', () => void this.refresh());
    this.pollTimer = setInterval(() => void this.poll(), options.pollMs ?? 1000);
    this.pollTimer.unref();
  }

  async load(): Promise<StoreSnapshot> {
    this.collections.seal('loaded');
    try {
      await this.connected(2000);
      this.snapshot = await this.read();
    } catch (error) {
      // A store that answers with values this gateway cannot read is refused at start, not taken for an outage.
      if (error instanceof StoreInvalidError) throw error;
      this.unreachable(error);
    }
    return this.snapshot;
  }

  current(): StoreSnapshot {
    return this.snapshot;
  }

  async sync(): Promise<StoreSnapshot> {
    await this.refresh();
    return this.snapshot;
  }

  async commit(commit: StoreCommit): Promise<StoreSnapshot> {
    this.collections.check(commit);
    if (this.invalid) throw new StoreUnavailableError(this.invalid.message);
    if (this.snapshot.version < 0) throw new StoreUnavailableError('the shared store (Redis) has not been read yet; it is unreachable');
    // A quarter of the timeout short of it: a commit that runs close to the client's give-up could otherwise apply while its answer is lost.
    const deadline = Date.now() + this.clockOffsetMs + this.commandTimeoutMs * 0.75;
    const keys = [this.keys.version, this.keys.kek];
    const args = [String(commit.baseVersion), commit.kek ? JSON.stringify(commit.kek) : '', this.channel, String(Math.round(deadline))];
    for (const op of commit.ops) {
      const change = recordChange(op);
      const hash = redisHash(change.collection, this.head);
      if (!keys.includes(hash)) keys.push(hash);
      args.push(String(keys.indexOf(hash) + 1), change.id, change.record ? JSON.stringify(change.record) : '');
    }
    let version: number;
    try {
      const command = (this.redis as unknown as { modelGatewayCommit: (...a: Array<string | number>) => Promise<number> }).modelGatewayCommit;
      version = Number(await command.call(this.redis, keys.length, ...keys, ...args));
    } catch (error) {
      const conflict = /^CONFLICT (-?\d+)/.exec((error as Error).message);
      if (conflict) {
        void this.refresh();
        throw new StoreConflictError(Number(conflict[1]));
      }
      const invalid = /^INVALID (\S+) ?(.*)$/.exec((error as Error).message);
      if (invalid) {
        // The script names the key as Redis knows it, prefix included.
        const where = `${invalid[1]}${invalid[2] ? ` field ${JSON.stringify(invalid[2])}` : ''}`;
        const message = `the shared store (Redis) holds an invalid value at ${where}; the change would write over it, so nothing was changed: fix or delete that value`;
        // Refused from now on, not only once the re-read below lands: a commit sent meanwhile would write beside the damage.
        this.invalid = new StoreInvalidError(message);
        void this.refresh();
        throw new StoreUnavailableError(message);
      }
      this.unreachable(error);
      throw new StoreUnavailableError(`the shared store (Redis) is unreachable: ${(error as Error).message}`);
    }
    this.recovered();
    if (commit.baseVersion === this.snapshot.version) {
      const next = applyCommit(this.snapshot, commit);
      this.snapshot = makeSnapshot(version, next.kek, next.records);
      for (const listener of this.changeListeners) listener(this.snapshot);
    }
    return this.snapshot;
  }

  onRemoteChange(listener: (snapshot: StoreSnapshot) => void): void {
    this.listeners.push(listener);
  }

  onChange(listener: (snapshot: StoreSnapshot) => void): void {
    this.changeListeners.push(listener);
  }

  collection<T extends StoredRecord>(collection: Collection<T>): CollectionHandle<T> {
    this.collections.register(collection);
    return new CollectionHandle(this, collection);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.pollTimer);
    await this.refreshing?.catch(() => undefined);
    for (const client of [this.subscriber, this.redis]) await this.connections.close(client);
  }

  /** Re-reads the whole state, once at a time, and tells listeners when it moved on. */
  refresh(): Promise<void> {
    this.refreshing ??= (async () => {
      try {
        const before = this.snapshot;
        const refused = this.invalid;
        const next = await this.read();
        this.recovered();
        // A read that started before a commit met damage says nothing of that damage: only one started after it clears the refusal (the poll reads again).
        if (this.invalid === refused) this.invalid = undefined;
        if (next.version === this.snapshot.version) return;
        // A commit of this replica landed while the read was under way: a read no newer than it is older news.
        if (this.snapshot !== before && next.version < this.snapshot.version) return;
        this.snapshot = next;
        for (const listener of this.listeners) listener(next);
        for (const listener of this.changeListeners) listener(next);
      } catch (error) {
        if (error instanceof StoreInvalidError) this.refuse(error);
        else this.unreachable(error);
      } finally {
        this.refreshing = undefined;
      }
    })();
    return this.refreshing;
  }

  private async poll(): Promise<void> {
    if (this.closed) return;
    try {
      const version = Number((await this.redis.get(this.keys.version)) ?? '0');
      this.recovered();
      // An invalid store is read again each poll, so a value fixed without a commit is noticed.
      if (version !== this.snapshot.version || this.invalid) await this.refresh();
    } catch (error) {
      this.unreachable(error);
    }
  }

  private async measureClock(): Promise<void> {
    try {
      const sent = Date.now();
      const [seconds, micros] = await this.redis.time();
      const received = Date.now();
      this.clockOffsetMs = Number(seconds) * 1000 + Math.floor(Number(micros) / 1000) - (sent + received) / 2;
    } catch {
      // Keep the last offset; the next connect measures again.
    }
  }

  /** Waits for the first connection (commands do not queue offline), at most `ms`. */
  private connected(ms: number): Promise<void> {
    if (this.redis.status === 'ready') return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.redis.off('ready', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.redis.once('ready', done);
    });
  }

  /** One consistent read of everything (MULTI/EXEC: no commit lands in between): each registered collection's hash. */
  private async read(): Promise<StoreSnapshot> {
    const collections = this.collections.list().map((collection) => collection.name);
    const multi = this.redis.multi().get(this.keys.version).get(this.keys.kek);
    for (const name of collections) multi.hgetall(redisHash(name, this.head));
    const replies = (await multi.exec()) as Reply[] | null;
    if (!replies) throw new Error('Redis transaction was aborted');
    for (const [error] of replies) if (error) throw error;
    const [version, kek, ...hashes] = replies.map(([, value]) => value) as [string | null, string | null, ...Array<Record<string, string>>];
    const prefix = this.options.keyPrefix;
    return snapshotOf(
      { version, kek, hashes: new Map(collections.map((name, i) => [name, hashes[i]])) },
      { version: prefix + this.keys.version, kek: prefix + this.keys.kek, hashes: new Map(collections.map((name) => [name, prefix + redisHash(name, this.head)])) },
      this.collections,
    );
  }

  private refuse(error: StoreInvalidError): void {
    if (this.closed || this.invalid?.message === error.message) return;
    this.invalid = error;
    this.options.onEvent?.('invalid', { err: error.message });
  }

  private unreachable(error: unknown): void {
    if (!this.reachable || this.closed) return;
    this.reachable = false;
    this.options.onEvent?.('unreachable', { err: (error as Error).message });
  }

  private recovered(): void {
    if (this.reachable) return;
    this.reachable = true;
    this.options.onEvent?.('recovered', { version: this.snapshot.version });
  }
}
