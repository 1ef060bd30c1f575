import { OpenAiFake } from '../fakes/openai-fake';
import { ensurePythonVenv, PYTHON_VENV_SETUP_TIMEOUT_MS } from '../support/python-venv';
import { expectPytestPassed, PYTEST_TIMEOUT_MS, runPytest, type PytestRun } from '../support/run-pytest';
import { startGateway, type TestGateway } from '../support/start-gateway';

const PLACEHOLDER_KEY = 'placeholder-client-key';
const LOOKUP_SCHEMA = { type: 'object', properties: { user_id: { type: 'integer' } }, required: ['user_id'] };

/**
 * LiteLLM's gemini/ provider (api_base on the gateway, no version segment) and google-genai
 * for Python, both on /gateway/gemini for an OpenAI endpoint: the pytest file checks that each
 * gets an answer, this file that the tool, limit and system prompt each client set reached OpenAI.
 */
describe('Python Gemini clients that write proto field names', () => {
  let openai: OpenAiFake;
  let gw: TestGateway;
  let run: PytestRun;

  beforeAll(async () => {
    const python = await ensurePythonVenv();
    openai = await OpenAiFake.start();
    gw = await startGateway(`
providers:
  oa: { type: openai, base_url: "${openai.baseUrl}", api_key: "sk-python-snake" }
endpoints:
  - { name: gpt, kind: chat, provider: oa, model: gpt-4.1-mini }
`);
    run = await runPytest(python, 'test_gemini_snake_case.py', { GATEWAY_URL: gw.url, PLACEHOLDER_KEY });
  }, PYTHON_VENV_SETUP_TIMEOUT_MS + PYTEST_TIMEOUT_MS);

  afterAll(async () => {
    await gw?.close();
    await openai?.close();
  });

  /** The upstream request whose user turn carried `text`. */
  const sentWith = (text: string) => openai.requests.find((r) => JSON.stringify(r.body?.messages ?? []).includes(text))?.body;

  it('passes under pytest', () => expectPytestPassed(run));

  it('LiteLLM: the tool with its parameters, max_tokens and the system prompt reached OpenAI', () => {
    const body = sentWith('Hello from litellm');
    expect(body).toBeDefined();
    expect(body.tools[0].function).toMatchObject({ name: 'lookup_user', parameters: LOOKUP_SCHEMA });
    expect(body.max_completion_tokens ?? body.max_tokens).toBe(321);
    // LiteLLM folds the system prompt into the first user turn for a model name it does not know as Gemini's.
    expect(JSON.stringify(body.messages)).toContain('litellm system');
  });

  it('google-genai: the same from its snake_case config', () => {
    const body = sentWith('Hello from genai');
    expect(body).toBeDefined();
    expect(body.tools[0].function).toMatchObject({ name: 'lookup_user', parameters: LOOKUP_SCHEMA });
    expect(body.max_completion_tokens ?? body.max_tokens).toBe(654);
    expect(body.top_p).toBe(0.5);
    expect(body.messages[0]).toMatchObject({ content: 'genai system' });
  });
});
