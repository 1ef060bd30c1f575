import fs from 'node:fs';
import path from 'node:path';
import { exportedNames } from '../support/exported-names';

/**
 * Core's three entry points: the plugin contract (@model-gateway/core), the machinery built-in
 * plugins still reach into (/internal) and what tests build contexts with (/testing). tsc already
 * refuses a name imported from the wrong one; these hold what it does not see.
 */
const ROOT = path.join(__dirname, '..', '..');
const CORE_SRC = path.join(ROOT, 'core', 'src');
const ENTRIES = ['index', 'internal', 'testing'] as const;

function files(dir: string, keep: (file: string) => boolean): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist') return [];
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? files(full, keep) : keep(full) ? [full] : [];
  });
}

/** Files importing or requiring one of core's subpaths, with the subpath named. */
function subpathImports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from\s+|require\(\s*|import\(\s*)['"]@model-gateway\/core\/(internal|testing)['"]/g)].map((m) => m[1]);
}

describe("core's public surface", () => {
  it('the three entry points export disjoint names, so each name has one home', () => {
    const seen = new Map<string, string>();
    const clashes: string[] = [];
    for (const entry of ENTRIES) {
      for (const name of exportedNames(path.join(CORE_SRC, `${entry}.ts`))) {
        const other = seen.get(name);
        if (other) clashes.push(`${name}: ${other} and ${entry}`);
        else seen.set(name, entry);
      }
    }
    expect(clashes).toEqual([]);
    // The parse found the entry points' names at all (a broken parse would make the check above vacuous).
    expect(seen.get('GatewayError')).toBe('index');
    expect(seen.get('TOKENS')).toBe('index');
    expect(seen.get('EndpointRegistry')).toBe('internal');
    expect(seen.get('Call')).toBe('testing');
  });

  it("core's package exports each entry point with its types, and nothing else of dist", () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'core', 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
    const expected: Record<string, unknown> = { './package.json': './package.json' };
    for (const entry of ENTRIES) expected[entry === 'index' ? '.' : `./${entry}`] = { types: `./dist/${entry}.d.ts`, default: `./dist/${entry}.js` };
    expect(pkg.exports).toEqual(expected);
  });

  it("no plugin's production code imports core's test helpers", () => {
    const offending = files(path.join(ROOT, 'plugins'), (f) => /\/src\/.*\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
      .filter((f) => subpathImports(f).includes('testing'))
      .map((f) => path.relative(ROOT, f));
    expect(offending).toEqual([]);
  });

  it("the docs' examples for plugin authors use only the contract, never /internal or /testing", () => {
    const docs = [path.join(ROOT, 'README.md'), ...files(path.join(ROOT, 'docs'), (f) => /\.(md|js|mjs|cjs|ts)$/.test(f))];
    expect(docs.length).toBeGreaterThan(3);
    const offending = docs.filter((f) => subpathImports(f).length > 0).map((f) => path.relative(ROOT, f));
    expect(offending).toEqual([]);
  });
});
