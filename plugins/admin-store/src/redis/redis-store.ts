import { Redis } from 'ioredis';
import { StoreConflictError, StoreInvalidError, StoreUnavailableError, type AdminStore } from '../admin-store';
import { applyCommit, type StoreCommit, type StoreSnapshot } from '../records';
import { COMMIT_SCRIPT } from './commit-script';
import { snapshotOf, type RawStore } from './redis-snapshot';

export interface RedisStoreOptions {
  url: string;
  /** The gateway's Redis key prefix (state.key_prefix); the store's keys live under `<prefix>admin:`. */
  keyPrefix: string;
  /** How often the version is polled, so a replica that missed a notification catches up. */
  pollMs?: number;
  /** How long one command may wait: an unreachable Redis fails writes fast instead of hanging them. */
  commandTimeoutMs?: number;
  /** Outage transitions, and a stored value found invalid after start (the replica keeps its last valid state and refuses changes), for the log. */
  onEvent?: (event: 'unreachable' | 'recovered' | 'invalid', detail: Record<string, unknown>) => void;
}

type Reply = [Error | null, unknown];

const UNREAD: StoreSnapshot = { version: -1, kek: null, connections: new Map(), endpoints: new Map(), keys: new Map() };
const OP_KINDS = { 'put-connection': 'pc', 'delete-connection': 'dc', 'put-endpoint': 'pe', 'delete-endpoint': 'de', 'put-key': 'pk', 'delete-key': 'dk' } as const;

/**
 * The shared store: records in three Redis hashes, a version counter and the KEK
 * description, changed only by one Lua script (commit-script.ts). Each commit publishes
 * the new version; replicas re-read on a notification, on reconnecting, and when a
 * once-a-second poll sees a version they do not have. While Redis is unreachable a
 * replica keeps the last state it read, and commits fail with StoreUnavailableError.
 */
export class RedisAdminStore implements AdminStore {
  readonly kind = 'redis' as const;
  private readonly redis: Redis;
  private readonly subscriber: Redis;
  private readonly keys: { version: string; kek: string; connections: string; endpoints: string; gatewayKeys: string };
  private readonly channel: string;
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
    const common = {
      connectTimeout: 1000,
      maxRetriesPerRequest: 1,
      retryStrategy: (attempt: number) => Math.min(attempt * 100, 2000),
    };
    this.commandTimeoutMs = options.commandTimeoutMs ?? 1000;
    this.redis = new Redis(options.url, { ...common, keyPrefix: options.keyPrefix, enableOfflineQueue: false, commandTimeout: this.commandTimeoutMs });
    this.redis.on('ready', () => void this.measureClock());
    this.redis.defineCommand('modelGatewayCommit', { numberOfKeys: 5, lua: COMMIT_SCRIPT });
    // The subscriber queues its SUBSCRIBE until connected and re-subscribes after each reconnect.
    this.subscriber = new Redis(options.url, common);
    for (const client of [this.redis, this.subscriber]) client.on('error', () => undefined);
    this.keys = { version: 'admin:version', kek: 'admin:kek', connections: 'admin:connections', endpoints: 'admin:endpoints', gatewayKeys: 'admin:keys' };
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
    if (this.invalid) throw new StoreUnavailableError(this.invalid.message);
    if (this.snapshot.version < 0) throw new StoreUnavailableError('the shared store (Redis) has not been read yet; it is unreachable');
    // A quarter of the timeout short of it: a commit that runs close to the client's give-up could otherwise apply while its answer is lost.
    const deadline = Date.now() + this.clockOffsetMs + this.commandTimeoutMs * 0.75;
    const args = [String(commit.baseVersion), commit.kek ? JSON.stringify(commit.kek) : '', this.channel, String(Math.round(deadline))];
    for (const op of commit.ops) {
      if (op.op === 'put-connection' || op.op === 'put-endpoint') args.push(OP_KINDS[op.op], op.record.name, JSON.stringify(op.record));
      else if (op.op === 'put-key') args.push(OP_KINDS[op.op], op.record.id, JSON.stringify(op.record));
      else if (op.op === 'delete-key') args.push(OP_KINDS[op.op], op.id, '');
      else args.push(OP_KINDS[op.op], op.name, '');
    }
    let version: number;
    try {
      const command = (this.redis as unknown as { modelGatewayCommit: (...a: string[]) => Promise<number> }).modelGatewayCommit;
      version = Number(await command.call(this.redis, this.keys.version, this.keys.kek, this.keys.connections, this.keys.endpoints, this.keys.gatewayKeys, ...args));
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
    if (commit.baseVersion === this.snapshot.version) this.snapshot = { ...applyCommit(this.snapshot, commit), version };
    return this.snapshot;
  }

  onRemoteChange(listener: (snapshot: StoreSnapshot) => void): void {
    this.listeners.push(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.pollTimer);
    await this.refreshing?.catch(() => undefined);
    for (const client of [this.subscriber, this.redis]) {
      try {
        await client.quit();
      } catch {
        client.disconnect();
      }
    }
  }

  /** Re-reads the whole state, once at a time, and tells listeners when it moved on. */
  refresh(): Promise<void> {
    this.refreshing ??= (async () => {
      try {
        const before = this.snapshot;
        const next = await this.read();
        this.recovered();
        this.invalid = undefined;
        if (next.version === this.snapshot.version) return;
        // A commit of this replica landed while the read was under way: a read no newer than it is older news.
        if (this.snapshot !== before && next.version < this.snapshot.version) return;
        this.snapshot = next;
        for (const listener of this.listeners) listener(next);
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

  /** One consistent read of everything (MULTI/EXEC: no commit lands in between). */
  private async read(): Promise<StoreSnapshot> {
    const replies = (await this.redis
      .multi()
      .get(this.keys.version)
      .get(this.keys.kek)
      .hgetall(this.keys.connections)
      .hgetall(this.keys.endpoints)
      .hgetall(this.keys.gatewayKeys)
      .exec()) as Reply[] | null;
    if (!replies) throw new Error('Redis transaction was aborted');
    for (const [error] of replies) if (error) throw error;
    const [version, kek, connections, endpoints, keys] = replies.map(([, value]) => value) as [string | null, string | null, Record<string, string>, Record<string, string>, Record<string, string>];
    const raw: RawStore = { version, kek, connections, endpoints, keys };
    const prefix = this.options.keyPrefix;
    const k = this.keys;
    return snapshotOf(raw, { version: prefix + k.version, kek: prefix + k.kek, connections: prefix + k.connections, endpoints: prefix + k.endpoints, keys: prefix + k.gatewayKeys });
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
