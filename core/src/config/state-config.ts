import { z } from 'zod';
import { hostPort, NO_REDIS, type RedisTopology } from '../state/redis-topology';

const configInt = () => z.coerce.number<unknown>().int();

const redisUrl = z.string().refine((value) => /^rediss?:\/\/[^/]/.test(value) && parses(value), 'must be a redis:// or rediss:// URL');

const sentinelSchema = z
  .strictObject({
    name: z.string().min(1).describe('The primary\'s name as the sentinels monitor it (`sentinel monitor <name> ...`), e.g. "mymaster".'),
    sentinels: z
      .array(z.string().refine((value) => hostPort(value) !== undefined, 'must be "host:port" (an IPv6 address in brackets: "[::1]:26379")'))
      .min(1)
      .describe('The sentinels, each "host:port"; the gateway asks them for the current primary and follows its promotions.'),
    password: z.string().optional().describe('The primary\'s password (requirepass or the ACL user\'s), usually "${REDIS_PASSWORD}". Never logged.'),
    username: z.string().optional().describe('The primary\'s ACL user name, when not "default".'),
    sentinel_password: z.string().optional().describe('The sentinels\' own password, when they have one. Never logged.'),
    tls: z.boolean().default(false).describe('TLS to the sentinels and to the primary.'),
    db: configInt().min(0).default(0).describe('The database number on the primary.'),
  })
  .describe('A Sentinel-managed primary: replicas share state through whichever node the sentinels name primary.');

/** The `state:` section: where run-time state lives, with at most one form of Redis. */
export const stateSchema = z
  .strictObject({
    redis_url: z
      .string()
      .default('')
      .refine((value) => value === '' || /^rediss?:\/\//.test(value), 'must be empty or a redis:// or rediss:// URL')
      .describe('One Redis node for shared counters and routing state. Empty (and no redis_cluster or redis_sentinel): embedded in-process state (one replica).'),
    redis_cluster: z
      .array(redisUrl)
      .min(1)
      .optional()
      .refine((nodes) => nodes === undefined || nodes.every((url) => new URL(url).protocol === new URL(nodes[0]).protocol), 'must all be redis:// or all rediss://')
      .refine((nodes) => nodes === undefined || new Set(nodes.map((url) => new URL(url).password).filter(Boolean)).size <= 1, 'must not carry different passwords (one password applies to every node)')
      .refine((nodes) => nodes === undefined || nodes.every((url) => ['', '/', '/0'].includes(new URL(url).pathname)), 'must not name a database (a Redis Cluster has only database 0)')
      .describe('A Redis Cluster: some of its nodes as "redis://[user:password@]host:port" (rediss:// for TLS); the gateway discovers the rest and follows failovers. A password applies to every node.'),
    redis_sentinel: sentinelSchema.optional(),
    key_prefix: z.string().default('mg:').describe('Prefix of every Redis key this gateway writes.'),
  })
  .superRefine((state, context) => {
    const set = [state.redis_url !== '' ? 'redis_url' : '', state.redis_cluster ? 'redis_cluster' : '', state.redis_sentinel ? 'redis_sentinel' : ''].filter(Boolean);
    if (set.length > 1) context.addIssue({ code: 'custom', path: [set[1]], message: `only one of redis_url, redis_cluster and redis_sentinel may be set; ${set.join(' and ')} are` });
  })
  .describe('Where run-time state (usage counters, routing state) lives: in the process, or shared through one Redis node, a Redis Cluster or a Sentinel-managed primary (exactly one of redis_url, redis_cluster, redis_sentinel).');

/** The resolved `state:` section. */
export interface StateConfig {
  redis: RedisTopology;
  keyPrefix: string;
}

export function resolveState(raw: z.output<typeof stateSchema>): StateConfig {
  return { redis: topologyOf(raw), keyPrefix: raw.key_prefix };
}

function topologyOf(raw: z.output<typeof stateSchema>): RedisTopology {
  if (raw.redis_cluster) return { kind: 'cluster', nodes: raw.redis_cluster };
  const sentinel = raw.redis_sentinel;
  if (sentinel) {
    return {
      kind: 'sentinel',
      name: sentinel.name,
      sentinels: sentinel.sentinels,
      password: sentinel.password,
      username: sentinel.username,
      sentinelPassword: sentinel.sentinel_password,
      tls: sentinel.tls,
      db: sentinel.db,
    };
  }
  return raw.redis_url === '' ? NO_REDIS : { kind: 'single', url: raw.redis_url };
}

function parses(value: string): boolean {
  try {
    return new URL(value).hostname !== '';
  } catch {
    return false;
  }
}
