import { startKeyedGateway, UPSTREAM_KEYS, type KeyedGateway } from '../support/keyed-gateway';
import { ensurePythonVenv, PYTHON_VENV_SETUP_TIMEOUT_MS } from '../support/python-venv';
import { expectPytestPassed, PYTEST_TIMEOUT_MS, runPytest, type PytestRun } from '../support/run-pytest';

/**
 * The official Python SDKs (openai, anthropic, google-genai) with gateway keys
 * (test/clients/python/test_gateway_keys.py): served with a valid key, their own
 * authentication and permission exceptions otherwise.
 */
describe('Python SDKs with gateway keys', () => {
  let rig: KeyedGateway;
  let pytest: PytestRun;

  beforeAll(async () => {
    const python = await ensurePythonVenv();
    rig = await startKeyedGateway();
    const { all, gptOnly, revoked } = rig.keys;
    pytest = await runPytest(python, 'test_gateway_keys.py', { GATEWAY_URL: rig.gw.url, KEY_ALL: all, KEY_GPT_ONLY: gptOnly, KEY_REVOKED: revoked });
  }, PYTHON_VENV_SETUP_TIMEOUT_MS + PYTEST_TIMEOUT_MS);

  afterAll(async () => {
    await rig?.close();
  });

  it('passes under pytest', () => expectPytestPassed(pytest));

  it('reached each upstream with its server-held key, never with a gateway key', () => {
    expect(rig.openai.requests.some((r) => r.headers.authorization === `Bearer ${UPSTREAM_KEYS.openai}`)).toBe(true);
    expect(rig.anthropic.requests.some((r) => r.headers['x-api-key'] === UPSTREAM_KEYS.anthropic)).toBe(true);
    expect(rig.gemini.requests.some((r) => r.headers['x-goog-api-key'] === UPSTREAM_KEYS.gemini)).toBe(true);
    for (const request of rig.upstreamRequests()) {
      for (const key of Object.values(rig.keys)) expect(`${request.path} ${JSON.stringify(request.headers)} ${request.rawBody}`).not.toContain(key);
    }
  });
});
