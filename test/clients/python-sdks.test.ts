import { OpenAiFake, respondOpenAi, type OpenAiBehaviour } from '../fakes/openai-fake';
import { ensurePythonVenv, PYTHON_VENV_SETUP_TIMEOUT_MS } from '../support/python-venv';
import { expectPytestPassed, PYTEST_TIMEOUT_MS, runPytest, type PytestRun } from '../support/run-pytest';
import { startGateway, type TestGateway } from '../support/start-gateway';

const SERVER_KEY = 'sk-live-server-only-42';
const SCRIPTED_KEY = 'sk-live-scripted-7';
const PLACEHOLDER_KEY = '<API_KEY>';

/** The scripted fake's answers, by the model the endpoint names. */
const SCRIPTS: Record<string, OpenAiBehaviour> = {
  'rate-limited': respondOpenAi.status(429, { error: { message: 'slow down', type: 'requests', code: 'rate_limit_exceeded' } }),
  'tool-caller': respondOpenAi.stream([], { toolCall: { name: 'lookup', args: ['{"q":', '"x"}'] } }),
};
const NO_SCRIPT = respondOpenAi.error(404, 'invalid_request_error', 'no script for this model', 'model_not_found');

/**
 * The official Python SDKs as clients of the gateway: pytest files under
 * test/clients/python run in the venv from ensurePythonVenv against a gateway
 * started here. Python cannot program the fake upstream's queue, so answers it
 * needs on demand (a 429, a streamed tool call) come from a second fake whose
 * script picks the answer by the model each endpoint is configured with.
 */
describe('official Python SDKs against the gateway', () => {
  let upstream: OpenAiFake;
  let scripted: OpenAiFake;
  let gw: TestGateway;
  let pytest: PytestRun;

  // One setup, pytest included: a failed venv or gateway start then reports once, not again as a crash in a later hook.
  beforeAll(async () => {
    const python = await ensurePythonVenv();
    upstream = await OpenAiFake.start();
    scripted = await OpenAiFake.start({ script: (req) => SCRIPTS[req.body?.model] ?? NO_SCRIPT });
    gw = await startGateway(`
providers:
  up: { type: openai, base_url: "${upstream.baseUrl}", api_key: "${SERVER_KEY}" }
  scripted: { type: openai, base_url: "${scripted.baseUrl}", api_key: "${SCRIPTED_KEY}" }
endpoints:
  - { name: my-chat, kind: chat, provider: up, model: gpt-4o-mini }
  - { name: my-embed, kind: embeddings, provider: up, model: text-embedding-3-small }
  - { name: demo, kind: chat, provider: mock, model: echo }
  - { name: my-tools, kind: chat, provider: scripted, model: tool-caller }
  - { name: limited, kind: chat, provider: scripted, model: rate-limited }
`);
    pytest = await runPytest(python, 'test_openai_unified.py', { GATEWAY_URL: gw.url });
  }, PYTHON_VENV_SETUP_TIMEOUT_MS + PYTEST_TIMEOUT_MS);

  afterAll(async () => {
    await gw?.close();
    await upstream?.close();
    await scripted?.close();
  });

  describe('openai SDK on the unified APIs (test_openai_unified.py)', () => {
    it('passes under pytest', () => expectPytestPassed(pytest));

    it('reached the upstream with the server-held key and the configured models', () => {
      const sawModel = (model: string) =>
        upstream.requests.some((r) => r.body?.model === model && r.headers.authorization === `Bearer ${SERVER_KEY}`);
      expect(sawModel('gpt-4o-mini')).toBe(true);
      expect(sawModel('text-embedding-3-small')).toBe(true);
      expect(scripted.requests.some((r) => r.body?.model === 'rate-limited' && r.headers.authorization === `Bearer ${SCRIPTED_KEY}`)).toBe(true);
      expect(scripted.requests.some((r) => r.body?.model === 'tool-caller' && r.headers.authorization === `Bearer ${SCRIPTED_KEY}`)).toBe(true);
    });

    it('never passed the placeholder key on', () => {
      const all = [...upstream.requests, ...scripted.requests];
      expect(all.length).toBeGreaterThan(0);
      for (const request of all) {
        expect(JSON.stringify(request.headers)).not.toContain(PLACEHOLDER_KEY);
        expect(request.rawBody).not.toContain(PLACEHOLDER_KEY);
      }
    });
  });
});
