import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * `npm run check:cycles` runs .ci/check-package-cycles.js after madge: it must pass on the
 * repo and fail on a circle between packages, or CI would wave a circle through unseen.
 */
const root = join(__dirname, '..', '..');
const checker = join(root, '.ci', 'check-package-cycles.js');

function check(dir: string) {
  return spawnSync(process.execPath, [checker, dir], { encoding: 'utf8' });
}

/** A throwaway workspace: each entry is a package dir (relative) -> its name, dependencies and src/index.ts text. */
function workspace(packages: Record<string, { name: string; deps?: string[]; source: string }>): string {
  const dir = mkdtempSync(join(tmpdir(), 'package-cycles-'));
  for (const [rel, pkg] of Object.entries(packages)) {
    const index = join(dir, rel, 'src', 'index.ts');
    mkdirSync(dirname(index), { recursive: true });
    const dependencies = Object.fromEntries((pkg.deps ?? []).map((dep) => [dep, '0.1.0']));
    writeFileSync(join(dir, rel, 'package.json'), JSON.stringify({ name: pkg.name, dependencies }));
    writeFileSync(index, pkg.source);
  }
  return dir;
}

describe('package-level import-circle check', () => {
  it('finds no circle between the repo packages', () => {
    const result = check(root);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('fails on two plugins importing each other, naming the files', () => {
    const dir = workspace({
      core: { name: '@model-gateway/core', source: 'export const core = 1;\n' },
      'plugins/one': { name: '@model-gateway/one', source: "import { two } from '@model-gateway/two';\nexport const one = two;\n" },
      'plugins/two': { name: '@model-gateway/two', source: "export type { One } from '@model-gateway/one/types';\nexport const two = 2;\n" },
    });
    try {
      const result = check(dir);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('@model-gateway/one -> @model-gateway/two -> @model-gateway/one');
      expect(result.stderr).toContain(join('plugins', 'two', 'src', 'index.ts'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails on core reaching back into a plugin that depends on it (dynamic import, declared dependency)', () => {
    const dir = workspace({
      core: { name: '@model-gateway/core', source: "export const load = () => import('@model-gateway/one');\n" },
      'plugins/one': { name: '@model-gateway/one', deps: ['@model-gateway/core'], source: 'export const one = 1;\n' },
    });
    try {
      const result = check(dir);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('@model-gateway/core -> @model-gateway/one -> @model-gateway/core');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
