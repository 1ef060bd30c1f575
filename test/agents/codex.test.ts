import { AnthropicFake, respondAnthropic, type AnthropicRequest } from '../fakes/anthropic-fake';
import { GeminiFake } from '../fakes/gemini-fake';
import { OpenAiFake } from '../fakes/openai-fake';
import { AGENT_CLIS_SETUP_TIMEOUT_MS, ensureAgentClis, type AgentClis } from '../support/agent-clis';
import type { GatewayProcess } from '../support/gateway-process';
import { HELD_KEYS, startAgentRig, type AgentRig } from './agent-rig';
import { describeRun, exampleFile, fill, readme, runCli, scratch, writeIn, type CliRun } from './agent-setup';

/**
 * Codex CLI 0.169.0, installed from npm and run as a user would (`codex exec`, default
 * features, the README's config.toml), against a gateway process in front of local fakes.
 * Codex speaks only the Responses API and sends a `namespace` tool, a built-in `web_search`
 * tool and Responses-only fields; the Chat Completions fake refuses any of them that leaks,
 * and the Anthropic and Gemini fakes refuse unknown fields.
 */

const KEYS = HELD_KEYS;
const RUN_TIMEOUT_MS = 90_000;
// A run is bounded by RUN_TIMEOUT_MS (and then printed); the test waits a little longer for it.
jest.setTimeout(RUN_TIMEOUT_MS + 15_000);
const REPLY = 'Hello from upstream';
const MARKER = 'marker-c0d3x1';

let clis: AgentClis;
let anthropic: AnthropicFake;
let openai: OpenAiFake;
let gemini: GeminiFake;
let gateway: GatewayProcess;
let rig: AgentRig;
let work: { dir: string; remove(): Promise<void> };

/** A shell command on the first turn, a text answer once its output is back. */
function commandThenAnswer(req: AnthropicRequest) {
  if (req.body?.model !== 'claude-haiku-4-5') return undefined;
  const resultBlock = (req.body.messages as Array<{ content: unknown }>)
    .flatMap((m) => (Array.isArray(m.content) ? m.content : []))
    .find((block: { type?: string }) => block.type === 'tool_result');
  if (resultBlock) return respondAnthropic.stream(['The file says ', MARKER]);
  return respondAnthropic.stream([], { toolUse: { id: 'toolu_cmd_1', name: 'exec_command', inputJson: ['{"cmd":', '"cat notes.txt"}'] } });
}

beforeAll(async () => {
  clis = await ensureAgentClis();
  work = await scratch('codex');
  await writeIn(work.dir, 'project/notes.txt', `${MARKER}\n`);
  rig = await startAgentRig(work.dir, {
    anthropic: { script: commandThenAnswer },
    endpoints: [
      { name: 'cx-gpt', provider: 'openai-up', model: 'gpt-4o-mini' },
      { name: 'cx-claude', provider: 'anthropic-up', model: 'claude-sonnet-4-5' },
      { name: 'cx-claude-tools', provider: 'anthropic-up', model: 'claude-haiku-4-5' },
      { name: 'cx-gemini', provider: 'gemini-up', model: 'gemini-2.5-flash' },
    ],
  });
  ({ anthropic, openai, gemini, gateway } = rig);
}, AGENT_CLIS_SETUP_TIMEOUT_MS);

afterAll(async () => {
  await rig?.stop();
  await work?.remove();
});

beforeEach(() => rig.reset());

/** `codex exec` with the README's config.toml for `endpoint` on `route`, in a fresh CODEX_HOME and HOME. */
async function codex(route: 'openai' | 'native', endpoint: string, prompt: string): Promise<CliRun> {
  let config = fill(await exampleFile('codex-config.toml'), gateway.url, endpoint);
  if (route === 'native') config = config.replace('/gateway/openai/v1', '/gateway/native/v1');
  const home = await scratch('codex-home');
  try {
    await writeIn(home.dir, 'codex/config.toml', config);
    return await runCli(clis.codex, ['exec', '--skip-git-repo-check', '-C', `${work.dir}/project`, prompt], {
      cwd: `${work.dir}/project`,
      env: { CODEX_HOME: `${home.dir}/codex`, HOME: home.dir, OPENAI_API_KEY: 'placeholder' },
      timeoutMs: RUN_TIMEOUT_MS,
    });
  } finally {
    await home.remove();
  }
}

function expectReply(run: CliRun, reply: string): void {
  if (run.code !== 0 || run.stdout.trim().split('\n').pop() !== reply) throw new Error(`codex did not complete with "${reply}": ${describeRun(run)}`);
}

describe('Codex through the gateway', () => {
  it('takes the README config.toml verbatim from the example file', async () => {
    const config = await exampleFile('codex-config.toml');
    expect(await readme()).toContain(`\`\`\`toml\n${config}\`\`\``);
    expect(config).toContain('base_url = "http://127.0.0.1:8080/gateway/openai/v1"');
    expect(config).toContain('wire_api = "responses"');
  });

  it('completes through /gateway/native/v1 on Chat Completions: namespace tools flattened, web_search left out', async () => {
    const run = await codex('native', 'cx-gpt', 'Say hello.');
    expectReply(run, REPLY);
    const call = openai.requests.filter((r) => r.kind === 'chat').pop() as (typeof openai.requests)[number];
    expect(call.body.model).toBe('gpt-4o-mini');
    const names = (call.body.tools as Array<{ type: string; function: { name: string } }>).map((t) => `${t.type}:${t.function.name}`);
    expect(names).toContain('function:exec_command');
    expect(names).toContain('function:multi_agent_v1__spawn_agent');
    expect(names.some((n) => n.includes('web_search'))).toBe(false);
    expect(call.body).not.toHaveProperty('client_metadata');
    expect(call.body.prompt_cache_key).toEqual(expect.any(String));
    expect(call.headers.authorization).toBe(`Bearer ${KEYS.openai}`);
  });

  it('completes through /gateway/openai/v1 on an Anthropic-format endpoint', async () => {
    const run = await codex('openai', 'cx-claude', 'Say hello.');
    expectReply(run, REPLY);
    const call = anthropic.requests.filter((r) => r.body?.model === 'claude-sonnet-4-5').pop() as AnthropicRequest;
    expect(typeof call.body.system === 'string' || Array.isArray(call.body.system)).toBe(true);
    expect((call.body.tools as Array<{ name: string }>).map((t) => t.name)).toContain('multi_agent_v1__spawn_agent');
  });

  it('completes through /gateway/openai/v1 on a Gemini-format endpoint', async () => {
    const run = await codex('openai', 'cx-gemini', 'Say hello.');
    expectReply(run, REPLY);
    const call = gemini.requests.filter((r) => r.body?.contents).pop() as (typeof gemini.requests)[number];
    expect(call.model).toBe('gemini-2.5-flash');
    const declared = (call.body.tools as Array<{ functionDeclarations: Array<{ name: string }> }>).flatMap((t) => t.functionDeclarations.map((d) => d.name));
    expect(declared).toContain('exec_command');
  });

  it('runs a command the model asked for on a translated endpoint and sends its output back', async () => {
    const run = await codex('openai', 'cx-claude-tools', 'What does notes.txt say?');
    expectReply(run, `The file says ${MARKER}`);
    const last = anthropic.requests.filter((r) => r.body?.model === 'claude-haiku-4-5').pop() as AnthropicRequest;
    const blocks = (last.body.messages as Array<{ role: string; content: unknown }>).flatMap((m) => (Array.isArray(m.content) ? m.content : []));
    expect(blocks).toContainEqual(expect.objectContaining({ type: 'tool_use', id: 'toolu_cmd_1', name: 'exec_command' }));
    const result = blocks.find((b: { type?: string }) => b.type === 'tool_result') as { tool_use_id: string; content: unknown };
    expect(result.tool_use_id).toBe('toolu_cmd_1');
    expect(JSON.stringify(result.content)).toContain(MARKER);
  });
});
