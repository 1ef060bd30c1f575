import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OpenAiFake } from '../fakes/openai-fake';
import { PROCESS_HOOK_TIMEOUT_MS, startGatewayProcess, type GatewayProcess } from '../support/gateway-process';
import { findFreePort } from '../support/redis-server';

/**
 * `model-gateway judge` as a user runs it: the built CLI in its own process against a
 * gateway process in front of the OpenAI fake. Output, --json, exit codes and messages.
 */

const CLI = path.resolve(__dirname, '../../plugins/distribution/dist/main.js');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function judgeCli(args: string[], cwd: string, env: Record<string, string> = {}): Promise<Run> {
  const clean = { ...process.env };
  for (const name of ['GATEWAY_CONFIG', 'MODEL_GATEWAY_URL']) delete clean[name];
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, 'judge', ...args], { cwd, env: { ...clean, ...env }, timeout: 20_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
    });
  });
}

const CASES = [
  { inputs: 'What is 2 + 2?', outputs: '4 [[result=yes]] [[rationale=correct sum]]' },
  { inputs: 'Capital of France?', outputs: 'Lyon [[result=no]] [[rationale=it is Paris]]' },
  { inputs: 'Sky colour?', outputs: 'blue [[result=yes]] [[rationale=blue]]' },
];

describe('model-gateway judge', () => {
  let upstream: OpenAiFake;
  let gw: GatewayProcess;
  let dir: string;

  beforeAll(async () => {
    upstream = await OpenAiFake.start();
    dir = await mkdtemp(path.join(tmpdir(), 'mg-judge-cli-'));
    await writeFile(path.join(dir, 'gateway.yaml'), `
providers:
  up: { type: openai, base_url: "${upstream.baseUrl}", api_key: "sk-judge-cli-0123456789" }
endpoints:
  - { name: my-chat, kind: chat, provider: up, model: gpt-4o-mini }
`);
    await writeFile(path.join(dir, 'cases.jsonl'), `${CASES.map((c) => JSON.stringify(c)).join('\n')}\n`);
    await writeFile(path.join(dir, 'criteria.txt'), 'Is {{ outputs }} a correct answer to {{ inputs }}?');
    await writeFile(path.join(dir, 'broken.jsonl'), '{"inputs": "a", "outputs": "b"}\nnot json\n');
    gw = await startGatewayProcess(path.join(dir, 'gateway.yaml'));
  }, PROCESS_HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await gw?.stop();
    await upstream?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('prints a table per case and a summary, judging through $MODEL_GATEWAY_URL', async () => {
    const run = await judgeCli(['--model', 'gateway:/my-chat', '--instructions', 'criteria.txt', '--data', 'cases.jsonl'], dir, { MODEL_GATEWAY_URL: gw.url });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toMatch(/^#\s+verdict\s+tokens\s+cost usd\s+ms\s+rationale$/);
    expect(lines[2]).toMatch(/^1\s+yes\s+18\s+0\.0000\d+\s+\d+\s+correct sum$/);
    expect(lines[3]).toMatch(/^2\s+no\s+18\s+.*\s+it is Paris$/);
    expect(run.stdout).toContain('judge: 3 of 3 cases judged by gateway:/my-chat');
    expect(run.stdout).toContain('pass rate: 66.7% (yes)');
    expect(run.stdout).toMatch(/total cost: 0\.0000\d+ USD; tokens: 54/);
    expect(run.stdout).toMatch(/latency: p50 \d+ ms, p95 \d+ ms/);
    // The instructions came from the file, templated as MLflow does.
    expect(upstream.last.body.messages[0].content).toContain('Your task: Is {{ outputs }} a correct answer to {{ inputs }}?');
    expect(upstream.last.body.response_format.json_schema.schema.properties.result.enum).toEqual(['yes', 'no']);
  });

  it('prints JSON with --json, the costs the gateway reported included', async () => {
    const run = await judgeCli(['--model=gateway:/my-chat', '--instructions', 'Is {{ outputs }} right for {{ inputs }}?', '--data', 'cases.jsonl', '--gateway', gw.url, '--json', '--concurrency', '2'], dir);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report.results.map((r: any) => [r.verdict, r.rationale])).toEqual([
      ['yes', 'correct sum'],
      ['no', 'it is Paris'],
      ['yes', 'blue'],
    ]);
    expect(report.summary).toMatchObject({ cases: 3, judged: 3, errors: 0, totalTokens: 54, unpricedCases: 0 });
    expect(report.summary.totalCostUsd).toBeCloseTo(report.results.reduce((usd: number, r: any) => usd + r.costUsd, 0), 15);
    expect(report.summary.totalCostUsd).toBeGreaterThan(0);
  });

  it.each([
    ['gateway:/', 'names no endpoint'],
    ['gateway:x', 'must be "gateway:/<endpoint>"'],
  ])('exits 2 on the malformed identifier %s', async (model, message) => {
    const run = await judgeCli(['--model', model, '--instructions', 'criteria.txt', '--data', 'cases.jsonl', '--gateway', gw.url], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
    expect(run.stderr).not.toMatch(/^\s+at /m);
  });

  it('exits 1 naming an unknown endpoint', async () => {
    const run = await judgeCli(['--model', 'gateway:/nope', '--instructions', 'criteria.txt', '--data', 'cases.jsonl', '--gateway', gw.url], dir);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`error: The gateway at ${gw.url} has no endpoint "nope" (GET /gateway/native/v1/models lists them).\n`);
  });

  it('exits 1 when the gateway cannot be reached', async () => {
    const port = await findFreePort();
    const run = await judgeCli(['--model', 'gateway:/my-chat', '--instructions', 'criteria.txt', '--data', 'cases.jsonl'], dir, { MODEL_GATEWAY_URL: `http://127.0.0.1:${port}` });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`error: Cannot reach the gateway at http://127.0.0.1:${port} (ECONNREFUSED). Start it, or point MODEL_GATEWAY_URL (or --gateway) at it.\n`);
  });

  it('exits 2 with the usage for missing options and bad data, naming the line', async () => {
    const missing = await judgeCli(['--model', 'gateway:/my-chat'], dir);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('error: --instructions is required');
    expect(missing.stderr).toContain('model-gateway judge --model gateway:/<endpoint>');
    const broken = await judgeCli(['--model', 'gateway:/my-chat', '--instructions', 'criteria.txt', '--data', 'broken.jsonl', '--gateway', gw.url], dir);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain('broken.jsonl:2: not a JSON object');
  });

  it('is listed by model-gateway help and explains itself with --help', async () => {
    const help = await new Promise<string>((resolve) => execFile(process.execPath, [CLI, 'help'], { cwd: dir }, (_e, stdout) => resolve(stdout)));
    expect(help).toContain('model-gateway judge ...');
    const own = await judgeCli(['--help'], dir);
    expect(own.code).toBe(0);
    expect(own.stdout).toContain('--verdict <type>');
  });
});
