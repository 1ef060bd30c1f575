import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { globsToMatcher, replacePathSepForGlob } from 'jest-util';

/**
 * `npm test` runs jest's four projects (tiers, jest.config.js); a test file that no project
 * matches silently never runs, and one that two match runs twice. This walks the repo and
 * holds every *.test.ts file to exactly one tier, matching as jest does (testMatch globs
 * through jest-util, testPathIgnorePatterns as one regular expression).
 */
const root = join(__dirname, '..', '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const config = require(join(root, 'jest.config.js')) as {
  projects: Array<{ displayName: string; testMatch: string[]; testPathIgnorePatterns: string[] }>;
};

const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '.git', '.venv']);

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : testFiles(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const withRoot = (pattern: string) => pattern.replaceAll('<rootDir>', root);

const tiers = config.projects.map((project) => {
  const matches = globsToMatcher(project.testMatch.map(withRoot));
  const ignored = new RegExp(project.testPathIgnorePatterns.map(withRoot).join('|'));
  return { name: project.displayName, has: (path: string) => matches(replacePathSepForGlob(path)) && !ignored.test(path) };
});

const files = testFiles(root);
const tiersOf = (path: string) => tiers.filter((tier) => tier.has(path)).map((tier) => tier.name);

it('has the four tiers', () => {
  expect(tiers.map((tier) => tier.name)).toEqual(['unit', 'integration', 'clients', 'browser']);
});

it('puts every *.test.ts file in exactly one tier', () => {
  expect(files.length).toBeGreaterThan(300);
  const wrong = files.map((path) => ({ file: relative(root, path), tiers: tiersOf(path) })).filter((entry) => entry.tiers.length !== 1);
  expect(wrong).toEqual([]);
});

it('sorts known files into the tiers their needs call for', () => {
  const tierOf = (file: string) => tiersOf(join(root, file));
  expect(tierOf('core/src/routing/full-jitter.test.ts')).toEqual(['unit']);
  expect(tierOf('test/golden/openai-golden.test.ts')).toEqual(['unit']);
  expect(tierOf('test/repo/readme-config.test.ts')).toEqual(['integration']); // runs core/dist
  expect(tierOf('plugins/provider-vertex-ai/src/vertex-connection.test.ts')).toEqual(['integration']); // starts fakes
  expect(tierOf('test/integration/routing.test.ts')).toEqual(['integration']);
  expect(tierOf('test/agents/codex.test.ts')).toEqual(['clients']);
  expect(tierOf('test/clients/openai-sdk.test.ts')).toEqual(['clients']);
  expect(tierOf('test/browser/ui-keys.test.ts')).toEqual(['browser']);
});

it('keeps the unit tier free of the build, Redis, fakes and gateways', () => {
  // What a unit test must not need, so `npm run test:unit` runs without a build, a venv or a redis-server.
  const needs = /dist\/|startRedisServer|startGateway|fakes\/[a-z-]+-fake'|sdkValidator|ensurePythonVenv/;
  const unit = files.filter((path) => tiersOf(path)[0] === 'unit' && path !== __filename);
  expect(unit.length).toBeGreaterThan(200);
  expect(unit.filter((path) => needs.test(readFileSync(path, 'utf8'))).map((path) => relative(root, path))).toEqual([]);
});

it('builds the Python venv only for the tiers that start fakes', () => {
  const withVenv = config.projects.filter((project) => 'globalSetup' in project).map((project) => project.displayName);
  expect(withVenv).toEqual(['integration', 'clients', 'browser']);
});
