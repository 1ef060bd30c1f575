import { container } from 'tsyringe';
import { PluginRegistry } from '../plugins/plugin-registry';
import { ConfigError } from './config-error';
import { loadConfigText } from './load-config';

const load = (text: string, env: NodeJS.ProcessEnv = {}) => loadConfigText(text, { builtinPlugins: [], registry: new PluginRegistry(container.createChildContainer()), env });

function problemsOf(text: string): string[] {
  try {
    load(text);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('expected the config to be rejected, but it loaded');
}

describe('state: the three forms of Redis', () => {
  it('resolves none, one node, a Cluster and a Sentinel-managed primary', () => {
    expect(load('{}').state).toEqual({ redis: { kind: 'none' }, keyPrefix: 'mg:' });
    expect(load('state: { redis_url: "redis://h:6379" }').state.redis).toEqual({ kind: 'single', url: 'redis://h:6379' });
    expect(load('state: { redis_cluster: ["redis://:pw@a:7000", "redis://b:7001"] }').state.redis).toEqual({ kind: 'cluster', nodes: ['redis://:pw@a:7000', 'redis://b:7001'] });
    expect(load('state: { redis_sentinel: { name: mymaster, sentinels: ["a:26379", "[::1]:26380"], password: p, sentinel_password: q, username: u, tls: true, db: 3 } }').state.redis).toEqual({
      kind: 'sentinel', name: 'mymaster', sentinels: ['a:26379', '[::1]:26380'], password: 'p', sentinelPassword: 'q', username: 'u', tls: true, db: 3,
    });
  });

  it('interpolates ${ENV} in every form', () => {
    const env = { NODES: 'redis://:pw@a:7000', SENTINEL: 'a:26379', PASSWORD: 'from-env', DB: '4' };
    expect(load('state: { redis_cluster: ["${NODES}"] }', env).state.redis).toEqual({ kind: 'cluster', nodes: ['redis://:pw@a:7000'] });
    expect(load('state: { redis_sentinel: { name: m, sentinels: ["${SENTINEL}"], password: "${PASSWORD}", db: "${DB}" } }', env).state.redis).toMatchObject({ sentinels: ['a:26379'], password: 'from-env', db: 4 });
  });

  it('refuses two forms at once, naming both', () => {
    expect(problemsOf('state: { redis_url: "redis://h:6379", redis_cluster: ["redis://a:7000"] }')).toEqual([
      expect.stringMatching(/^state\.redis_cluster: only one of redis_url, redis_cluster and redis_sentinel may be set; redis_url and redis_cluster are/),
    ]);
    expect(problemsOf('state: { redis_cluster: ["redis://a:7000"], redis_sentinel: { name: m, sentinels: ["a:1"] } }')[0]).toMatch(/redis_cluster and redis_sentinel are/);
  });

  it('says what is wrong with a malformed Cluster or Sentinel form', () => {
    expect(problemsOf('state: { redis_cluster: [] }')[0]).toMatch(/^state\.redis_cluster/);
    expect(problemsOf('state: { redis_cluster: ["http://a:7000"] }')[0]).toMatch(/redis:\/\/ or rediss:\/\/ URL/);
    expect(problemsOf('state: { redis_cluster: ["redis://a:7000", "rediss://b:7001"] }')[0]).toMatch(/must all be redis:\/\/ or all rediss:\/\//);
    expect(problemsOf('state: { redis_cluster: ["redis://:x@a:7000", "redis://:y@b:7001"] }')[0]).toMatch(/different passwords/);
    expect(problemsOf('state: { redis_cluster: ["redis://a:7000/2"] }')[0]).toMatch(/only database 0/);
    expect(problemsOf('state: { redis_sentinel: { name: m, sentinels: ["a"] } }')[0]).toMatch(/^state\.redis_sentinel\.sentinels\[0\]: must be "host:port"/);
    expect(problemsOf('state: { redis_sentinel: { sentinels: ["a:1"] } }')[0]).toMatch(/^state\.redis_sentinel\.name/);
  });
});
