import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { LOOP_RUN_TIMEOUT_MS, useLoopRig } from './loop-rig';
import { describeRun, runCli, scratch, writeIn } from './agent-setup';
import { LOOP_CONTENT, LOOP_FILE, LOOP_REPLY, type LoopFormat } from './tool-loop';

/**
 * opencode doing real work through /gateway/openai/v1 (Chat Completions, through the AI SDK's
 * openai-compatible provider named in its opencode.json): the fake model calls opencode's own
 * `write` tool, opencode writes the file and sends the tool message back, the fake checks that
 * turn against the provider's rules and answers with text.
 */

const setup = useLoopRig('opencode-loop', 'oc-loop');
const { loop } = setup;

async function writeThroughOpencode(endpoint: string): Promise<{ ok: boolean; explain: string }> {
  const project = await scratch('opencode-project');
  const home = await scratch('opencode-home');
  try {
    const target = path.join(project.dir, LOOP_FILE);
    loop.reset({ name: 'write', input: { filePath: target, content: LOOP_CONTENT } });
    const config = {
      provider: { gateway: { npm: '@ai-sdk/openai-compatible', name: 'model-gateway', options: { baseURL: `${setup.rig.gateway.url}/gateway/openai/v1`, apiKey: 'placeholder' }, models: { [endpoint]: {} } } },
      model: `gateway/${endpoint}`,
    };
    await writeIn(project.dir, 'opencode.json', JSON.stringify(config));
    const run = await runCli(setup.clis.opencode, ['run', `Create ${LOOP_FILE}.`], { cwd: project.dir, env: { HOME: home.dir, OPENCODE_DISABLE_AUTOUPDATE: '1' }, timeoutMs: LOOP_RUN_TIMEOUT_MS });
    const written = await readFile(target, 'utf8').catch(() => undefined);
    const ok = run.code === 0 && run.stdout.includes(LOOP_REPLY) && written === LOOP_CONTENT && loop.problems().length === 0;
    return { ok, explain: `${describeRun(run)}\n--- file: ${JSON.stringify(written)}\n--- loop\n${JSON.stringify(loop.events)}\n${loop.problems().join('\n')}\n${JSON.stringify(loop.offered)}` };
  } finally {
    await home.remove();
    await project.remove();
  }
}

describe('opencode writes a file with its own tool, through /gateway/openai/v1', () => {
  it.each<[string, string, LoopFormat]>([
    ['a Gemini 3 endpoint', 'oc-loop-gemini', 'gemini'],
    ['an OpenAI-format endpoint', 'oc-loop-gpt', 'openai-chat'],
    // Its `bash` function reaches Anthropic as a custom tool, not the server tool of that name.
    ['an Anthropic-format endpoint', 'oc-loop-claude', 'anthropic'],
  ])('on %s', async (_what, endpoint, format) => {
    const { ok, explain } = await writeThroughOpencode(endpoint);
    if (!ok) throw new Error(`opencode did not complete the tool loop on ${endpoint}: ${explain}`);
    const turns = loop.events.filter((e) => e.format === format);
    expect(turns.map((e) => e.turn)).toEqual(['call', 'result']);
  });
});
