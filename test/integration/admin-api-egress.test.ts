import { OpenAiFake } from '../fakes/openai-fake';
import { adminClient } from '../support/admin-client';
import { postJson, startGateway, type TestGateway } from '../support/start-gateway';

const KEY = 'sk-egress-test-0123456789';

/**
 * Base URLs entered through the API are checked twice: as text when stored, and on every
 * resolved address when a socket opens (unified calls through undici and passthrough
 * calls through the relay alike), so a host name that resolves to a refused address is
 * caught too. Redirects are never followed.
 */
describe('admin API egress checks', () => {
  let upstream: OpenAiFake;
  beforeAll(async () => {
    upstream = await OpenAiFake.start();
  });
  afterAll(() => upstream.close());
  beforeEach(() => upstream.reset());

  const chat = (gw: TestGateway, route: 'native' | 'openai', model: string) =>
    postJson(`${gw.url}/gateway/${route}/v1/chat/completions`, { model, messages: [{ role: 'user', content: 'hi' }] });

  describe('private addresses not allowed', () => {
    let gw: TestGateway;
    beforeAll(async () => {
      gw = await startGateway(`
providers:
  trusted: { type: openai, base_url: "${upstream.baseUrl}", api_key: sk-yaml-1234567890 }
endpoints:
  - { name: from-yaml, kind: chat, provider: trusted, model: gpt-4o-mini }
`);
      const api = adminClient(gw.url);
      // "localhost" passes the text check (it is a name); it resolves to loopback when connecting.
      const port = new URL(upstream.baseUrl).port;
      expect((await api.post('/api/connections', { name: 'sneaky', type: 'openai', base_url: `http://localhost:${port}/v1`, api_key: KEY })).status).toBe(201);
      expect((await api.post('/api/endpoints', { name: 'sneaky-chat', kind: 'chat', provider: 'sneaky', model: 'gpt-4o-mini' })).status).toBe(201);
    });
    afterAll(() => gw.close());

    it.each(['native', 'openai'] as const)('refuses at connect time a name that resolves to loopback (%s route), sending nothing', async (route) => {
      const refused = await chat(gw, route, 'sneaky-chat');
      expect(refused.status).toBe(502);
      expect(refused.text).toMatch(/was not called: its address is refused by the egress policy: localhost resolves to (127\.0\.0\.1|::1) is a loopback address/);
      expect(refused.text).not.toContain(KEY);
      expect(upstream.requests).toHaveLength(0);
    });

    it('says so in a connection test, and leaves connections from the YAML alone', async () => {
      const tested = await adminClient(gw.url).post('/api/connections/sneaky/test', {});
      expect(tested.body).toMatchObject({ ok: false, error: { code: 'upstream_address_refused' } });
      expect(upstream.requests).toHaveLength(0);
      expect((await chat(gw, 'native', 'from-yaml')).status).toBe(200);
      expect(upstream.requests).toHaveLength(1);
    });
  });

  describe('private addresses allowed (admin.allow_private_base_urls)', () => {
    let gw: TestGateway;
    beforeAll(async () => {
      gw = await startGateway('admin: { allow_private_base_urls: true }\n');
      const api = adminClient(gw.url);
      expect((await api.post('/api/connections', { name: 'local', type: 'openai', base_url: upstream.baseUrl, api_key: KEY })).status).toBe(201);
      expect((await api.post('/api/endpoints', { name: 'local-chat', kind: 'chat', provider: 'local', model: 'gpt-4o-mini' })).status).toBe(201);
    });
    afterAll(() => gw.close());

    it('reaches a loopback server, and still refuses metadata addresses', async () => {
      expect((await chat(gw, 'native', 'local-chat')).status).toBe(200);
      expect((await chat(gw, 'openai', 'local-chat')).status).toBe(200);
      const metadata = await adminClient(gw.url).post('/api/connections', { name: 'imds', type: 'openai', base_url: 'http://169.254.169.254/v1', api_key: KEY });
      expect(metadata.status).toBe(400);
    });

    it.each(['native', 'openai'] as const)('never follows an upstream redirect (%s route)', async (route) => {
      upstream.enqueue((_req, res) => {
        res.writeHead(302, { location: `${upstream.baseUrl}/redirected` });
        res.end();
      });
      const answer = await chat(gw, route, 'local-chat');
      expect(answer.status).toBe(502);
      expect(answer.headers.get('location')).toBeNull();
      expect(upstream.requests.map((r) => r.pathname)).toEqual(['/v1/chat/completions']);
    });
  });
});
