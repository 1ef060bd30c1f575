import { OpenAiFake } from '../fakes/openai-fake';
import { adminClient, type AdminClient } from '../support/admin-client';
import { postJson, startGateway, type TestGateway } from '../support/start-gateway';

const KEY = 'sk-ssrf-test-0123456789';

/**
 * An attacker with the admin API (and admin.allow_private_base_urls left false) tries to
 * point a connection at the gateway's own host by spelling 127.0.0.1 as an IPv6 address
 * that reaches it (NAT64, 6to4, Teredo, IPv4-compatible, IPv4-mapped) or as one of the
 * numeric IPv4 forms URL parsers accept. Every spelling is refused when stored.
 */
describe('SSRF through IPv6 and numeric spellings of loopback', () => {
  let upstream: OpenAiFake;
  let gw: TestGateway;
  let api: AdminClient;
  let port: string;

  beforeAll(async () => {
    upstream = await OpenAiFake.start();
    port = new URL(upstream.baseUrl).port;
    gw = await startGateway(`
providers:
  trusted: { type: openai, base_url: "${upstream.baseUrl}", api_key: sk-yaml-1234567890 }
endpoints:
  - { name: from-yaml, kind: chat, provider: trusted, model: gpt-4o-mini }
`);
    api = adminClient(gw.url);
  });
  afterAll(async () => {
    await gw.close();
    await upstream.close();
  });
  beforeEach(() => upstream.reset());

  const LOOPBACK_SPELLINGS = [
    '[64:ff9b::7f00:1]',
    '[64:ff9b::127.0.0.1]',
    '[64:ff9b:1::7f00:1]',
    '[2002:7f00:1::]',
    '[2002:7f00:1:ffff::1]',
    '[::127.0.0.1]',
    '[::7f00:1]',
    '[2001:0:4136:e378:8000:63bf:80ff:fffe]',
    '[::ffff:7f00:1]',
    '[::ffff:127.0.0.1]',
    '[0:0:0:0:0:ffff:7f00:1]',
    '[::ffff:0:7f00:1]',
    '2130706433',
    '0x7f.1',
    '0x7f000001',
    '017700000001',
    '127.1',
    '0',
  ];

  it.each(LOOPBACK_SPELLINGS)('refuses base_url http://%s:PORT/v1 with a 400 naming base_url', async (host) => {
    const created = await api.post('/api/connections', { name: 'sneaky', type: 'openai', base_url: `http://${host}:${port}/v1`, api_key: KEY });
    expect(created.status).toBe(400);
    expect(created.body.error).toMatchObject({ code: 'invalid_parameter', param: 'base_url' });
    expect(created.body.error.message).toMatch(/base_url: .*is a (loopback|private) address/);
    expect(created.text).not.toContain(KEY);
    expect((await api.get('/api/connections/sneaky')).status).toBe(404);
  });

  it.each(['[64:ff9b::a9fe:a9fe]', '[2002:a9fe:a9fe::]', '[::ffff:a9fe:a9fe]', '[::169.254.169.254]'])('refuses the metadata address spelled %s', async (host) => {
    const created = await api.post('/api/connections', { name: 'imds', type: 'openai', base_url: `http://${host}/v1`, api_key: KEY });
    expect(created.status).toBe(400);
    expect(created.body.error.message).toMatch(/link-local or cloud metadata/);
  });

  it('refuses the same spellings when an existing connection is replaced', async () => {
    expect((await api.post('/api/connections', { name: 'public', type: 'openai', base_url: 'https://api.example.com/v1', api_key: KEY })).status).toBe(201);
    const replaced = await api.put('/api/connections/public', { type: 'openai', base_url: `http://[64:ff9b::7f00:1]:${port}/v1` });
    expect(replaced.status).toBe(400);
    expect(replaced.body.error.param).toBe('base_url');
    expect((await api.get('/api/connections/public')).body.base_url).toBe('https://api.example.com/v1');
    expect((await api.delete('/api/connections/public')).status).toBe(204);
  });

  it('leaves a YAML connection to a loopback address working, and nothing reached the loopback server but it', async () => {
    const answer = await postJson(`${gw.url}/gateway/native/v1/chat/completions`, { model: 'from-yaml', messages: [{ role: 'user', content: 'hi' }] });
    expect(answer.status).toBe(200);
    expect(upstream.requests).toHaveLength(1);
    expect(upstream.requests[0].headers.authorization).toBe('Bearer sk-yaml-1234567890');
  });
});

describe('SSRF to a metadata address through NAT64, with private base URLs allowed', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startGateway('admin: { allow_private_base_urls: true }\n');
  });
  afterAll(() => gw.close());

  it.each(['[64:ff9b::a9fe:a9fe]', '[64:ff9b:1::a9fe:a9fe]', '[2002:a9fe:a9fe::]', '[2001:0:4136:e378:8000:63bf:5601:5601]'])('still refuses %s', async (host) => {
    const created = await adminClient(gw.url).post('/api/connections', { name: 'imds', type: 'openai', base_url: `http://${host}/v1`, api_key: KEY });
    expect(created.status).toBe(400);
    expect(created.body.error).toMatchObject({ code: 'invalid_parameter', param: 'base_url' });
    expect(created.body.error.message).toMatch(/link-local or cloud metadata/);
  });
});
