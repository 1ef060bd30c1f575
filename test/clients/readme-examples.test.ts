import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startGatewayProcess, type GatewayProcess } from '../support/gateway-process';
import { runSnippetAsShown } from '../support/run-snippet';
import { SNIPPET_ENVS_SETUP_TIMEOUT_MS, snippetEnv, type SnippetLanguage } from '../support/snippet-envs';

/**
 * The README's JavaScript and Python SDK examples are what a newcomer pastes first: each runs
 * exactly as shown (the file name and install line its comment gives, a fresh environment
 * holding only that package) against `npm start`'s gateway, the repo's gateway.config.yaml,
 * and prints the `demo` endpoint's answer. Only the address changes, to this test's port.
 */

const ROOT = join(__dirname, '..', '..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
/** The address the README's examples call: `npm start`'s. */
const README_ADDRESS = 'http://127.0.0.1:8080';

function block(fence: string): string {
  const match = new RegExp(`\`\`\`${fence}\\n(import OpenAI|from openai)([\\s\\S]*?)\`\`\``).exec(README);
  if (!match) throw new Error(`README.md has no \`\`\`${fence} block starting with an OpenAI import`);
  return match[1] + match[2];
}

/** The install line the example's own comment names. */
function installLine(code: string, installer: 'npm' | 'pip'): string {
  const match = new RegExp(`${installer} install [@\\w./-]+`).exec(code);
  if (!match) throw new Error(`the README example names no \`${installer} install\` line:\n${code}`);
  return match[0];
}

const EXAMPLES: Array<{ name: string; language: SnippetLanguage; code: string; install: string }> = [
  { name: 'JavaScript', language: 'javascript', code: block('js'), install: installLine(block('js'), 'npm') },
  { name: 'Python', language: 'python', code: block('python'), install: installLine(block('python'), 'pip') },
];

describe("the README's SDK examples", () => {
  let gw: GatewayProcess;

  beforeAll(async () => {
    // Empty OPENAI_API_KEY: the default config's OpenAI endpoints are then unusable, and `demo` (the mock provider) is what the examples call.
    [gw] = await Promise.all([startGatewayProcess(join(ROOT, 'gateway.config.yaml'), { OPENAI_API_KEY: '' }), ...EXAMPLES.map((e) => snippetEnv(e.language, e.install))]);
  }, SNIPPET_ENVS_SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await gw?.stop();
  });

  it('the JavaScript example is an ES module with top-level await that prints the answer', () => {
    const js = EXAMPLES[0].code;
    expect(js).toMatch(/save as example\.mjs/);
    expect(js).toMatch(/^console\.log\(/m);
    expect(js).toContain(README_ADDRESS);
  });

  it.each(EXAMPLES)('the $name example, run as shown with only `$install`, prints the demo endpoint\'s answer', async ({ language, code, install }) => {
    const run = await runSnippetAsShown(language, install, code.replaceAll(README_ADDRESS, gw.url));
    if (run.code !== 0) throw new Error(`the README's ${language} example failed (exit ${run.code}):\n${code}\n---\n${run.output}`);
    // The mock provider answers with the last user message.
    expect(run.stdout.trim()).toBe('Hi');
  });
});
