import { container } from 'tsyringe';
import { PluginRegistry } from '../../core/src/plugins/plugin-registry';
import { ConfigError } from '../../core/src/config/config-error';
import { DEFAULT_TIMEOUTS } from '../../core/src/config/config-schema';
import type { GatewayConfig } from '../../core/src/config/gateway-config';
import { loadConfigText } from '../../core/src/config/load-config';
import { BUILTIN_PLUGINS } from '@model-gateway/distribution';

/** YAML text -> validated, resolved config, and the one-line-per-problem errors when it is not. */

// Each load gets its own registry: built-in plugins are installed into it by the first load.
/** The provider types the built-in plugins register, in registration order (messages list them). */
const TYPES = (() => {
  const registry = new PluginRegistry(container.createChildContainer());
  loadConfigText('{}', { builtinPlugins: BUILTIN_PLUGINS, registry });
  return [...registry.providers.keys()];
})();

const load = (text: string, env: NodeJS.ProcessEnv = {}): GatewayConfig =>
  loadConfigText(text, { builtinPlugins: BUILTIN_PLUGINS, registry: new PluginRegistry(container.createChildContainer()), env });

/** The problem lines of a config that must not load. */
function problemsOf(text: string, env: NodeJS.ProcessEnv = {}): string[] {
  try {
    load(text, env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('expected the config to be rejected, but it loaded');
}

const connection = (config: GatewayConfig, name: string) => {
  const found = config.connections.find((c) => c.name === name);
  if (!found) throw new Error(`no connection "${name}" in ${config.connections.map((c) => c.name).join(', ')}`);
  return found;
};

// The config contract from the issue, verbatim.
const ISSUE_EXAMPLE = `
server: { host: 127.0.0.1, port: 8080 }
state: { redis_url: "\${REDIS_URL:-}" }       # empty -> embedded in-process state
providers:                                   # named connections; credentials live only here
  openai:   { type: openai, api_key: "\${OPENAI_API_KEY}" }
  local-vllm: { type: openai, base_url: "http://127.0.0.1:8000/v1" }
endpoints:
  - { name: my-chat, kind: chat, provider: openai, model: gpt-4o-mini }
  - { name: my-embed, kind: embeddings, provider: openai, model: text-embedding-3-small }
  - { name: demo, kind: chat, provider: mock, model: echo }
`;

const DEFAULT_SERVER = {
  host: '127.0.0.1',
  port: 8080,
  bodyLimit: '10mb',
  upstreamBodyLimit: '32mb',
  headersTimeoutMs: 30_000,
  requestTimeoutMs: 120_000,
  shutdownGraceMs: 30_000,
  shutdownDelayMs: 0,
  publicUrl: '',
  allowedOrigins: [],
  allowedHosts: [],
};

describe('loadConfigText: valid configs', () => {
  it("loads the issue's example config into endpoints and connections", () => {
    const config = load(ISSUE_EXAMPLE, { OPENAI_API_KEY: 'sk-example-key' });
    expect(config.server).toEqual(DEFAULT_SERVER);
    expect(config.state).toEqual({ redis: { kind: 'none' }, keyPrefix: 'mg:' });
    expect(config.endpoints.map((e) => [e.name, e.kind, e.provider, e.model, e.source])).toEqual([
      ['my-chat', 'chat', 'openai', 'gpt-4o-mini', 'config'],
      ['my-embed', 'embeddings', 'openai', 'text-embedding-3-small', 'config'],
      ['demo', 'chat', 'mock', 'echo', 'config'],
    ]);
    // Two named connections plus the implicit one that `provider: mock` creates.
    expect(config.connections.map((c) => [c.name, c.type]).sort()).toEqual([
      ['local-vllm', 'openai'],
      ['mock', 'mock'],
      ['openai', 'openai'],
    ]);
    const openai = connection(config, 'openai');
    expect(openai.baseUrl).toBe('https://api.openai.com/v1');
    expect(openai.apiKey?.reveal()).toBe('sk-example-key');
    expect(openai.apiKeySource).toBe('OPENAI_API_KEY');
    expect(connection(config, 'local-vllm').baseUrl).toBe('http://127.0.0.1:8000/v1');
    expect(config.warnings).toEqual([]);
  });

  it('still loads the example with OPENAI_API_KEY unset, warning with the YAML path instead of failing', () => {
    // A missing key must not stop the gateway serving its other endpoints (demo, local-vllm).
    const config = load(ISSUE_EXAMPLE, {});
    expect(connection(config, 'openai').apiKey).toBeUndefined();
    expect(config.warnings).toContain('providers.openai.api_key: environment variable OPENAI_API_KEY is not set; using an empty value');
    expect(config.warnings.some((w) => w.startsWith('providers.openai: no api_key'))).toBe(true);
  });

  it('loads an empty file as a gateway with defaults and no endpoints', () => {
    const config = load('');
    expect(config.endpoints).toEqual([]);
    expect(config.server).toEqual(DEFAULT_SERVER);
    expect(config.logging.level).toBe('info');
  });

  it('reads server.public_url without its trailing slash (an empty value means unset) and refuses a non-HTTP URL', () => {
    expect(load('server: { public_url: "https://llm.example.com/" }').server.publicUrl).toBe('https://llm.example.com');
    expect(load('server: { public_url: "${PUBLIC_URL:-}" }').server.publicUrl).toBe('');
    expect(() => load('server: { public_url: "ftp://llm.example.com" }')).toThrow(/server\.public_url/);
  });

  it('accepts a mock-backed embeddings endpoint', () => {
    const config = load('endpoints: [{ name: demo-embed, kind: embeddings, provider: mock, model: hash-embedding }]');
    expect(config.endpoints).toEqual([expect.objectContaining({ name: 'demo-embed', kind: 'embeddings', provider: 'mock', model: 'hash-embedding' })]);
    expect(connection(config, 'mock').type).toBe('mock');
  });

  it('applies the default timeouts, and per-endpoint overrides only where given', () => {
    const config = load(`
endpoints:
  - { name: plain, kind: chat, provider: mock, model: m }
  - { name: slow, kind: chat, provider: mock, model: m, timeouts: { first_byte_ms: 900000, idle_ms: 5000 } }
`);
    const [plain, slow] = config.endpoints;
    expect(plain.timeouts).toEqual({
      connectMs: DEFAULT_TIMEOUTS.connect_ms,
      firstByteMs: DEFAULT_TIMEOUTS.first_byte_ms,
      idleMs: DEFAULT_TIMEOUTS.idle_ms,
      totalMs: DEFAULT_TIMEOUTS.total_ms,
    });
    expect(slow.timeouts).toEqual({ connectMs: DEFAULT_TIMEOUTS.connect_ms, firstByteMs: 900000, idleMs: 5000, totalMs: DEFAULT_TIMEOUTS.total_ms });
  });

  it.each(['10mb', '512kb', '1048576', '1.5MB', '2 gb', '100b'])('accepts body_limit %p', (limit) => {
    expect(load(`server: { body_limit: "${limit}" }`).server.bodyLimit).toBe(limit);
  });

  it('substitutes variables from the env it is given, with defaults', () => {
    const config = load(
      `
server: { host: "\${HOST:-0.0.0.0}" }
providers:
  up: { type: openai, base_url: "http://\${UP_HOST}:9000/v1", api_key: "\${UP_KEY}" }
endpoints: [{ name: e, kind: chat, provider: up, model: "\${MODEL:-gpt-4o}" }]
`,
      { UP_HOST: '127.0.0.1', UP_KEY: 'sk-up' },
    );
    expect(config.server.host).toBe('0.0.0.0');
    expect(connection(config, 'up').baseUrl).toBe('http://127.0.0.1:9000/v1');
    expect(connection(config, 'up').apiKey?.reveal()).toBe('sk-up');
    expect(config.endpoints[0].model).toBe('gpt-4o');
  });

  it('reports every unset variable as a warning naming its YAML path and variable', () => {
    const config = load(
      `
state: { key_prefix: "\${PREFIX}" }
endpoints: [{ name: e, kind: chat, provider: mock, model: "m\${SUFFIX}" }]
`,
    );
    expect(config.warnings).toEqual([
      'state.key_prefix: environment variable PREFIX is not set; using an empty value',
      'endpoints[0].model: environment variable SUFFIX is not set; using an empty value',
    ]);
  });
});

describe('loadConfigText: implicit provider connections and where keys come from', () => {
  it('creates an implicit connection for `provider: openai` with its key from OPENAI_API_KEY in the given env', () => {
    const config = load('endpoints: [{ name: c, kind: chat, provider: openai, model: gpt-4o-mini }]', { OPENAI_API_KEY: 'sk-from-env' });
    const openai = connection(config, 'openai');
    expect(openai.type).toBe('openai');
    expect(openai.baseUrl).toBe('https://api.openai.com/v1');
    expect(openai.apiKey?.reveal()).toBe('sk-from-env');
    expect(openai.apiKeySource).toBe('OPENAI_API_KEY');
    expect(config.warnings).toEqual([]);
  });

  it('creates one implicit connection however many endpoints use the type', () => {
    const config = load(
      `
endpoints:
  - { name: a, kind: chat, provider: openai, model: gpt-4o-mini }
  - { name: b, kind: embeddings, provider: openai, model: text-embedding-3-small }
`,
      { OPENAI_API_KEY: 'sk-x' },
    );
    expect(config.connections.filter((c) => c.name === 'openai')).toHaveLength(1);
  });

  it('warns (without failing) when the implicit connection has no key in the env', () => {
    const config = load('endpoints: [{ name: c, kind: chat, provider: openai, model: gpt-4o-mini }]', {});
    expect(connection(config, 'openai').apiKey).toBeUndefined();
    expect(config.warnings.join('\n')).toContain('OPENAI_API_KEY is not set');
  });

  it('never gives OPENAI_API_KEY to a named connection without api_key (a local server must not receive it)', () => {
    const config = load(
      `
providers:
  local: { type: openai, base_url: "http://127.0.0.1:8000/v1" }
endpoints:
  - { name: l, kind: chat, provider: local, model: llama }
  - { name: o, kind: chat, provider: openai, model: gpt-4o-mini }
`,
      { OPENAI_API_KEY: 'sk-must-stay-with-openai' },
    );
    expect(connection(config, 'local').apiKey).toBeUndefined();
    expect(connection(config, 'local').apiKeySource).toBeUndefined();
    // The same load still uses the variable where it belongs, so the test above is not vacuous.
    expect(connection(config, 'openai').apiKey?.reveal()).toBe('sk-must-stay-with-openai');
    // A local server needs no key: no warning about one.
    expect(config.warnings).toEqual([]);
  });

  it('does not give OPENAI_API_KEY to a named connection called "openai" either: named means configured', () => {
    const config = load(
      `
providers:
  openai: { type: openai }
endpoints: [{ name: o, kind: chat, provider: openai, model: gpt-4o-mini }]
`,
      { OPENAI_API_KEY: 'sk-env' },
    );
    expect(connection(config, 'openai').apiKey).toBeUndefined();
    expect(config.warnings.join('\n')).toContain('providers.openai: no api_key');
  });
});

describe('loadConfigText: problems, one line each, naming the YAML path', () => {
  it('reports a bad kind as `endpoints[2].kind: expected "chat" | "embeddings"`', () => {
    const problems = problemsOf(`
endpoints:
  - { name: a, kind: chat, provider: mock, model: m }
  - { name: b, kind: embeddings, provider: mock, model: m }
  - { name: c, kind: completion, provider: mock, model: m }
`);
    expect(problems).toHaveLength(1);
    expect(problems[0].startsWith('endpoints[2].kind: expected "chat" | "embeddings"')).toBe(true);
    expect(problems[0]).toContain('"completion"');
  });

  it('reports several problems at once, one line per problem, each starting with its path', () => {
    const problems = problemsOf(`
server: { port: 99999, body_limit: lots }
state: { redis_url: "http://not-redis" }
logging: { level: loud }
providers:
  up: { type: openai, base_url: "ftp://x" }
endpoints:
  - { name: a, kind: chat, provider: up }
  - { name: b, kind: chats, provider: up, model: m }
`);
    expect(problems.every((p) => !p.includes('\n'))).toBe(true);
    const paths = problems.map((p) => p.slice(0, p.indexOf(':')));
    expect(paths.sort()).toEqual(
      ['endpoints[0].model', 'endpoints[1].kind', 'logging.level', 'providers.up.base_url', 'server.body_limit', 'server.port', 'state.redis_url'].sort(),
    );
    expect(problems).toContain('endpoints[0].model: required (or give targets)');
    expect(problems).toContain('server.port: must be <= 65535, got 99999');
    expect(problems).toContain('providers.up.base_url: must be an http(s) URL, got "ftp://x"');
  });

  it('puts every problem in the ConfigError message too, after the file name', () => {
    try {
      loadConfigText('server: { port: -1 }\nlogging: { level: loud }', { builtinPlugins: BUILTIN_PLUGINS, registry: new PluginRegistry(container.createChildContainer()), env: {}, file: 'gw.yaml' });
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).file).toBe('gw.yaml');
      expect((error as Error).message).toMatch(/^gw\.yaml: invalid configuration\n {2}server\.port: .+\n {2}logging\.level: .+$/);
    }
  });

  it('rejects duplicate endpoint names, pointing at the first one', () => {
    const problems = problemsOf(`
endpoints:
  - { name: same, kind: chat, provider: mock, model: m }
  - { name: other, kind: chat, provider: mock, model: m }
  - { name: same, kind: embeddings, provider: mock, model: m }
`);
    expect(problems).toEqual(['endpoints[2].name: "same" is already the name of endpoints[0]']);
  });

  it.each(['has space', 'slash/name', 'ümlaut', ''])('rejects endpoint name %p', (name) => {
    const problems = problemsOf(`endpoints: [{ name: "${name}", kind: chat, provider: mock, model: m }]`);
    expect(problems).toEqual([expect.stringMatching(/^endpoints\[0\]\.name: must match \[A-Za-z0-9\._-\]\+/)]);
  });

  it('rejects a providers: key that breaks the name pattern', () => {
    const problems = problemsOf('providers: { "my provider": { type: mock } }');
    expect(problems).toEqual([expect.stringMatching(/^providers\.my provider: must match/)]);
  });

  it('rejects an endpoint provider that is neither a providers: key nor a provider type, naming the keys and where the types are listed', () => {
    const problems = problemsOf(`
providers:
  up: { type: openai, base_url: "http://127.0.0.1:1/v1" }
endpoints:
  - { name: a, kind: chat, provider: upp, model: m }
`);
    expect(problems).toEqual([
      `endpoints[0].provider: "upp" is neither a key of providers: (up) nor a provider type (one of ${TYPES.length} provider types; GET /api/providers or config/reference.md lists them)`,
    ]);
  });

  it('rejects an unknown provider type at providers.<name>.type, suggesting the closest', () => {
    const problems = problemsOf('providers: { x: { type: opnai } }');
    expect(problems).toEqual([
      `providers.x.type: unknown value, got "opnai"; expected one of ${TYPES.length} provider types; GET /api/providers or config/reference.md lists them; did you mean "openai"?`,
    ]);
  });

  it('says a provider without type needs one', () => {
    const problems = problemsOf('providers: { x: { base_url: "http://127.0.0.1:1" } }');
    expect(problems).toEqual([`providers.x.type: required (expected one of ${TYPES.length} provider types; GET /api/providers or config/reference.md lists them)`]);
  });

  it('rejects unknown keys (typos) wherever they are', () => {
    const problems = problemsOf(`
servr: { port: 1 }
providers:
  local: { type: openai, base_url: "http://127.0.0.1:1/v1", prot: 8000 }
endpoints:
  - { name: a, kind: chat, provider: local, modle: m, model: m }
  - { name: b, kind: chat, provider: local, model: m, timeouts: { total: 5 } }
`);
    expect(problems.sort()).toEqual(
      [
        '(root): unknown key "servr"',
        'providers.local: unknown key "prot"',
        'endpoints[0]: unknown key "modle"',
        'endpoints[1].timeouts: unknown key "total"',
      ].sort(),
    );
  });

  it('rejects values of the wrong type, saying what was expected and what was found', () => {
    const problems = problemsOf(`
server: { port: "eighty" }
plugins: []
endpoints:
  - { name: a, kind: chat, provider: mock, model: m, timeouts: { idle_ms: 1.5, connect_ms: 0 } }
  - name: b
    kind: chat
    provider: mock
    model: [a, list]
`);
    expect(problems.sort()).toEqual(
      [
        'server.port: expected number, got text that is not a number',
        'endpoints[0].timeouts.idle_ms: expected int, got 1.5',
        'endpoints[0].timeouts.connect_ms: must be > 0, got 0',
        'endpoints[1].model: expected string, got a list',
      ].sort(),
    );
  });

  it('rejects endpoints: that is not a list', () => {
    expect(problemsOf('endpoints: { name: a }')).toEqual(['endpoints: expected array, got a mapping']);
  });

  it('rejects a root that is not a mapping', () => {
    expect(problemsOf('- just\n- a list\n')).toEqual(['(root): expected a mapping of settings']);
  });

  it.each(['ten', '10 megabytes', '-5mb', '1e6'])('rejects body_limit %p with the expected format', (limit) => {
    const problems = problemsOf(`server: { body_limit: "${limit}" }`);
    expect(problems).toEqual([`server.body_limit: must be a size like "10mb", "512kb" or "1048576", got "${limit}"`]);
  });

  it('reads the hardening settings of server:', () => {
    const config = load(`
server:
  upstream_body_limit: 1mb
  headers_timeout_ms: 5000
  request_timeout_ms: 9000
  shutdown_grace_ms: 0
  shutdown_delay_ms: 5000
  public_url: https://gw.example.com/base
  cors: { allowed_origins: ["https://app.example.com", "http://localhost:5173"] }
`);
    expect(config.server).toEqual({
      ...DEFAULT_SERVER,
      upstreamBodyLimit: '1mb',
      headersTimeoutMs: 5000,
      requestTimeoutMs: 9000,
      shutdownGraceMs: 0,
      shutdownDelayMs: 5000,
      publicUrl: 'https://gw.example.com/base',
      allowedOrigins: ['https://app.example.com', 'http://localhost:5173'],
    });
  });

  it.each(['https://app.example.com/', 'app.example.com', 'https://app.example.com/path', '*', 'null', 'ftp://x.example'])('rejects %p as an allowed origin', (origin) => {
    const problems = problemsOf(`server: { cors: { allowed_origins: ["${origin}"] } }`);
    expect(problems).toEqual([expect.stringMatching(/^server\.cors\.allowed_origins\[0\]: must be an origin like "https:\/\/app\.example\.com"/)]);
  });

  it('reads server.allowed_hosts: names and IP addresses, as written', () => {
    const config = load('server: { allowed_hosts: [gateway.internal, LLM.example.com., "10.0.0.5", "[fd00::1]"] }');
    expect(config.server.allowedHosts).toEqual(['gateway.internal', 'LLM.example.com.', '10.0.0.5', '[fd00::1]']);
  });

  it.each(['gateway.internal:8080', 'http://gateway.internal', '*.example.com', 'fd00::1', '', 'a b'])('rejects %p as an allowed host', (host) => {
    const problems = problemsOf(`server: { allowed_hosts: ["${host}"] }`);
    expect(problems).toEqual([expect.stringMatching(/^server\.allowed_hosts\[0\]: must be a host name or IP address without a port/)]);
  });

  it('rejects a headers timeout longer than the request timeout (Node refuses it)', () => {
    expect(problemsOf('server: { headers_timeout_ms: 5000, request_timeout_ms: 1000 }')).toEqual([
      expect.stringMatching(/^server\.headers_timeout_ms: must not exceed request_timeout_ms/),
    ]);
  });

  it('reports a YAML syntax error with its line and column', () => {
    const problems = problemsOf('server:\n  port: 8080\nendpoints: [\n  { name: a, kind: chat\n');
    expect(problems.length).toBeGreaterThanOrEqual(1);
    // Must be real numbers: "line ?, column ?" tells the operator nothing.
    expect(problems[0]).toMatch(/^line \d+, column \d+: \S/);
    expect(problems.every((p) => !p.includes('\n'))).toBe(true);
  });

  it('reports a duplicate key at the line and column of the second one', () => {
    const problems = problemsOf('server:\n  port: 1\n  port: 2\n');
    expect(problems).toEqual([expect.stringMatching(/^line 3, column 3: .*unique/)]);
  });
});

describe('loadConfigText: secrets never appear in problem lines', () => {
  it.each([
    ['an api_key list', 'api_key: [sk-live-abcdef123]'],
    ['an api_key mapping', 'api_key: { value: sk-live-abcdef123 }'],
    ['an Authorization header list', 'headers: { Authorization: [Bearer sk-live-abcdef123] }'],
  ])('does not echo a credential of the wrong type (%s)', (_what, field) => {
    const problems = problemsOf(`providers: { up: { type: openai, ${field} } }`);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.every((p) => p.startsWith('providers.up.'))).toBe(true);
    expect(problems.join('\n')).not.toContain('sk-live');
  });

  it('names the expected types of a wrong api_key without its value', () => {
    expect(problemsOf('providers: { up: { type: openai, api_key: [sk-live-abcdef123] } }')).toEqual(['providers.up.api_key: expected string | number']);
  });

  it('does not echo a provider entry written as a bare key string', () => {
    const problems = problemsOf('providers: { openai: "${OPENAI_API_KEY}" }', { OPENAI_API_KEY: 'sk-live-abcdef123' });
    expect(problems).toEqual([expect.stringMatching(/^providers\.openai: expected object/)]);
    expect(problems.join('\n')).not.toContain('sk-live');
  });
});

describe('loadConfigText: plugins', () => {
  it('reports a plugin that cannot be found under plugins:', () => {
    const problems = problemsOf('plugins: ["./no-such-plugin.js"]');
    expect(problems).toEqual([expect.stringMatching(/^plugins: plugin "\.\/no-such-plugin\.js": cannot find module /)]);
  });

  it('refuses a reload into the same registry whose plugin list changed (plugins load once)', () => {
    const registry = new PluginRegistry(container.createChildContainer());
    loadConfigText('endpoints: []', { builtinPlugins: BUILTIN_PLUGINS, registry, env: {} });
    expect(() => loadConfigText('endpoints: []', { builtinPlugins: BUILTIN_PLUGINS, registry, env: {} })).not.toThrow();
    expect(() => loadConfigText('plugins: ["./x.js"]', { builtinPlugins: BUILTIN_PLUGINS, registry, env: {} })).toThrow(/the plugin list changed; restart the gateway/);
  });
});
