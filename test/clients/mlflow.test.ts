import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AnthropicFake } from '../fakes/anthropic-fake';
import { GeminiFake } from '../fakes/gemini-fake';
import { OpenAiFake, respondOpenAi, type OpenAiRequest } from '../fakes/openai-fake';
import { schemaAnswer } from '../fakes/schema-answer';
import { startGatewayProcess, type GatewayProcess } from '../support/gateway-process';
import { ensurePythonVenv, PYTHON_VENV_SETUP_TIMEOUT_MS } from '../support/python-venv';
import { expectPytestPassed, runPytest, type PytestRun } from '../support/run-pytest';

/** MLflow imports slowly and evaluate runs its scorers on threads: more than an SDK file needs. */
const MLFLOW_PYTEST_TIMEOUT_MS = 240_000;

/** What a judge without structured output is asked for in its prompt, and answers in text. */
const VERDICT_SCHEMA = { type: 'object', properties: { result: { type: 'string', enum: ['yes', 'no'] }, rationale: { type: 'string' } } };

/**
 * A model without structured output: it refuses response_format with a 400 naming it (as
 * providers do), and otherwise answers the judge's JSON inside a markdown fence, as chat
 * models often do when a prompt asks for JSON.
 */
const refusesResponseFormat = (req: OpenAiRequest) => (req.body?.response_format ? 'response_format json_schema is not supported by this model' : undefined);
const jsonInText = (req: OpenAiRequest) =>
  req.body?.response_format ? undefined : respondOpenAi.chat({ content: `Here is my rating:\n\`\`\`json\n${schemaAnswer(VERDICT_SCHEMA, req.view)}\n\`\`\`` });

/**
 * MLflow 3.17 from PyPI, unchanged, against a gateway process in front of the local fakes
 * (test/clients/python/test_mlflow.py): make_judge on OpenAI-, Anthropic- and Gemini-format
 * endpoints and on one without structured output, the Correctness scorer, genai.evaluate
 * over three rows, the deployments client and LiteLLM. Then what the gateway and the fakes saw.
 */
describe('MLflow against the gateway', () => {
  let openai: OpenAiFake;
  let plain: OpenAiFake;
  let anthropic: AnthropicFake;
  let gemini: GeminiFake;
  let gw: GatewayProcess;
  let dir: string;
  let pytest: PytestRun;

  beforeAll(async () => {
    const python = await ensurePythonVenv();
    openai = await OpenAiFake.start();
    plain = await OpenAiFake.start({ rules: refusesResponseFormat, script: jsonInText });
    anthropic = await AnthropicFake.start();
    gemini = await GeminiFake.start();
    dir = await mkdtemp(join(tmpdir(), 'mg-mlflow-'));
    const config = join(dir, 'gateway.yaml');
    await writeFile(
      config,
      `
providers:
  gpt: { type: openai, base_url: "${openai.baseUrl}", api_key: "sk-mlflow-openai-1" }
  gpt-plain: { type: openai, base_url: "${plain.baseUrl}", api_key: "sk-mlflow-plain-2" }
  claude: { type: anthropic, base_url: "${anthropic.baseUrl}", api_key: "sk-ant-mlflow-3" }
  gem: { type: gemini, base_url: "${gemini.baseUrl}", api_key: "AIza-mlflow-4" }
endpoints:
  - { name: judge-openai, kind: chat, provider: gpt, model: gpt-4o-mini }
  - { name: judge-anthropic, kind: chat, provider: claude, model: claude-haiku-4-5 }
  - { name: judge-gemini, kind: chat, provider: gem, model: gemini-2.5-flash }
  - { name: judge-plain, kind: chat, provider: gpt-plain, model: gpt-4o-mini }
  - { name: my-embed, kind: embeddings, provider: gpt, model: text-embedding-3-small }
`,
    );
    gw = await startGatewayProcess(config);
    pytest = await runPytest(
      python,
      'test_mlflow.py',
      {
        GATEWAY_URL: gw.url,
        // How a user points MLflow's judges at this gateway.
        MLFLOW_GATEWAY_URI: gw.url,
        // Runs and traces stay in a local folder; nothing phones home.
        MLFLOW_TRACKING_URI: `sqlite:///${join(dir, "mlflow.db")}`,
        MLFLOW_TEST_ARTIFACTS: join(dir, "artifacts"),
        MLFLOW_DISABLE_TELEMETRY: 'true',
        DO_NOT_TRACK: 'true',
        LITELLM_LOCAL_MODEL_COST_MAP: 'True',
        HOME: dir,
      },
      MLFLOW_PYTEST_TIMEOUT_MS,
    );
  }, PYTHON_VENV_SETUP_TIMEOUT_MS + MLFLOW_PYTEST_TIMEOUT_MS + 30_000);

  afterAll(async () => {
    await gw?.stop();
    await Promise.all([openai?.close(), plain?.close(), anthropic?.close(), gemini?.close()]);
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('passes under pytest', () => expectPytestPassed(pytest));

  it("sent the judges' JSON schema to each provider in its own format", () => {
    const verdict = (schema: any) => schema?.properties?.result;
    expect(openai.requests.some((r) => r.body?.response_format?.type === 'json_schema' && verdict(r.view.jsonSchema)?.enum)).toBe(true);
    expect(anthropic.requests.some((r) => r.body?.output_config?.format?.type === 'json_schema' && verdict(r.view.jsonSchema))).toBe(true);
    expect(gemini.requests.some((r) => r.body?.generationConfig?.responseMimeType === 'application/json' && verdict(r.view.jsonSchema))).toBe(true);
  });

  it('let MLflow retry without response_format after the 400, and the judge read JSON from text', () => {
    const withFormat = plain.requests.filter((r) => r.body?.response_format);
    const without = plain.requests.filter((r) => r.body && !r.body.response_format);
    expect(withFormat.length).toBeGreaterThanOrEqual(1);
    expect(without.length).toBeGreaterThanOrEqual(2);
  });

  it('counted judge traffic under the judge caller, apart from the rest', async () => {
    const response = await fetch(`${gw.url}/api/usage?group_by=caller&bucket=1h&from=${Math.floor(Date.now() / 1000) - 3600}`);
    const rows: any[] = ((await response.json()) as any).data;
    const sum = (endpoint: string, caller: string) => rows.filter((r) => r.endpoint === endpoint && r.caller === caller).reduce((n, r) => n + r.requests, 0);
    for (const endpoint of ['judge-openai', 'judge-anthropic', 'judge-gemini', 'judge-plain']) expect(sum(endpoint, 'judge')).toBeGreaterThanOrEqual(2);
    // The deployments client's predict and LiteLLM are not judges.
    expect(sum('judge-gemini', 'app')).toBe(1);
    expect(sum('judge-anthropic', 'litellm-app')).toBe(1);
    expect(sum('my-embed', 'app')).toBe(1);
    const judgeOpenAi = rows.filter((r) => r.endpoint === 'judge-openai' && r.caller === 'judge');
    expect(judgeOpenAi.reduce((usd, r) => usd + r.cost_usd, 0)).toBeGreaterThan(0);
  });

  it('kept the client placeholder keys away from the providers', () => {
    for (const request of [...openai.requests, ...plain.requests, ...anthropic.requests, ...gemini.requests]) {
      expect(JSON.stringify(request.headers)).not.toMatch(/placeholder-client-key|mlflow-gateway-auth/);
      expect(request.headers['x-mlflow-gateway-caller']).toBeUndefined();
    }
  });
});
