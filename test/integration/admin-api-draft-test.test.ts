import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OpenAiFake } from '../fakes/openai-fake';
import { adminClient, type AdminClient } from '../support/admin-client';
import { startGateway, type TestGateway } from '../support/start-gateway';

const STORED_KEY = 'sk-stored-connection-0123456789';
const DRAFT_KEY = 'sk-draft-never-kept-9876543210';

/** The provider's 401, echoing the key it was sent (as OpenAI's does, partly), so scrubbing can be seen. */
function refuseKey(upstream: OpenAiFake): void {
  upstream.enqueue((req, res) => {
    res.writeHead(401, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: `Incorrect API key provided: ${String(req.headers.authorization).slice(7)}.`, type: 'invalid_request_error', code: 'invalid_api_key' } }));
  });
}

/**
 * POST /api/connections/test: a connection draft (a form's content) is checked like a
 * create and called once, and nothing of it is kept: not in the store, not among the
 * live connections, not in the logs.
 */
describe('admin API: testing a connection draft', () => {
  let upstream: OpenAiFake;
  let gw: TestGateway;
  let api: AdminClient;
  let dataDir: string;
  const storeText = () => {
    const file = path.join(dataDir, 'store.json');
    return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  };

  beforeAll(async () => {
    upstream = await OpenAiFake.start();
    dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mg-draft-')), 'data');
    gw = await startGateway(
      `
providers:
  from-file: { type: openai, base_url: "${upstream.baseUrl}", api_key: sk-from-the-yaml-0001112223 }
endpoints:
  - { name: file-chat, kind: chat, provider: from-file, model: gpt-4o-mini }
admin: { allow_private_base_urls: true }
`,
      { env: { GATEWAY_DATA_DIR: dataDir } },
    );
    api = adminClient(gw.url);
    expect((await api.post('/api/connections', { name: 'stored', type: 'openai', base_url: upstream.baseUrl, api_key: STORED_KEY })).status).toBe(201);
    expect((await api.post('/api/endpoints', { name: 'stored-chat', kind: 'chat', provider: 'stored', model: 'gpt-4o' })).status).toBe(201);
  });
  afterAll(async () => {
    await gw.close();
    await upstream.close();
    fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
  });
  beforeEach(() => upstream.reset());

  it('calls the upstream once with the draft\'s key and keeps nothing of it', async () => {
    const before = await api.get('/api/connections');
    const storeBefore = storeText();

    const tested = await api.post('/api/connections/test', { connection: { name: 'drafty', type: 'openai', base_url: upstream.baseUrl, api_key: DRAFT_KEY }, model: 'gpt-4o-mini' });
    expect(tested.status).toBe(200);
    expect(tested.body).toEqual({ ok: true, kind: 'chat', model: 'gpt-4o-mini', latency_ms: expect.any(Number) });
    expect(upstream.last.headers.authorization).toBe(`Bearer ${DRAFT_KEY}`);
    expect(upstream.last.body).toMatchObject({ model: 'gpt-4o-mini', max_tokens: 1 });

    const after = await api.get('/api/connections');
    expect(after.body).toEqual(before.body);
    expect(after.body.data.map((c: { name: string }) => c.name)).not.toContain('drafty');
    expect((await api.get('/api/connections/drafty')).status).toBe(404);
    expect(storeText()).toBe(storeBefore);
    expect(storeText()).toContain('stored');
    expect(storeText()).not.toContain('drafty');
    expect(storeText()).not.toContain(DRAFT_KEY);
    expect(gw.logs.join('\n')).not.toContain(DRAFT_KEY);
    const audits = gw.logs.map((line) => JSON.parse(line)).filter((entry) => entry.audit).map((entry) => entry.audit);
    expect(audits).toContainEqual(expect.objectContaining({ action: 'test', resource: 'connection draft', status: 200 }));
  });

  it('needs no name, and a wrong key answers ok: false with the provider\'s message, the key scrubbed', async () => {
    refuseKey(upstream);
    const failed = await api.post('/api/connections/test', { connection: { type: 'openai', base_url: upstream.baseUrl, api_key: DRAFT_KEY } });
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({ ok: false, kind: 'chat', error: { code: 'provider_auth_error', status: 502 } });
    expect(failed.body.error.message).toContain('Incorrect API key provided: [redacted]');
    expect(failed.text).not.toContain(DRAFT_KEY);
    expect(upstream.requests).toHaveLength(1);
  });

  it('with replaces: a left-out or masked key is the stored one while the destination stays, and the model defaults to its endpoint\'s', async () => {
    const masked = (await api.get('/api/connections/stored')).body.api_key;
    expect(masked).toBe('sk-...6789');
    const kept = await api.post('/api/connections/test', { connection: { type: 'openai', base_url: `${upstream.baseUrl}/`, api_key: masked }, replaces: 'stored' });
    expect(kept.body).toMatchObject({ ok: true, model: 'gpt-4o' });
    expect(upstream.last.headers.authorization).toBe(`Bearer ${STORED_KEY}`);

    const left = await api.post('/api/connections/test', { connection: { name: 'stored', type: 'openai', base_url: upstream.baseUrl }, replaces: 'stored', model: 'gpt-4o-mini' });
    expect(left.body).toMatchObject({ ok: true, model: 'gpt-4o-mini' });
    expect(upstream.last.headers.authorization).toBe(`Bearer ${STORED_KEY}`);
  });

  it('with replaces: a changed base URL without the key is refused (400 naming api_key), and nothing is called', async () => {
    const moved = await api.post('/api/connections/test', { connection: { type: 'openai', base_url: 'http://127.0.0.2:9/v1' }, replaces: 'stored' });
    expect(moved.status).toBe(400);
    expect(moved.body.error).toMatchObject({ code: 'invalid_parameter', param: 'api_key' });
    expect(moved.body.error.message).toMatch(/re-enter the key to change base_url/);
    const masked = await api.post('/api/connections/test', { connection: { type: 'openai', base_url: 'http://127.0.0.2:9/v1', api_key: 'sk-...6789' }, replaces: 'stored' });
    expect(masked.status).toBe(400);
    expect(masked.body.error.param).toBe('api_key');
    expect(upstream.requests).toHaveLength(0);
    expect(moved.text + masked.text).not.toContain(STORED_KEY);
    // The stored connection is as it was.
    expect((await api.get('/api/connections/stored')).body).toMatchObject({ base_url: upstream.baseUrl, api_key: 'sk-...6789' });
  });

  it('refuses what a create refuses: metadata addresses, unknown types, a missing key, a missing or config connection to replace', async () => {
    const cases: Array<[unknown, number, string | undefined, RegExp]> = [
      [{ connection: { type: 'openai', base_url: 'http://169.254.169.254/latest/meta-data/', api_key: DRAFT_KEY } }, 400, 'base_url', /link-local or cloud metadata/],
      [{ connection: { type: 'openai-but-not', api_key: DRAFT_KEY } }, 400, 'type', /unknown provider type/],
      [{ connection: { type: 'openai' } }, 400, 'api_key', /required for provider type "openai"/],
      [{ connection: { type: 'openai', api_key: DRAFT_KEY }, extra: 1 }, 400, undefined, /unrecognized key|unknown key/i],
      [{ connection: { type: 'openai', api_key: DRAFT_KEY }, replaces: 'nope' }, 404, undefined, /No connection is named "nope"/],
      [{ connection: { type: 'openai', api_key: DRAFT_KEY }, replaces: 'from-file' }, 409, undefined, /config file/],
    ];
    for (const [body, status, param, message] of cases) {
      const answer = await api.post('/api/connections/test', body);
      expect({ body, status: answer.status, param: answer.body.error?.param ?? undefined }).toEqual({ body, status, param });
      expect(answer.body.error.message).toMatch(message);
      expect(answer.text).not.toContain(DRAFT_KEY);
    }
    expect(upstream.requests).toHaveLength(0);
  });

  it('is a change: refused from another origin', async () => {
    const refused = await api.post('/api/connections/test', { connection: { type: 'openai', api_key: DRAFT_KEY } }, { origin: 'https://evil.example' });
    expect(refused.status).toBe(403);
  });

  describe('on a gateway without admin.allow_private_base_urls', () => {
    let strict: TestGateway;
    beforeAll(async () => {
      strict = await startGateway('endpoints: []\n');
    });
    afterAll(() => strict.close());

    it('refuses a loopback or private base URL as a create does', async () => {
      for (const base_url of [upstream.baseUrl, 'http://10.0.0.7/v1']) {
        const answer = await adminClient(strict.url).post('/api/connections/test', { connection: { type: 'openai', base_url, api_key: DRAFT_KEY } });
        expect(answer.status).toBe(400);
        expect(answer.body.error.param).toBe('base_url');
        expect(answer.body.error.message).toMatch(/allow_private_base_urls/);
      }
      expect(upstream.requests).toHaveLength(0);
    });
  });
});
