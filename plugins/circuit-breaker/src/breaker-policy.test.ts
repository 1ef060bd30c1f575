import { container } from 'tsyringe';
import { type Endpoint } from '@model-gateway/core';
import { PluginRegistry } from '@model-gateway/core/internal';
import { ConfigError, loadConfigText } from '@model-gateway/core/testing';
import { breakerPolicyOf } from './breaker-policy';
import { BUILTIN_PLUGINS } from '@model-gateway/distribution';

/** The endpoint's `breaker:` section is this plugin's: validated, documented and resolved through core's config load. */
function load(text: string): { endpoints: Endpoint[]; registry: PluginRegistry } {
  const registry = new PluginRegistry(container.createChildContainer());
  return { endpoints: loadConfigText(text, { builtinPlugins: BUILTIN_PLUGINS, registry, env: {} }).endpoints, registry };
}

function problemsOf(text: string): string[] {
  try {
    load(text);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('expected the config to be rejected');
}

describe('the breaker: section of an endpoint', () => {
  it('is on by default when there is somewhere else to send traffic, off for a single target', () => {
    const { endpoints } = load(`
endpoints:
  - { name: single, kind: chat, provider: mock, model: echo }
  - { name: with-fallback, kind: chat, provider: mock, model: echo, fallbacks: [{ provider: mock, model: other }] }
`);
    expect(endpoints[0].settings.breaker).toEqual({ enabled: false, failureThreshold: 5, cooldownMs: 30000 });
    expect(endpoints[1].settings.breaker).toEqual({ enabled: true, failureThreshold: 5, cooldownMs: 30000 });
  });

  it('takes the configured threshold, cooldown and switch (numeric strings from ${VAR} included)', () => {
    const { endpoints } = load(`
endpoints:
  - { name: e, kind: chat, provider: mock, model: echo, breaker: { enabled: true, failure_threshold: "2", cooldown_ms: 700 } }
`);
    expect(breakerPolicyOf(endpoints[0])).toEqual({ enabled: true, failureThreshold: 2, cooldownMs: 700 });
  });

  it('rejects bad values with the YAML path of the field', () => {
    expect(problemsOf(`
endpoints:
  - { name: e, kind: chat, provider: mock, model: echo, breaker: { failure_threshold: 0, colldown_ms: 5 } }
`).map((p) => p.split(':')[0])).toEqual(expect.arrayContaining(['endpoints[0].breaker.failure_threshold', 'endpoints[0].breaker']));
  });

  it('derives the default policy once for an endpoint built in code without settings', () => {
    const endpoint = { targets: [{ provider: 'a', model: 'm', weight: 1 }, { provider: 'b', model: 'm', weight: 1 }], fallbacks: [], settings: {} } as unknown as Endpoint;
    const policy = breakerPolicyOf(endpoint);
    expect(policy).toEqual({ enabled: true, failureThreshold: 5, cooldownMs: 30000 });
    expect(breakerPolicyOf(endpoint)).toBe(policy);
  });
});
