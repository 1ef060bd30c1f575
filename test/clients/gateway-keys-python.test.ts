import { AnthropicFake } from '../fakes/anthropic-fake';
import { GeminiFake } from '../fakes/gemini-fake';
import { OpenAiFake } from '../fakes/openai-fake';
import { adminClient } from '../support/admin-client';
import { ensurePythonVenv, PYTHON_VENV_SETUP_TIMEOUT_MS } from '../support/python-venv';
import { expectPytestPassed, PYTEST_TIMEOUT_MS, runPytest, type PytestRun } from '../support/run-pytest';
import { startGateway, type TestGateway } from '../support/start-gateway';

/**
 * The official Python SDKs (openai, anthropic, google-genai) with gateway keys
 * (test/clients/python/test_gateway_keys.py): served with a valid key, their own
 * authentication and permission exceptions otherwise.
 */
describe('Python SDKs with gateway keys', () => {
  let upstreams: [OpenAiFake, AnthropicFake, GeminiFake];
  let gw: TestGateway;
  let keys: string[];
  let pytest: PytestRun;

  beforeAll(async () => {
    const python = await ensurePythonVenv();
    upstreams = [await OpenAiFake.start(), await AnthropicFake.start(), await GeminiFake.start()];
    const [oa, an, gm] = upstreams;
    gw = await startGateway(`
auth: { require_keys: true }
providers:
  oa: { type: openai, base_url: "${oa.baseUrl}", api_key: "sk-upstream-py-01" }
  an: { type: anthropic, base_url: "${an.baseUrl}", api_key: "sk-ant-upstream-py-02" }
  gm: { type: gemini, base_url: "${gm.baseUrl}", api_key: "AIza-upstream-py-03" }
endpoints:
  - { name: gpt, kind: chat, provider: oa, model: gpt-4o-mini }
  - { name: claude, kind: chat, provider: an, model: claude-haiku-4-5 }
  - { name: gem, kind: chat, provider: gm, model: gemini-2.5-flash }
`);
    const admin = adminClient(gw.url);
    const all = (await admin.post('/api/keys', { name: 'all', endpoints: '*' })).body;
    const gptOnly = (await admin.post('/api/keys', { name: 'gpt only', endpoints: ['gpt'] })).body;
    const revoked = (await admin.post('/api/keys', { name: 'revoked', endpoints: '*' })).body;
    expect((await admin.delete(`/api/keys/${revoked.id}`)).status).toBe(204);
    keys = [all.key, gptOnly.key, revoked.key];
    pytest = await runPytest(python, 'test_gateway_keys.py', { GATEWAY_URL: gw.url, KEY_ALL: all.key, KEY_GPT_ONLY: gptOnly.key, KEY_REVOKED: revoked.key });
  }, PYTHON_VENV_SETUP_TIMEOUT_MS + PYTEST_TIMEOUT_MS);

  afterAll(async () => {
    await gw?.close();
    for (const upstream of upstreams ?? []) await upstream.close();
  });

  it('passes under pytest', () => expectPytestPassed(pytest));

  it('reached each upstream with its server-held key, never with a gateway key', () => {
    const [oa, an, gm] = upstreams;
    expect(oa.requests.some((r) => r.headers.authorization === 'Bearer sk-upstream-py-01')).toBe(true);
    expect(an.requests.some((r) => r.headers['x-api-key'] === 'sk-ant-upstream-py-02')).toBe(true);
    expect(gm.requests.some((r) => r.headers['x-goog-api-key'] === 'AIza-upstream-py-03')).toBe(true);
    for (const request of upstreams.flatMap((u) => u.requests)) {
      for (const key of keys) expect(`${request.path} ${JSON.stringify(request.headers)} ${request.rawBody}`).not.toContain(key);
    }
  });
});
