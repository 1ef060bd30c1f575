import { container } from 'tsyringe';
import { PluginRegistry } from '../../core/src/plugins/plugin-registry';
import { ConfigError } from '../../core/src/config/config-error';
import type { GatewayConfig } from '../../core/src/config/gateway-config';
import { loadConfigText } from '../../core/src/config/load-config';
import { BUILTIN_PLUGINS } from '@model-gateway/distribution';

/** The routing part of an endpoint: split targets, fallbacks, retry, and their validation. */

const load = (text: string): GatewayConfig => loadConfigText(text, { builtinPlugins: BUILTIN_PLUGINS, registry: new PluginRegistry(container.createChildContainer()), env: {} });

function problemsOf(text: string): string[] {
  try {
    load(text);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('expected the config to be rejected, but it loaded');
}

const PROVIDERS = `
providers:
  primary: { type: openai, base_url: "http://127.0.0.1:9/v1" }
  backup: { type: openai, base_url: "http://127.0.0.1:10/v1" }
`;

describe('endpoint routing config', () => {
  it('resolves the issue\'s example: weighted targets, ordered fallbacks, retry and total deadline', () => {
    const config = load(`${PROVIDERS}
endpoints:
  - name: smart
    kind: chat
    targets:
      - { provider: primary, model: gpt-4o-mini, weight: 3 }
      - { provider: backup, model: claude-haiku-4-5, weight: 1 }
    fallbacks:
      - { provider: mock, model: echo }
    retry: { attempts: 2, backoff_ms: 200, max_backoff_ms: 5000 }
    timeout: { total_ms: 120000 }
`);
    const [smart] = config.endpoints;
    expect(smart.targets).toEqual([
      { provider: 'primary', model: 'gpt-4o-mini', catalogModel: 'gpt-4o-mini', weight: 3 },
      { provider: 'backup', model: 'claude-haiku-4-5', catalogModel: 'claude-haiku-4-5', weight: 1 },
    ]);
    expect(smart.fallbacks).toEqual([{ provider: 'mock', model: 'echo', catalogModel: 'echo', weight: 0 }]);
    expect(smart.retry).toEqual({ attempts: 2, backoffMs: 200, maxBackoffMs: 5000 });
    expect(smart.timeouts.totalMs).toBe(120000);
    // The first target stands in for provider/model where one is expected.
    expect([smart.provider, smart.model]).toEqual(['primary', 'gpt-4o-mini']);
    // Implicit connections named only by a fallback are created too.
    expect(config.connections.map((c) => c.name)).toEqual(['primary', 'backup', 'mock']);
  });

  it('keeps a single provider/model valid, with default policies (no retries)', () => {
    const [demo] = load('endpoints: [{ name: demo, kind: chat, provider: mock, model: echo }]').endpoints;
    expect(demo.targets).toEqual([{ provider: 'mock', model: 'echo', catalogModel: 'echo', weight: 1 }]);
    expect(demo.fallbacks).toEqual([]);
    expect(demo.retry.attempts).toBe(0);
  });

  it('resolves catalog_model (the catalogue model a deployment serves) on the single form, each target and each fallback; absent, it is the model', () => {
    const config = load(`
providers:
  azure: { type: azure-openai, base_url: "http://127.0.0.1:9", api_key: x }
endpoints:
  - { name: one, kind: chat, provider: azure, model: prod-mini, catalog_model: gpt-4o-mini }
  - name: split
    kind: chat
    targets:
      - { provider: azure, model: prod-mini, catalog_model: gpt-4o-mini, weight: 2 }
      - { provider: azure, model: gpt-4o }
    fallbacks:
      - { provider: azure, model: prod-big, catalog_model: gpt-4.1 }
      - { provider: mock, model: echo }
`);
    const [one, split] = config.endpoints;
    expect(one.targets).toEqual([{ provider: 'azure', model: 'prod-mini', catalogModel: 'gpt-4o-mini', weight: 1 }]);
    // The endpoint's own model stays the deployment: it is what goes upstream.
    expect([one.provider, one.model]).toEqual(['azure', 'prod-mini']);
    expect(split.targets).toEqual([
      { provider: 'azure', model: 'prod-mini', catalogModel: 'gpt-4o-mini', weight: 2 },
      { provider: 'azure', model: 'gpt-4o', catalogModel: 'gpt-4o', weight: 1 },
    ]);
    expect(split.fallbacks).toEqual([
      { provider: 'azure', model: 'prod-big', catalogModel: 'gpt-4.1', weight: 0 },
      { provider: 'mock', model: 'echo', catalogModel: 'echo', weight: 0 },
    ]);
  });

  it('rejects an empty catalog_model, and one beside targets (each target names its own)', () => {
    expect(problemsOf(`${PROVIDERS}
endpoints:
  - { name: e, kind: chat, provider: primary, model: a, catalog_model: "" }
  - { name: f, kind: chat, catalog_model: gpt-4o-mini, targets: [{ provider: backup, model: b }] }
  - { name: g, kind: chat, targets: [{ provider: backup, model: b, catalog_model: "" }] }
`)).toEqual([
      'endpoints[0].catalog_model: must not be empty',
      'endpoints[1].targets: give either provider/model or targets, not both (a target names its own catalog_model)',
      'endpoints[2].targets[0].catalog_model: must not be empty',
    ]);
  });

  it('rejects all weights 0', () => {
    expect(problemsOf(`${PROVIDERS}
endpoints:
  - { name: e, kind: chat, targets: [{ provider: primary, model: a, weight: 0 }, { provider: backup, model: b, weight: 0 }] }
`)).toEqual(['endpoints[0].targets: every weight is 0: at least one target must take traffic']);
  });

  it('rejects duplicate targets, across targets and fallbacks, pointing at the first', () => {
    expect(problemsOf(`${PROVIDERS}
endpoints:
  - name: e
    kind: chat
    targets: [{ provider: primary, model: a }, { provider: primary, model: a }]
    fallbacks: [{ provider: primary, model: a }]
`)).toEqual([
      'endpoints[0].targets[1]: primary/a is listed twice (first at endpoints[0].targets[0])',
      'endpoints[0].fallbacks[0]: primary/a is listed twice (first at endpoints[0].targets[0])',
    ]);
  });

  it('rejects a fallback whose provider cannot serve the endpoint\'s kind', () => {
    expect(problemsOf(`
providers:
  claude: { type: anthropic, api_key: x }
endpoints:
  - { name: e, kind: embeddings, provider: openai, model: text-embedding-3-small, fallbacks: [{ provider: claude, model: claude-haiku-4-5 }] }
`)).toEqual(['endpoints[0].fallbacks[0]: provider type "anthropic" does not serve embeddings, the endpoint\'s kind']);
  });

  it('rejects unknown providers in targets and fallbacks, naming the path', () => {
    const problems = problemsOf(`${PROVIDERS}
endpoints:
  - { name: e, kind: chat, targets: [{ provider: nowhere, model: a }], fallbacks: [{ provider: elsewhere, model: b }] }
`);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^endpoints\[0\]\.targets\[0\]\.provider: "nowhere" is neither a key of providers: \(primary, backup\) nor a provider type/);
    expect(problems[1]).toMatch(/^endpoints\[0\]\.fallbacks\[0\]\.provider: "elsewhere" is neither/);
  });

  it('rejects provider/model together with targets, and a missing shape', () => {
    expect(problemsOf(`${PROVIDERS}
endpoints:
  - { name: e, kind: chat, provider: primary, model: a, targets: [{ provider: backup, model: b }] }
  - { name: f, kind: chat }
`)).toEqual([
      'endpoints[0].targets: give either provider/model or targets, not both (a target names its own catalog_model)',
      'endpoints[1].provider: required (or give targets)',
      'endpoints[1].model: required (or give targets)',
    ]);
  });

  it('validates retry ranges', () => {
    const problems = problemsOf(`${PROVIDERS}
endpoints:
  - { name: e, kind: chat, provider: primary, model: a, retry: { attempts: -1, backoff_ms: -5 } }
`);
    expect(problems.map((p) => p.split(':')[0])).toEqual(['endpoints[0].retry.attempts', 'endpoints[0].retry.backoff_ms']);
  });
});
