import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The README's configuration example is what a newcomer copies: it must pass `check-config` as written. */
const root = join(__dirname, '..', '..');

it("the README's gateway.config.yaml example passes check-config", () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const block = /```yaml\n(server:[\s\S]*?)```/.exec(readme);
  expect(block).not.toBeNull();
  const dir = mkdtempSync(join(tmpdir(), 'readme-config-'));
  try {
    const file = join(dir, 'gateway.config.yaml');
    writeFileSync(file, block![1]);
    // Unset keys are warnings, not errors: the example must be valid without any.
    const env = { ...process.env, OPENAI_API_KEY: '', ANTHROPIC_API_KEY: '', GEMINI_API_KEY: '' };
    const output = execFileSync(process.execPath, [join(root, 'plugins/distribution/dist/main.js'), 'check-config', file], { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(output).toMatch(/ok \(5 endpoints, 5 provider connections\)/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
