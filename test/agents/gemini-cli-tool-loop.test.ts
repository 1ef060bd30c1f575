import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { LOOP_RUN_TIMEOUT_MS, useLoopRig } from './loop-rig';
import { describeRun, runCli, scratch, writeIn } from './agent-setup';
import { LOOP_CONTENT, LOOP_FILE, LOOP_REPLY, type LoopFormat } from './tool-loop';

/**
 * Gemini CLI doing real work through /gateway/gemini on each provider format: the fake model
 * calls the CLI's own `write_file` tool, the CLI writes the file and sends the functionResponse
 * back, the fake checks that turn against the provider's rules and answers with text, with
 * thinking on in every cell. The CLI takes the gateway from GOOGLE_GEMINI_BASE_URL and any key
 * in GEMINI_API_KEY.
 */

// Gemini CLI's generation settings for these names come from modelConfigs (below), not from their gemini-3 prefix.
const setup = useLoopRig('gemini-cli-loop', 'gemini-3-gc');
const { loop } = setup;

/** The environment a user sets for Gemini CLI on the gateway (the key is a placeholder: the gateway sends its own). */
function geminiCliEnv(baseUrl: string, endpoint: string, home: string): Record<string, string> {
  return { GOOGLE_GEMINI_BASE_URL: baseUrl, GEMINI_API_KEY: 'placeholder', GEMINI_MODEL: endpoint, GEMINI_CLI_TRUST_WORKSPACE: 'true', HOME: home };
}

async function writeThroughGeminiCli(endpoint: string): Promise<{ ok: boolean; explain: string }> {
  const project = await scratch('gemini-project');
  const home = await scratch('gemini-home');
  try {
    const target = path.join(project.dir, LOOP_FILE);
    loop.reset({ name: 'write_file', input: { file_path: target, content: LOOP_CONTENT } });
    // GOOGLE_GEMINI_BASE_URL alone makes 0.61 pick its "gateway" auth type, which headless runs refuse; the API-key type takes the same URL.
    // Thinking on: Gemini CLI 0.61 sends a thinking level only for a model in its alias table, and gives any other name its
    // `chat-base` preset (includeThoughts alone, which asks for no reasoning). A custom alias of the endpoint's name on
    // its Gemini 3 preset (`chat-base-3`: thinkingLevel HIGH) makes the endpoint a thinking model, as a user would set it.
    const modelConfigs = { customAliases: { [endpoint]: { extends: 'chat-base-3', modelConfig: { model: endpoint } } } };
    await writeIn(home.dir, '.gemini/settings.json', JSON.stringify({ security: { auth: { selectedType: 'gemini-api-key' } }, modelConfigs }));
    // --yolo: a headless run cannot confirm the write, and the default approval mode would refuse it.
    const args = ['-p', `Create ${LOOP_FILE}.`, '--yolo', '-m', endpoint];
    const run = await runCli(setup.clis.gemini, args, { cwd: project.dir, env: geminiCliEnv(`${setup.rig.gateway.url}/gateway/gemini`, endpoint, home.dir), timeoutMs: LOOP_RUN_TIMEOUT_MS });
    const written = await readFile(target, 'utf8').catch(() => undefined);
    const ok = run.code === 0 && run.stdout.includes(LOOP_REPLY) && written === LOOP_CONTENT && loop.problems().length === 0;
    return { ok, explain: `${describeRun(run)}\n--- file: ${JSON.stringify(written)}\n--- loop\n${JSON.stringify(loop.events)}\n${loop.problems().join('\n')}` };
  } finally {
    await home.remove();
    await project.remove();
  }
}

describe('Gemini CLI writes a file with its own tool, through /gateway/gemini', () => {
  it.each<[string, string, LoopFormat]>([
    ['a Gemini 3 endpoint (relayed, thought signatures back)', 'gemini-3-gc-gemini', 'gemini'],
    // Translated: its `web_fetch` function reaches Anthropic as a custom tool, not the server tool of that name.
    ['an Anthropic-format endpoint', 'gemini-3-gc-claude', 'anthropic'],
    // Translated to Chat Completions: the functionResponse's name is left out of the tool message, which has no such field.
    ['an OpenAI-format endpoint', 'gemini-3-gc-gpt', 'openai-chat'],
  ])('on %s', async (_what, endpoint, format) => {
    const { ok, explain } = await writeThroughGeminiCli(endpoint);
    if (!ok) throw new Error(`gemini did not complete the tool loop on ${endpoint}: ${explain}`);
    const turns = loop.events.filter((e) => e.format === format);
    expect(turns.map((e) => e.turn)).toEqual(['call', 'result']);
    // Both turns with reasoning: thinking (signed, and sent back) on Anthropic, reasoning_effort on OpenAI, a Gemini 3 model.
    expect(turns.map((e) => e.reasoning)).toEqual([true, true]);
    // The level the CLI asked for, as it reached each format (relayed as thinkingLevel, translated to an effort).
    const level = setup.rig.gemini.requests.at(-1)?.body?.generationConfig?.thinkingConfig?.thinkingLevel;
    if (format === 'gemini') expect(level).toBe('HIGH');
    if (format === 'openai-chat') expect(setup.rig.openai.requests.filter((r) => r.kind === 'chat').map((r) => r.body.reasoning_effort)).toContain('high');
  });
});
