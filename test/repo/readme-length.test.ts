import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The README is a five-minute read for users; detail belongs in docs/, which it must still reach. */
const root = join(__dirname, '..', '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');

it('README.md stays within 250 lines', () => {
  expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(250);
});

it("every relative link in README.md names a file in the repo", () => {
  const targets = [...readme.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1]).filter((t) => !/^[a-z]+:/.test(t));
  expect(targets.length).toBeGreaterThan(10);
  expect(targets.filter((t) => !existsSync(join(root, t)))).toEqual([]);
});
