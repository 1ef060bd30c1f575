import { Redis } from 'ioredis';

export interface RedisConnectionsConfig {
  /** `state.redis_url`; empty when the gateway runs without Redis. */
  url: string;
  /** `state.key_prefix`: prepended to the keys of command connections unless one asks for another. */
  keyPrefix: string;
}

export interface CommandConnectionOptions {
  /** Overrides the gateway's key prefix (a subscriber channel or a raw key is then named in full). */
  keyPrefix?: string;
  /** How long one command may wait for its reply before it is rejected. */
  commandTimeoutMs: number;
}

/** A connection's trouble, for the owner's log: `purpose` says whose connection it is, `url` has its password masked. */
export type RedisConnectionEvent = (event: 'error', detail: { purpose: string; url: string; err: string }) => void;

const CONNECT_TIMEOUT_MS = 1000;
const MAX_RECONNECT_DELAY_MS = 2000;

/**
 * Every Redis connection of a gateway comes from here, so they share one policy: the
 * connection options of `state.redis_url`, never hanging (a connect timeout, one retry of
 * a command in flight, no offline queue for commands), reconnecting forever with a short
 * cap, and errors reported to the owner's log without the URL's password. Plugins reach
 * it through DI (TOKENS.Redis); `count` says how many a replica opened.
 */
export class RedisConnections {
  private readonly opened = new Set<Redis>();

  constructor(
    private readonly config: RedisConnectionsConfig,
    private readonly onEvent: RedisConnectionEvent = () => {},
  ) {}

  /** False when `state.redis_url` is empty: the gateway keeps its state in the process. */
  get configured(): boolean {
    return this.config.url !== '';
  }

  get keyPrefix(): string {
    return this.config.keyPrefix;
  }

  /** The URL as it may be logged: a password (or a lone user name used as one) masked. */
  get safeUrl(): string {
    return maskUrl(this.config.url);
  }

  /** How many connections are open now (each a TCP connection to Redis). */
  get count(): number {
    return this.opened.size;
  }

  /**
   * A connection for commands. Without an offline queue a command sent while Redis is
   * away fails at once, and `commandTimeoutMs` covers a server that is up but does not
   * answer, where no socket error ever arrives.
   */
  commands(purpose: string, options: CommandConnectionOptions): Redis {
    return this.track(purpose, new Redis(this.requireUrl(), {
      ...this.policy(),
      keyPrefix: options.keyPrefix ?? this.config.keyPrefix,
      enableOfflineQueue: false,
      commandTimeout: options.commandTimeoutMs,
    }));
  }

  /**
   * A second connection for SUBSCRIBE (a subscribed connection can send nothing else).
   * Its queue stays on, so a SUBSCRIBE sent before the first connect waits for it, and
   * ioredis subscribes again after each reconnect. No key prefix: channels are named in full.
   */
  duplicate(purpose: string): Redis {
    return this.track(purpose, new Redis(this.requireUrl(), this.policy()));
  }

  /** Ends a connection from here: QUIT lets replies in flight arrive; a server that is away is cut off. */
  async close(client: Redis): Promise<void> {
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

  private policy() {
    return {
      // A half-open TCP connect (a blackholed host) would otherwise hold a client in 'connecting' for ioredis' default 10 s.
      connectTimeout: CONNECT_TIMEOUT_MS,
      // A command in flight when the connection drops is retried at most once.
      maxRetriesPerRequest: 1,
      // Never give up: returning a number keeps retrying, so a connection heals by itself when Redis returns.
      retryStrategy: (attempt: number) => Math.min(attempt * 100, MAX_RECONNECT_DELAY_MS),
    };
  }

  private track(purpose: string, client: Redis): Redis {
    this.opened.add(client);
    // ioredis prints every unhandled 'error' event to stderr; the owner's log decides instead.
    client.on('error', (error: Error) => this.onEvent('error', { purpose, url: this.safeUrl, err: error.message }));
    client.once('end', () => this.opened.delete(client));
    return client;
  }

  private requireUrl(): string {
    if (!this.configured) throw new Error('Redis is not configured (state.redis_url is empty)');
    return this.config.url;
  }
}

/** `redis://user:secret@host` as `redis://user:***@host`; a URL that does not parse is not logged at all. */
export function maskUrl(url: string): string {
  if (url === '') return '';
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    else if (parsed.username) parsed.username = '***';
    return parsed.toString();
  } catch {
    return '(a URL that does not parse)';
  }
}
