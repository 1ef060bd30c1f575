import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CODEX_CLIENT_FIELDS } from './codex-client-fields';
import { LOOP_RUN_TIMEOUT_MS, useLoopRig } from './loop-rig';
import { describeRun, exampleFile, fill, runCli, scratch, writeIn } from './agent-setup';
import { LOOP_CONTENT, LOOP_FILE, LOOP_REPLY, type LoopFormat } from './tool-loop';

/**
 * Codex doing real work through the gateway on each provider format, with reasoning on: the
 * fake model calls Codex's own `exec_command` tool to write a file, Codex runs it in its
 * working directory and sends the output back, the fake checks that turn against the
 * provider's rules (result by call id; signed thinking back through the Responses reasoning
 * item for Anthropic, thought signatures for Gemini 3) and answers with text.
 */

// Codex's own Responses fields newer than the pinned SDK type pass; the rest of every body is checked.
const setup = useLoopRig('codex-loop', 'cx-loop', { clientFields: CODEX_CLIENT_FIELDS });
const { loop } = setup;

/** The shell command the model asks for: the file's content, written where Codex runs it. */
const WRITE_COMMAND = `printf '%s' '${LOOP_CONTENT}' > ${LOOP_FILE}`;

/** One `codex exec` run with the README's config.toml for `endpoint` at `baseUrl` (a gateway route), in a fresh project directory and CODEX_HOME. */
async function writeThroughCodex(codex: string, baseUrl: string, endpoint: string): Promise<{ ok: boolean; explain: string }> {
  const project = await scratch('codex-project');
  const home = await scratch('codex-home');
  try {
    loop.reset({ name: 'exec_command', input: { cmd: WRITE_COMMAND } });
    // Reasoning on: Codex sends `reasoning.effort` only for a model it knows, or when the config names an effort.
    const readme = fill(await exampleFile('codex-config.toml'), 'http://127.0.0.1:8080', endpoint);
    const config = `model_reasoning_effort = "medium"\n${readme.replace('http://127.0.0.1:8080/gateway/openai/v1', baseUrl)}`;
    await writeIn(home.dir, 'codex/config.toml', config);
    // The workspace-write sandbox lets the command write in the project directory and nowhere else, without asking.
    const args = ['exec', '--skip-git-repo-check', '--sandbox', 'workspace-write', '-C', project.dir, `Create ${LOOP_FILE}.`];
    const run = await runCli(codex, args, { cwd: project.dir, env: { CODEX_HOME: `${home.dir}/codex`, HOME: home.dir, OPENAI_API_KEY: 'placeholder' }, timeoutMs: LOOP_RUN_TIMEOUT_MS });
    const written = await readFile(path.join(project.dir, LOOP_FILE), 'utf8').catch(() => undefined);
    const ok = run.code === 0 && run.stdout.trim().split('\n').pop() === LOOP_REPLY && written === LOOP_CONTENT && loop.problems().length === 0;
    return { ok, explain: `${describeRun(run)}\n--- file: ${JSON.stringify(written)}\n--- loop\n${JSON.stringify(loop.events)}\n${loop.problems().join('\n')}` };
  } finally {
    await home.remove();
    await project.remove();
  }
}

describe('Codex writes a file with its own tool, through the gateway', () => {
  it.each<[string, string, string, LoopFormat]>([
    ['/gateway/openai/v1 on an OpenAI-format endpoint (Responses relayed)', 'openai', 'cx-loop-gpt', 'openai-responses'],
    ['/gateway/native/v1 on an OpenAI-format endpoint (Chat Completions, reasoning_effort)', 'native', 'cx-loop-gpt', 'openai-chat'],
    ['/gateway/openai/v1 on an Anthropic-format endpoint (signed thinking back through the reasoning item)', 'openai', 'cx-loop-claude', 'anthropic'],
    ['/gateway/openai/v1 on a Gemini 3 endpoint (thought signatures back)', 'openai', 'cx-loop-gemini', 'gemini'],
  ])('%s', async (_what, route, endpoint, format) => {
    const { ok, explain } = await writeThroughCodex(setup.clis.codex, `${setup.rig.gateway.url}/gateway/${route}/v1`, endpoint);
    if (!ok) throw new Error(`codex did not complete the tool loop on ${endpoint}: ${explain}`);
    const turns = loop.events.filter((e) => e.format === format);
    expect(turns.map((e) => e.turn)).toEqual(['call', 'result']);
    expect(turns[0].reasoning).toBe(true);
  });
});
