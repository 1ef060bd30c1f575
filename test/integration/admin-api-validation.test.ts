import fs from 'node:fs';
import { OpenAiFake } from '../fakes/openai-fake';
import type { AdminClient } from '../support/admin-client';
import { startAdminGateway, stopAdminGateway } from '../support/admin-gateway';
import type { TestGateway } from '../support/start-gateway';

const KEY = 'sk-validation-key-0123456789';

/**
 * Every kind of bad input the admin API must refuse: a clear 4xx naming what is wrong, and
 * nothing persisted (the store file is never even created) nor served.
 */
describe('admin API input validation', () => {
  let upstream: OpenAiFake;
  let gw: TestGateway;
  let api: AdminClient;
  let dataDir: string;

  beforeAll(async () => {
    upstream = await OpenAiFake.start();
    ({ gw, api, dataDir } = await startAdminGateway(
      'mg-admin-bad-',
      `
providers:
  local: { type: openai, base_url: "${upstream.baseUrl}", api_key: sk-local-1234567890 }
  chat-only: { type: anthropic, api_key: sk-ant-local-1234567890 }
endpoints:
  - { name: configured, kind: chat, provider: local, model: gpt-4o-mini }
`,
    ));
  });
  afterAll(async () => {
    await stopAdminGateway({ gw, dataDir });
    await upstream.close();
  });

  const good = { name: 'ok-name', type: 'openai', api_key: KEY };

  it.each<[string, unknown, number, string | undefined, RegExp]>([
    ['an unknown provider type', { ...good, type: 'openai-but-not' }, 400, 'type', /unknown provider type "openai-but-not"; GET \/api\/providers/],
    ['no type', { name: 'x', api_key: KEY }, 400, 'type', /required/],
    ['a missing credential field', { name: 'no-key', type: 'openai' }, 400, 'api_key', /required for provider type "openai"/],
    ['a missing required option', { name: 'az', type: 'azure-openai', api_key: KEY }, 400, 'base_url', /base_url/],
    ['an unknown field', { ...good, colour: 'blue' }, 400, undefined, /unknown key "colour"/],
    ['a wrongly typed field', { ...good, headers: 'x' }, 400, 'headers', /headers/],
    ['a name with "/"', { ...good, name: 'a/b' }, 400, 'name', /\[A-Za-z0-9._-\]/],
    ['a name with ".."', { ...good, name: 'a..b' }, 400, 'name', /must not start with "\." or contain "\.\."/],
    ['the name ".."', { ...good, name: '..' }, 400, 'name', /must not/],
    ['a name with a unicode control character', { ...good, name: 'evil\u202Ename' }, 400, 'name', /\[A-Za-z0-9._-\]/],
    ['a name with a newline', { ...good, name: 'two\nlines' }, 400, 'name', /\[A-Za-z0-9._-\]/],
    ['an empty name', { ...good, name: '' }, 400, 'name', /required/],
    ['a name that is not a string', { ...good, name: 42 }, 400, 'name', /./],
    ['a duplicate of a config connection', { ...good, name: 'local' }, 409, 'name', /already exists \(in the config file\)/],
    ['a file: base URL', { ...good, base_url: 'file:///etc/passwd' }, 400, 'base_url', /http/],
    ['a base URL with credentials', { ...good, base_url: 'https://user:secret@api.example.com/v1' }, 400, 'base_url', /user name or password/],
    ['the cloud metadata address', { ...good, base_url: 'http://169.254.169.254/latest/meta-data/' }, 400, 'base_url', /link-local or cloud metadata/],
    ['the AWS metadata IPv6 address', { ...good, base_url: 'http://[fd00:ec2::254]/' }, 400, 'base_url', /link-local or cloud metadata/],
    ['metadata.google.internal', { ...good, base_url: 'http://metadata.google.internal/computeMetadata/v1/' }, 400, 'base_url', /cloud metadata host/],
    ['a loopback address', { ...good, base_url: 'http://127.0.0.1:8000/v1' }, 400, 'base_url', /loopback .*allow_private_base_urls/],
    ['loopback written as a decimal number', { ...good, base_url: 'http://2130706433:8000/v1' }, 400, 'base_url', /loopback/],
    ['an IPv4-mapped loopback address', { ...good, base_url: 'http://[::ffff:127.0.0.1]/v1' }, 400, 'base_url', /loopback/],
    ['a private address', { ...good, base_url: 'http://10.0.0.7/v1' }, 400, 'base_url', /private/],
    ['a body that is not an object', [good], 400, undefined, /JSON object/],
    ['a body that is not JSON', '{"name": "x", ', 400, undefined, /not valid JSON/],
  ])('connection with %s: %s', async (_what, body, status, param, message) => {
    const response = await api.post('/api/connections', body);
    expect(response.status).toBe(status);
    if (param !== undefined) expect(response.body.error.param).toBe(param);
    expect(response.body.error.message).toMatch(message);
    expect(response.text).not.toContain(KEY);
  });

  it.each<[string, Record<string, unknown>, string | undefined, RegExp]>([
    ['weights that do not parse', { targets: [{ provider: 'local', model: 'a', weight: 'heavy' }] }, 'targets[0].weight', /not a number/],
    ['a negative weight', { targets: [{ provider: 'local', model: 'a', weight: -1 }] }, 'targets[0].weight', />= 0/],
    ['every weight 0', { targets: [{ provider: 'local', model: 'a', weight: 0 }] }, 'targets', /every weight is 0/],
    ['provider and targets together', { provider: 'local', model: 'a', targets: [{ provider: 'local', model: 'b' }] }, 'targets', /not both/],
    ['an unknown connection', { provider: 'nowhere', model: 'a' }, 'provider', /neither a key of providers/],
    ['a provider type that is no connection', { provider: 'groq', model: 'a' }, 'provider', /create a connection of that type first/],
    ['a kind the provider cannot serve', { kind: 'embeddings', provider: 'local', model: 'a', fallbacks: [{ provider: 'chat-only', model: 'b' }] }, 'fallbacks[0]', /does not serve embeddings/],
    ['an unknown kind', { kind: 'chatt', provider: 'local', model: 'a' }, 'kind', /expected "chat" \| "embeddings"/],
    ['a target listed twice', { targets: [{ provider: 'local', model: 'a' }, { provider: 'local', model: 'a' }] }, 'targets[1]', /listed twice/],
    ['a negative timeout', { provider: 'local', model: 'a', timeouts: { total_ms: -5 } }, 'timeouts.total_ms', /> 0/],
    ['a duplicate of a config endpoint', { name: 'configured', provider: 'local', model: 'a' }, 'name', /already exists \(in the config file\)/],
    ['a name with ".."', { name: '..', provider: 'local', model: 'a' }, 'name', /must not/],
  ])('endpoint with %s: 4xx', async (_what, fields, param, message) => {
    const response = await api.post('/api/endpoints', { name: 'new-endpoint', kind: 'chat', ...fields });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    if (param !== undefined) expect(response.body.error.param).toBe(param);
    expect(response.body.error.message).toMatch(message);
  });

  it('answers 413 to a 1 MB body before reading it, and 404 to a path with a slash in the name', async () => {
    const huge = await api.post('/api/connections', { ...good, padding: 'x'.repeat(1024 * 1024) });
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe('request_too_large');
    expect((await api.put('/api/endpoints/a/b', { kind: 'chat' })).status).toBe(404);
    expect((await api.put('/api/endpoints/..', { kind: 'chat' })).status).toBe(404);
  });

  it('persisted and serves none of it', async () => {
    expect(fs.existsSync(dataDir)).toBe(false);
    const connections = await api.get('/api/connections');
    expect(connections.body.data.map((c: { name: string }) => c.name).sort()).toEqual(['chat-only', 'local']);
    const endpoints = await api.get('/api/endpoints');
    expect(endpoints.body.data.map((e: { name: string }) => e.name)).toEqual(['configured']);
    expect(gw.logs.join('\n')).not.toContain(KEY);
  });
});
