import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { LOOP_RUN_TIMEOUT_MS, useLoopRig } from './loop-rig';
import { describeRun, exampleFile, fill, parseEnvFile, runCli, scratch } from './agent-setup';
import { LOOP_CONTENT, LOOP_FILE, LOOP_REPLY, type LoopFormat } from './tool-loop';

/**
 * Claude Code doing real work through the gateway on each provider format, with reasoning on:
 * the fake model calls Claude Code's own `Write` tool, Claude Code writes the file in its
 * working directory and sends the result back, the fake checks that turn against the
 * provider's rules (result by call id; signed thinking for Anthropic, thought signatures for
 * Gemini 3) and answers with text. The file on disk is the proof the tool ran.
 */

const setup = useLoopRig('claude-loop', 'cc-loop');
const { loop } = setup;

/** One `claude -p` run on `endpoint` in a fresh project directory and HOME; resolves to the file it left. */
async function writeThroughClaude(endpoint: string): Promise<{ written: string | undefined; explain: string }> {
  const project = await scratch('claude-project');
  const home = await scratch('claude-home');
  try {
    const target = path.join(project.dir, LOOP_FILE);
    loop.reset({ name: 'Write', input: { file_path: target, content: LOOP_CONTENT } });
    const env = parseEnvFile(fill(await exampleFile('claude-code.env'), setup.rig.gateway.url, endpoint));
    // acceptEdits: `-p` cannot ask the user, and the default mode refuses a write it would have asked about.
    const args = ['-p', `Create ${LOOP_FILE}.`, '--output-format', 'json', '--permission-mode', 'acceptEdits'];
    const run = await runCli(setup.clis.claude, args, { cwd: project.dir, env: { ...env, HOME: home.dir }, timeoutMs: LOOP_RUN_TIMEOUT_MS });
    const result = run.stdout.trim().split('\n').pop() ?? '';
    const written = await readFile(target, 'utf8').catch(() => undefined);
    const ok = run.code === 0 && result.includes(LOOP_REPLY) && written === LOOP_CONTENT && loop.problems().length === 0;
    return { written: ok ? written : undefined, explain: `${describeRun(run)}\n--- loop\n${JSON.stringify(loop.events)}\n${loop.problems().join('\n')}` };
  } finally {
    await home.remove();
    await project.remove();
  }
}

describe('Claude Code writes a file with its own tool, through /gateway/anthropic', () => {
  it.each<[string, string, LoopFormat]>([
    ['an Anthropic-format endpoint (relayed, signed thinking back)', 'cc-loop-claude', 'anthropic'],
    ['an OpenAI-format endpoint (Chat Completions, reasoning_effort)', 'cc-loop-gpt', 'openai-chat'],
    ['a Gemini 3 endpoint (thought signatures back)', 'cc-loop-gemini', 'gemini'],
  ])('on %s', async (_what, endpoint, format) => {
    const { written, explain } = await writeThroughClaude(endpoint);
    if (written !== LOOP_CONTENT) throw new Error(`claude did not complete the tool loop on ${endpoint}: ${explain}`);
    const turns = loop.events.filter((e) => e.format === format);
    expect(turns.map((e) => e.turn)).toEqual(['call', 'result']);
    // Reasoning was on for the call: thinking asked (Anthropic), reasoning_effort sent (OpenAI), a signing model (Gemini 3).
    expect(turns[0].reasoning).toBe(true);
  });
});
