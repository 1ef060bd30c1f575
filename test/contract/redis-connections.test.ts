import { maskUrl, RedisConnections } from '../../core/src/state/redis-connections';
import { RedisStateStore } from '../../core/src/state/redis-state-store';
import { eventually } from '../support/eventually';
import { findFreePort, startRedisServer, type RedisServerHandle } from '../support/redis-server';

describe('RedisConnections (the one factory of Redis connections)', () => {
  let server: RedisServerHandle;
  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('counts the connections it opened and closes them all', async () => {
    const redis = new RedisConnections({ url: server.url, keyPrefix: `factory:${process.pid}:` });
    const store = new RedisStateStore(redis, { keyPrefix: `factory:${process.pid}:` });
    const subscriber = redis.duplicate('a subscriber');
    expect(redis.count).toBe(2);
    await store.set('k', 'v', 10_000);
    expect(await store.getMany(['k'])).toEqual(['v']);
    await subscriber.subscribe('factory-channel');
    // The store's own close gives its connection back to the factory.
    await store.close();
    expect(redis.count).toBe(1);
    await redis.closeAll();
    expect(redis.count).toBe(0);
    await eventually(() => expect(subscriber.status).toBe('end'));
  });

  it('prefixes command connections with state.key_prefix unless told otherwise', async () => {
    const prefix = `factory-prefix:${process.pid}:`;
    const redis = new RedisConnections({ url: server.url, keyPrefix: prefix });
    try {
      const prefixed = redis.commands('prefixed', { commandTimeoutMs: 1000 });
      const bare = redis.commands('bare', { keyPrefix: '', commandTimeoutMs: 1000 });
      await eventually(() => expect(prefixed.status).toBe('ready'));
      await prefixed.set('x', '1');
      expect(await bare.get(`${prefix}x`)).toBe('1');
    } finally {
      await redis.closeAll();
    }
  });

  it('reports errors to its owner with the password masked, and fails commands at once while Redis is away', async () => {
    const port = await findFreePort();
    const events: Array<Record<string, unknown>> = [];
    const redis = new RedisConnections({ url: `redis://user:hunter2@127.0.0.1:${port}`, keyPrefix: '' }, (_event, detail) => events.push(detail));
    try {
      const client = redis.commands('probe', { commandTimeoutMs: 300 });
      await expect(client.get('x')).rejects.toThrow();
      await eventually(() => expect(events.length).toBeGreaterThan(0));
      expect(events[0]).toMatchObject({ purpose: 'probe', url: `redis://user:***@127.0.0.1:${port}` });
      expect(JSON.stringify(events)).not.toContain('hunter2');
    } finally {
      await redis.closeAll();
    }
  });

  it('refuses to open a connection without Redis, and says which settings are unset', () => {
    const redis = new RedisConnections({ url: '', keyPrefix: '' });
    expect(redis.configured).toBe(false);
    expect(() => redis.duplicate('x')).toThrow(/state\.redis_url, state\.redis_cluster and state\.redis_sentinel are all unset/);
  });

  it('is configured by any of the three forms, describes each without its passwords, and tags keys only on a Cluster', () => {
    const single = new RedisConnections({ topology: { kind: 'single', url: 'redis://:s3cret-one@h:6379' }, keyPrefix: '' });
    const cluster = new RedisConnections({ topology: { kind: 'cluster', nodes: ['redis://:s3cret-two@a:7000', 'redis://:s3cret-two@b:7001'] }, keyPrefix: '' });
    const sentinel = new RedisConnections({
      topology: { kind: 'sentinel', name: 'mymaster', sentinels: ['a:26379', '[::1]:26380'], password: 's3cret-three', sentinelPassword: 's3cret-four', tls: true, db: 2 },
      keyPrefix: '',
    });
    for (const redis of [single, cluster, sentinel]) {
      expect(redis.configured).toBe(true);
      expect(`${redis.describe()} ${redis.safeUrl}`).not.toMatch(/s3cret/);
    }
    expect(single.safeUrl).toBe('redis://:***@h:6379');
    expect(cluster.describe()).toBe('Redis Cluster (seeds redis://:***@a:7000, redis://:***@b:7001)');
    expect(sentinel.describe()).toBe("Redis Sentinel primary 'mymaster' (sentinels a:26379, [::1]:26380, TLS, password ***, sentinel password ***)");
    expect([single.hashTag('admin'), sentinel.hashTag('admin'), cluster.hashTag('admin')]).toEqual(['admin', 'admin', '{admin}']);
    expect([single.clustered, sentinel.clustered, cluster.clustered]).toEqual([false, false, true]);
  });

  it('masks passwords (and a lone user name, which Redis takes as the password) in URLs', () => {
    expect(maskUrl('redis://:secret@h:6379/0')).toBe('redis://:***@h:6379/0');
    expect(maskUrl('rediss://secret@h')).toBe('rediss://***@h');
    expect(maskUrl('redis://h:6379')).toBe('redis://h:6379');
    expect(maskUrl('not a url secret')).not.toContain('secret');
  });
});
