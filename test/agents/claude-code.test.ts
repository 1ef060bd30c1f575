import { AnthropicFake } from '../fakes/anthropic-fake';
import { GeminiFake } from '../fakes/gemini-fake';
import { OpenAiFake, respondOpenAi, type OpenAiRequest } from '../fakes/openai-fake';
import { AGENT_CLIS_SETUP_TIMEOUT_MS, ensureAgentClis, type AgentClis } from '../support/agent-clis';
import type { GatewayProcess } from '../support/gateway-process';
import { HELD_KEYS, startAgentRig, type AgentRig } from './agent-rig';
import { describeRun, exampleFile, fill, parseEnvFile, readme, runCli, scratch, writeIn, type CliRun } from './agent-setup';

/**
 * Claude Code 2.1.197, installed from npm and run as a user would (`claude -p ... --output-format
 * json`, default settings, the README's environment), against a gateway process in front of
 * local fakes of each format. The fakes refuse what the real APIs refuse (a system message
 * without its beta header, unknown fields, Responses-only tool types), so a field the
 * translation leaked fails the run.
 */

const KEYS = HELD_KEYS;
const RUN_TIMEOUT_MS = 90_000;
// A run is bounded by RUN_TIMEOUT_MS (and then printed); the test waits a little longer for it.
jest.setTimeout(RUN_TIMEOUT_MS + 15_000);
const REPLY = 'Hello from upstream';
const MARKER = 'marker-7f3a9c';

let clis: AgentClis;
let anthropic: AnthropicFake;
let openai: OpenAiFake;
let gemini: GeminiFake;
let gateway: GatewayProcess;
let rig: AgentRig;
let work: { dir: string; remove(): Promise<void> };
let markerFile: string;

/** The Read tool on the first turn, a text answer once its result is back. */
function readThenAnswer(req: OpenAiRequest) {
  if (req.body?.model !== 'gpt-4.1-mini') return undefined;
  const toolResult = (req.body.messages as Array<{ role: string }>).some((m) => m.role === 'tool');
  if (toolResult) return respondOpenAi.stream(['The file says ', MARKER]);
  return respondOpenAi.stream([], { toolCall: { id: 'call_read_1', name: 'Read', args: ['{"file_path":', JSON.stringify(markerFile), '}'] } });
}

beforeAll(async () => {
  clis = await ensureAgentClis();
  work = await scratch('claude-code');
  markerFile = await writeIn(work.dir, 'project/notes.txt', `${MARKER}\n`);
  rig = await startAgentRig(work.dir, {
    openai: { script: readThenAnswer },
    endpoints: [
      { name: 'cc-claude', provider: 'anthropic-up', model: 'claude-sonnet-4-5' },
      { name: 'cc-gpt', provider: 'openai-up', model: 'gpt-4o-mini' },
      { name: 'cc-gpt-reasoning', provider: 'openai-up', model: 'gpt-5-mini' },
      { name: 'cc-gpt-tools', provider: 'openai-up', model: 'gpt-4.1-mini' },
      { name: 'cc-gemini', provider: 'gemini-up', model: 'gemini-2.5-flash' },
    ],
  });
  ({ anthropic, openai, gemini, gateway } = rig);
}, AGENT_CLIS_SETUP_TIMEOUT_MS);

afterAll(async () => {
  await rig?.stop();
  await work?.remove();
});

beforeEach(() => rig.reset());

/** `claude -p` with the README's environment for `endpoint`, a fresh HOME each run. */
async function claude(endpoint: string, prompt: string, flags: string[] = []): Promise<{ run: CliRun; result: { result?: string; is_error?: boolean } }> {
  const env = parseEnvFile(fill(await exampleFile('claude-code.env'), gateway.url, endpoint));
  const home = await scratch('claude-home');
  try {
    const run = await runCli(clis.claude, [...flags, '-p', prompt, '--output-format', 'json'], { cwd: `${work.dir}/project`, env: { ...env, HOME: home.dir }, timeoutMs: RUN_TIMEOUT_MS });
    let result = {};
    try {
      result = JSON.parse(run.stdout.trim().split('\n').pop() ?? '');
    } catch {
      // Left empty: the expectation below prints the run.
    }
    return { run, result };
  } finally {
    await home.remove();
  }
}

function expectReply(run: CliRun, result: { result?: string; is_error?: boolean }, reply: string): void {
  if (run.code !== 0 || result.is_error !== false || result.result !== reply) throw new Error(`claude did not complete with "${reply}": ${describeRun(run)}`);
}

/** The last Messages or Chat call the agent made: the turn that carries its prompt. */
const promptCall = <T extends { body: any }>(requests: T[]) => requests.filter((r) => r.body?.messages).pop() as T;

describe('Claude Code through the gateway', () => {
  it('takes the README environment verbatim from the example file', async () => {
    const text = await exampleFile('claude-code.env');
    expect(await readme()).toContain(`\`\`\`sh\n${text}\`\`\``);
    const env = parseEnvFile(text);
    expect(env).toMatchObject({ ANTHROPIC_BASE_URL: 'http://127.0.0.1:8080/gateway/anthropic', ANTHROPIC_MODEL: 'my-endpoint', DISABLE_TELEMETRY: '1' });
  });

  it('completes on an Anthropic-format endpoint, relayed with its beta features intact', async () => {
    const { run, result } = await claude('cc-claude', 'Say hello.');
    expectReply(run, result, REPLY);
    const call = promptCall(anthropic.requests);
    expect(call.body.model).toBe('claude-sonnet-4-5');
    // Relayed as Claude Code sent it: the mid-conversation system message and context editing under their beta header.
    expect(call.body.context_management).toBeDefined();
    expect(call.headers['anthropic-beta']).toContain('mid-conversation-system');
    expect(call.headers['x-api-key']).toBe(KEYS.anthropic);
  });

  it('completes on an OpenAI-format endpoint: system messages in place, no reasoning for a model without it, a user id OpenAI accepts', async () => {
    const { run, result } = await claude('cc-gpt', 'Say hello.');
    expectReply(run, result, REPLY);
    const call = promptCall(openai.requests);
    expect(call.body.model).toBe('gpt-4o-mini');
    expect(call.body).not.toHaveProperty('reasoning_effort');
    expect(call.body).not.toHaveProperty('context_management');
    const roles = (call.body.messages as Array<{ role: string }>).map((m) => m.role);
    expect(roles[0]).toBe('system');
    // Claude Code's mid-conversation system message stays a system message after the user's turn.
    expect(roles.slice(roles.indexOf('user')).includes('system')).toBe(true);
    expect(call.body.user).toMatch(/^[0-9a-f]{64}$/);
    expect(call.body.tools.length).toBeGreaterThan(10);
  });

  it('sends reasoning to a model that has it', async () => {
    const { run, result } = await claude('cc-gpt-reasoning', 'Say hello.');
    expectReply(run, result, REPLY);
    expect(promptCall(openai.requests).body).toMatchObject({ model: 'gpt-5-mini', reasoning_effort: expect.any(String) });
  });

  it('completes on a Gemini-format endpoint, the system messages folded into systemInstruction', async () => {
    const { run, result } = await claude('cc-gemini', 'Say hello.');
    expectReply(run, result, REPLY);
    const call = gemini.requests.filter((r) => r.body?.contents).pop() as (typeof gemini.requests)[number];
    expect(call.model).toBe('gemini-2.5-flash');
    expect(call.body.systemInstruction.parts.length).toBeGreaterThan(1);
    expect((call.body.contents as Array<{ role: string }>).every((c) => c.role === 'user' || c.role === 'model')).toBe(true);
    expect(call.headers['x-goog-api-key']).toBe(KEYS.gemini);
  });

  it('completes in --bare mode on a translated endpoint (context_management left out rather than refused)', async () => {
    const { run, result } = await claude('cc-gemini', 'Say hello.', ['--bare']);
    expectReply(run, result, REPLY);
    const call = gemini.requests.filter((r) => r.body?.contents).pop() as (typeof gemini.requests)[number];
    expect(call.body).not.toHaveProperty('context_management');
  });

  it('runs a tool the model asked for on a translated endpoint and sends its result back', async () => {
    const { run, result } = await claude('cc-gpt-tools', 'Read notes.txt and tell me what it says.');
    expectReply(run, result, `The file says ${MARKER}`);
    const calls = openai.requests.filter((r) => r.body?.model === 'gpt-4.1-mini');
    const second = calls[calls.length - 1].body.messages as Array<{ role: string; content: unknown; tool_call_id?: string }>;
    const toolMessage = second.find((m) => m.role === 'tool');
    expect(toolMessage?.tool_call_id).toBe('call_read_1');
    expect(JSON.stringify(toolMessage?.content)).toContain(MARKER);
  });
});
