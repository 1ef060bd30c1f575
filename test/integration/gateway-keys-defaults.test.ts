import { OpenAiFake } from '../fakes/openai-fake';
import { adminClient } from '../support/admin-client';
import { eventually } from '../support/eventually';
import { postJson, startGateway, type TestGateway } from '../support/start-gateway';

/**
 * Gateway keys left at their defaults: with keys off the data plane serves callers with any
 * credential or none, while /api/keys can hand keys out in advance; with an admin token the
 * keys and the usage they are counted under need it, like every admin route.
 */

const messages = [{ role: 'user', content: 'hi' }];
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
let openai: OpenAiFake;

describe('with keys off (the default)', () => {
  let open: TestGateway;

  beforeAll(async () => {
    openai = await OpenAiFake.start();
    open = await startGateway(`
providers:
  oa: { type: openai, base_url: "${openai.baseUrl}", api_key: "sk-upstream-openai-0001" }
endpoints:
  - { name: chat-a, kind: chat, provider: oa, model: gpt-4o-mini }
`);
  });
  afterAll(async () => {
    await open?.close();
    await openai?.close();
  });

  it('serves callers with no credential, or any credential, and records no key', async () => {
    const none = await postJson(`${open.url}/gateway/native/v1/chat/completions`, { model: 'chat-a', messages });
    const placeholder = await postJson(`${open.url}/gateway/native/v1/chat/completions`, { model: 'chat-a', messages }, bearer('sk-anything'));
    expect([none.status, placeholder.status]).toEqual([200, 200]);
    const models = await fetch(`${open.url}/gateway/native/v1/models`);
    expect(((await models.json()) as any).data.map((m: any) => m.id)).toEqual(['chat-a']);
    await eventually(() => {
      const lines = open.logs.map((l) => JSON.parse(l)).filter((e) => e.msg === 'usage');
      expect(lines).toHaveLength(2);
      for (const line of lines) expect(line.usage).not.toHaveProperty('principal');
    });
  });

  it('still manages keys, so they can be handed out before keys are required', async () => {
    const created = await adminClient(open.url).post('/api/keys', { name: 'early', endpoints: ['chat-a'] });
    expect(created.status).toBe(201);
  });
});

describe('with an admin token', () => {
  let guarded: TestGateway;

  beforeAll(async () => {
    guarded = await startGateway('endpoints: [{ name: m, kind: chat, provider: mock, model: echo }]', { env: { ...process.env, GATEWAY_ADMIN_TOKEN: 'admin-secret-token-1' } });
  });
  afterAll(async () => {
    await guarded?.close();
  });

  it('manages keys only with the token, like every admin change', async () => {
    expect((await adminClient(guarded.url).post('/api/keys', { name: 'k', endpoints: '*' })).status).toBe(401);
    expect((await adminClient(guarded.url).get('/api/keys')).status).toBe(401);
    expect((await adminClient(guarded.url, 'wrong').get('/api/keys')).status).toBe(401);
    const withToken = adminClient(guarded.url, 'admin-secret-token-1');
    expect((await withToken.post('/api/keys', { name: 'k', endpoints: '*' })).status).toBe(201);
    expect((await withToken.post('/api/keys', { name: 'k2', endpoints: '*' }, { origin: 'http://evil.example' })).status).toBe(403);
    expect((await withToken.get('/api/keys')).body.data).toHaveLength(1);
  });

  it('shows usage (who spent what) only with the token too', async () => {
    const refused = await adminClient(guarded.url).get('/api/usage');
    expect(refused.status).toBe(401);
    expect(JSON.stringify(refused.body)).toMatch(/admin token/);
    expect((await adminClient(guarded.url, 'wrong').get('/api/usage?group_by=key')).status).toBe(401);
    const shown = await adminClient(guarded.url, 'admin-secret-token-1').get('/api/usage');
    expect(shown.status).toBe(200);
    expect(shown.body.object).toBe('usage');
  });
});
