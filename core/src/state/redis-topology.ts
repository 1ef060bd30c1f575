/**
 * Which Redis the gateway shares its state through: none (state in the process), one
 * node (`state.redis_url`), a Redis Cluster (`state.redis_cluster`, seed nodes) or a
 * Sentinel-managed primary (`state.redis_sentinel`). Plain data, so it can be compared
 * on reload and described in logs without its passwords.
 */
export type RedisTopology =
  | { kind: 'none' }
  | { kind: 'single'; url: string }
  | { kind: 'cluster'; nodes: string[] }
  | ({ kind: 'sentinel' } & SentinelSettings);

export interface SentinelSettings {
  /** The primary's name as the sentinels know it (`sentinel monitor <name> ...`). */
  name: string;
  /** `host:port` of each sentinel (IPv6 in brackets). */
  sentinels: string[];
  /** The primary's (and replicas') password. */
  password?: string;
  /** The primary's ACL user. */
  username?: string;
  /** The sentinels' own password (`requirepass` of the sentinels). */
  sentinelPassword?: string;
  /** TLS to the sentinels and to the primary. */
  tls: boolean;
  db: number;
}

export const NO_REDIS: RedisTopology = { kind: 'none' };

/** The single-node form of a URL: '' means no Redis. */
export function singleNode(url: string): RedisTopology {
  return url === '' ? NO_REDIS : { kind: 'single', url };
}

/** A host and port out of `host:port` or `[v6]:port`; undefined when it is not one. */
export function hostPort(value: string): { host: string; port: number } | undefined {
  const match = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.-]+):(\d{1,5})$/.exec(value);
  if (!match) return undefined;
  const port = Number(match[2]);
  if (port < 1 || port > 65535) return undefined;
  return { host: match[1].replace(/^\[(.*)\]$/, '$1'), port };
}

/** A line for logs and errors: where the gateway connects, every password masked. */
export function describeTopology(topology: RedisTopology): string {
  switch (topology.kind) {
    case 'none':
      return 'no Redis (embedded state)';
    case 'single':
      return maskUrl(topology.url);
    case 'cluster':
      return `Redis Cluster (seeds ${topology.nodes.map(maskUrl).join(', ')})`;
    case 'sentinel': {
      const auth = [topology.password ? 'password ***' : '', topology.sentinelPassword ? 'sentinel password ***' : ''].filter(Boolean).join(', ');
      return `Redis Sentinel primary '${topology.name}' (sentinels ${topology.sentinels.join(', ')}${topology.tls ? ', TLS' : ''}${auth ? `, ${auth}` : ''})`;
    }
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
