import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OpenAiFake, respondOpenAi } from '../fakes/openai-fake';
import { eventually } from '../support/eventually';
import { startMlflowServer, type MlflowServer } from '../support/mlflow-server';
import { REPO, runCommand, tail } from '../support/one-time-install';
import { ensurePythonVenv, PYTHON_VENV_SETUP_TIMEOUT_MS } from '../support/python-venv';
import { postJson, startGateway, type TestGateway } from '../support/start-gateway';

/** MLflow's import alone takes seconds; a search is one import and one query. */
const SEARCH_TIMEOUT_MS = 120_000;

/** Lists the experiment's traces through MLflow's own Python client, as a user would. */
const SEARCH_TRACES = `
import json, sys, mlflow
mlflow.set_tracking_uri(sys.argv[1])
traces = mlflow.search_traces(locations=[sys.argv[2]], return_type="list")
print("TRACES=" + json.dumps([
    {
        "state": str(t.info.state),
        "token_usage": t.info.token_usage,
        "spans": [{"name": s.name, "type": s.span_type, "root": s.parent_id is None} for s in t.data.spans],
    }
    for t in traces
]))
`;

/**
 * The recipe of docs/observability.md against a real MLflow 3.17 tracking server (the test venv's):
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT at its /v1/traces and the experiment in
 * OTEL_EXPORTER_OTLP_TRACES_HEADERS; each gateway call becomes one trace in that experiment,
 * its attempt an LLM span, its token usage what the provider reported.
 */
describe('gateway traces in an MLflow experiment', () => {
  let python: string;
  let dir: string;
  let mlflow: MlflowServer;
  let upstream: OpenAiFake;
  let gw: TestGateway | undefined;

  beforeAll(async () => {
    python = await ensurePythonVenv();
    dir = await mkdtemp(join(tmpdir(), 'mg-mlflow-otlp-'));
    [mlflow, upstream] = await Promise.all([startMlflowServer(python, dir), OpenAiFake.start()]);
  }, PYTHON_VENV_SETUP_TIMEOUT_MS + 200_000);

  afterAll(async () => {
    await gw?.close();
    await Promise.all([mlflow?.close(), upstream?.close()]);
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function searchTraces(experimentId: string): Promise<any[]> {
    const run = await runCommand(python, ['-c', SEARCH_TRACES, mlflow.url, experimentId], { cwd: REPO, timeoutMs: SEARCH_TIMEOUT_MS });
    const line = run.output.split('\n').find((text) => text.startsWith('TRACES='));
    if (!line) throw new Error(`search_traces printed no result:\n${tail(run.output)}`);
    return JSON.parse(line.slice('TRACES='.length));
  }

  it('one trace per call, with the attempt as an LLM span and the provider\'s token counts', async () => {
    const created = await postJson(`${mlflow.url}/api/2.0/mlflow/experiments/create`, { name: 'gateway-traces' });
    expect(created.status).toBe(200);
    const experimentId = String(created.body.experiment_id);

    gw = await startGateway(
      `
providers:
  up: { type: openai, base_url: "${upstream.baseUrl}", api_key: "sk-mlflow-otlp-secret-1" }
endpoints:
  - { name: chat-ep, kind: chat, provider: up, model: gpt-4o-mini }
`,
      {
        env: {
          ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('OTEL_'))),
          OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${mlflow.url}/v1/traces`,
          OTEL_EXPORTER_OTLP_TRACES_HEADERS: `x-mlflow-experiment-id=${experimentId}`,
          OTEL_SERVICE_NAME: 'model-gateway',
        },
      },
    );
    upstream.enqueue(respondOpenAi.chat());
    const first = await postJson(`${gw.url}/gateway/native/v1/chat/completions`, { model: 'chat-ep', messages: [{ role: 'user', content: 'one' }] });
    expect(first.status).toBe(200);
    const second = await postJson(`${gw.url}/gateway/openai/v1/chat/completions`, { model: 'chat-ep', messages: [{ role: 'user', content: 'two' }] });
    expect(second.status).toBe(200);
    // Closing flushes the batch: the export has been answered by MLflow when close() returns.
    await gw.close();
    gw = undefined;

    const traces = await eventually(async () => {
      const found = await searchTraces(experimentId);
      expect(found).toHaveLength(2);
      return found;
    }, SEARCH_TIMEOUT_MS * 2);
    for (const trace of traces) {
      expect(trace.state).toMatch(/OK/);
      // OPENAI_USAGE in the fake: 11 prompt and 7 completion tokens per answer.
      expect(trace.token_usage).toEqual({ input_tokens: 11, output_tokens: 7, total_tokens: 18 });
      const root = trace.spans.filter((span: any) => span.root);
      expect(root).toHaveLength(1);
      const attempts = trace.spans.filter((span: any) => !span.root);
      expect(attempts.map((span: any) => [span.name, span.type])).toEqual([['chat gpt-4o-mini', 'CHAT_MODEL']]);
    }
    expect(traces.map((trace) => trace.spans.find((span: any) => span.root).name).sort()).toEqual(['openai-chat chat-ep', 'openai-passthrough chat-ep']);
    expect(mlflow.output()).not.toContain('sk-mlflow-otlp-secret-1');
  }, SEARCH_TIMEOUT_MS * 3);
});
