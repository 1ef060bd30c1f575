import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { AGENT_CLIS_SETUP_TIMEOUT_MS, ensureAgentClis, type AgentClis } from '../support/agent-clis';
import { startAgentRig, type AgentRig } from './agent-rig';
import { describeRun, exampleFile, fill, parseEnvFile, runCli, scratch, writeIn } from './agent-setup';
import { LOOP_CONTENT, LOOP_FILE, ToolLoop } from './tool-loop';

/**
 * Not a test (no expectation; outside jest's testMatch): times each agent's file-writing loop
 * through the gateway (relayed to a fake of the agent's own format) against the same agent
 * pointed at that fake directly, and prints the medians and their ratio for docs/performance.md.
 * Run: npm run build --silent && npx jest --testMatch '<rootDir>/test/agents/loop-ratio.measure.ts'
 */

const RUNS = Number(process.env.LOOP_RATIO_RUNS ?? 5);
const RUN_TIMEOUT_MS = 120_000;
/** Measures only the agents whose name holds this text (case-insensitive), e.g. LOOP_RATIO_ONLY=codex. */
const ONLY = (process.env.LOOP_RATIO_ONLY ?? '').toLowerCase();
jest.setTimeout(AGENT_CLIS_SETUP_TIMEOUT_MS + RUNS * 8 * RUN_TIMEOUT_MS);

const loop = new ToolLoop();
let clis: AgentClis;
let rig: AgentRig;
let work: { dir: string; remove(): Promise<void> };

// The same model name either way (the fakes answer any); Codex and opencode pick other tools for a GPT name they know, so it is neutral.
const CLAUDE = 'ratio-claude';
const GPT = 'ratio-gpt';
const GEMINI = 'gemini-3-flash-preview';

beforeAll(async () => {
  clis = await ensureAgentClis();
  work = await scratch('loop-ratio');
  rig = await startAgentRig(work.dir, {
    anthropic: { script: loop.anthropic },
    // Off: the oracle refuses the real Responses fields Codex sends (client_metadata, input item ids; see codex-tool-loop.test.ts), so no Codex run completed; the tool-loop tests check the bodies, this only times them.
    openai: { script: loop.openai, sdkCheck: 'off' },
    gemini: { script: loop.gemini },
    endpoints: [
      { name: CLAUDE, provider: 'anthropic-up', model: CLAUDE },
      { name: GPT, provider: 'openai-up', model: GPT },
      { name: GEMINI, provider: 'gemini-up', model: GEMINI },
    ],
  });
}, AGENT_CLIS_SETUP_TIMEOUT_MS);

afterAll(async () => {
  await rig?.stop();
  await work?.remove();
});

type Side = 'direct' | 'gateway';

interface Agent {
  name: string;
  /** The base URL the agent is given: a gateway route, or the fake of its format. */
  bases(): { gateway: string; direct: string };
  /** Writes the agent's config under `home`/`project` for one side and returns its command line and environment. */
  prepare(base: string, project: string, home: string, side: Side): Promise<{ command: string; args: string[]; env: Record<string, string> }>;
  call(target: string): { name: string; input: Record<string, unknown> };
}

const AGENTS: Agent[] = [
  {
    name: 'Claude Code (Anthropic)',
    bases: () => ({ gateway: `${rig.gateway.url}/gateway/anthropic`, direct: rig.anthropic.baseUrl }),
    prepare: async (base, _project, home) => {
      const env = parseEnvFile(fill(await exampleFile('claude-code.env'), 'http://gateway.invalid', CLAUDE));
      return { command: clis.claude, args: ['-p', `Create ${LOOP_FILE}.`, '--output-format', 'json', '--permission-mode', 'acceptEdits'], env: { ...env, ANTHROPIC_BASE_URL: base, HOME: home } };
    },
    call: (target) => ({ name: 'Write', input: { file_path: target, content: LOOP_CONTENT } }),
  },
  {
    name: 'Codex (Responses)',
    bases: () => ({ gateway: `${rig.gateway.url}/gateway/openai/v1`, direct: rig.openai.baseUrl }),
    prepare: (base, project, home) => codex(base, project, home, false),
    call: () => ({ name: 'exec_command', input: { cmd: `printf '%s' '${LOOP_CONTENT}' > ${LOOP_FILE}` } }),
  },
  {
    // Through the gateway Codex first tries its WebSocket transport, is refused (426) and goes on over HTTP. The fake
    // refuses a handshake with a 404, which Codex retries for seconds, so the direct side is plain HTTP: the ratio is what
    // a user with the transport on pays over a provider reached without it.
    name: 'Codex (Responses, WebSocket tried)',
    bases: () => ({ gateway: `${rig.gateway.url}/gateway/openai/v1`, direct: rig.openai.baseUrl }),
    prepare: (base, project, home, side) => codex(base, project, home, side === 'gateway'),
    call: () => ({ name: 'exec_command', input: { cmd: `printf '%s' '${LOOP_CONTENT}' > ${LOOP_FILE}` } }),
  },
  {
    name: 'Gemini CLI (Gemini)',
    bases: () => ({ gateway: `${rig.gateway.url}/gateway/gemini`, direct: rig.gemini.baseUrl }),
    prepare: async (base, _project, home) => {
      await writeIn(home, '.gemini/settings.json', JSON.stringify({ security: { auth: { selectedType: 'gemini-api-key' } } }));
      const env = { GOOGLE_GEMINI_BASE_URL: base, GEMINI_API_KEY: 'placeholder', GEMINI_MODEL: GEMINI, GEMINI_CLI_TRUST_WORKSPACE: 'true', HOME: home };
      return { command: clis.gemini, args: ['-p', `Create ${LOOP_FILE}.`, '--yolo', '-m', GEMINI], env };
    },
    call: (target) => ({ name: 'write_file', input: { file_path: target, content: LOOP_CONTENT } }),
  },
  {
    name: 'opencode (Chat Completions)',
    bases: () => ({ gateway: `${rig.gateway.url}/gateway/openai/v1`, direct: rig.openai.baseUrl }),
    prepare: async (base, project, home) => {
      const config = { provider: { gateway: { npm: '@ai-sdk/openai-compatible', name: 'model-gateway', options: { baseURL: base, apiKey: 'placeholder' }, models: { [GPT]: {} } } }, model: `gateway/${GPT}` };
      await writeIn(project, 'opencode.json', JSON.stringify(config));
      return { command: clis.opencode, args: ['run', `Create ${LOOP_FILE}.`], env: { HOME: home, OPENCODE_DISABLE_AUTOUPDATE: '1' } };
    },
    call: (target) => ({ name: 'write', input: { filePath: target, content: LOOP_CONTENT } }),
  },
];

/** `codex exec` with the README's config.toml at `base`, its WebSocket transport on when `websocket`. */
async function codex(base: string, project: string, home: string, websocket: boolean): Promise<{ command: string; args: string[]; env: Record<string, string> }> {
  const readme = fill(await exampleFile('codex-config.toml'), 'http://127.0.0.1:8080', GPT).replace('http://127.0.0.1:8080/gateway/openai/v1', base);
  // The provider table is the file's last: a line appended lands in it.
  await writeIn(home, 'codex/config.toml', `model_reasoning_effort = "medium"\n${readme.trimEnd()}\n${websocket ? 'supports_websockets = true\n' : ''}`);
  const args = ['exec', '--skip-git-repo-check', '--sandbox', 'workspace-write', '-C', project, `Create ${LOOP_FILE}.`];
  return { command: clis.codex, args, env: { CODEX_HOME: `${home}/codex`, HOME: home, OPENAI_API_KEY: 'placeholder' } };
}

/** One run's wall time in ms, or undefined when the loop did not complete (it is then not counted). */
async function timeOne(agent: Agent, side: Side): Promise<number | undefined> {
  const base = agent.bases()[side];
  const project = await scratch('ratio-project');
  const home = await scratch('ratio-home');
  try {
    const target = path.join(project.dir, LOOP_FILE);
    loop.reset(agent.call(target));
    const { command, args, env } = await agent.prepare(base, project.dir, home.dir, side);
    const started = performance.now();
    const run = await runCli(command, args, { cwd: project.dir, env, timeoutMs: RUN_TIMEOUT_MS });
    const elapsed = performance.now() - started;
    const written = await readFile(target, 'utf8').catch(() => undefined);
    const done = run.code === 0 && written === LOOP_CONTENT && loop.problems().length === 0 && loop.events.some((e) => e.turn === 'result');
    // A run that is not counted says why, so a missing row is never a mystery.
    if (!done) process.stderr.write(`\n${agent.name} at ${base}: not counted\n${describeRun(run)}\n--- file: ${JSON.stringify(written)}\n--- loop: ${JSON.stringify(loop.events)}\n`);
    return done ? elapsed : undefined;
  } finally {
    await home.remove();
    await project.remove();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** `median (min–max, runs)` of one side's times, for the table. */
function spread(values: number[]): string {
  return values.length === 0 ? '— (0)' : `${median(values).toFixed(0)} (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}, ${values.length})`;
}

it('prints each agent loop\'s time through the gateway over its time against the fake directly', async () => {
  const lines: string[] = [];
  for (const agent of AGENTS.filter((a) => a.name.toLowerCase().includes(ONLY))) {
    const times = { gateway: [] as number[], direct: [] as number[] };
    // Each pair's own ratio too: its spread says how far one pair can be from the medians' ratio on this machine.
    const pairs: number[] = [];
    // Alternated, so a slow spell of the machine falls on both sides alike.
    for (let i = 0; i < RUNS; i++) {
      const pair: Partial<Record<Side, number>> = {};
      for (const side of ['direct', 'gateway'] as const) {
        const ms = await timeOne(agent, side);
        if (ms !== undefined) times[side].push((pair[side] = ms));
      }
      if (pair.direct !== undefined && pair.gateway !== undefined) pairs.push(pair.gateway / pair.direct);
    }
    const ratio = median(times.gateway) / median(times.direct);
    const pairRange = pairs.length ? `${Math.min(...pairs).toFixed(2)}–${Math.max(...pairs).toFixed(2)}` : '—';
    lines.push(`| ${agent.name} | ${spread(times.direct)} | ${spread(times.gateway)} | ${ratio.toFixed(2)} | ${pairRange} |`);
  }
  process.stdout.write(`\n| agent | direct ms: median (min–max, runs) | gateway ms: median (min–max, runs) | ratio of medians | pairs' ratios |\n|---|---|---|---|---|\n${lines.join('\n')}\n`);
});
