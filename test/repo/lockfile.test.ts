import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `npm ci` refuses a lockfile that lacks an optional dependency of a locked package, and a
 * lockfile written over an existing node_modules can lack every other platform's native
 * binaries (@swc/core-darwin-*, ...). Deployments run `npm ci`, so this holds the lockfile
 * to what a clean resolution writes; `.ci/run` then proves it with `npm ci` itself.
 */
const root = join(__dirname, '..', '..');
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
  lockfileVersion: number;
  packages: Record<string, { version?: string; optionalDependencies?: Record<string, string>; link?: boolean }>;
};

/** Where node would find `name` from the package installed at `from` (its nested node_modules first). */
function resolveFrom(from: string, name: string): string | undefined {
  let dir = from;
  for (;;) {
    const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!dir) return undefined;
    const cut = dir.lastIndexOf('node_modules/');
    dir = cut <= 0 ? '' : dir.slice(0, cut - 1);
  }
}

describe('package-lock.json', () => {
  it('is a version 3 lockfile (npm 9+)', () => {
    expect(lock.lockfileVersion).toBe(3);
  });

  it("lists every locked package's optional dependencies, for every platform", () => {
    const missing: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      for (const name of Object.keys(entry.optionalDependencies ?? {})) {
        if (!resolveFrom(path, name)) missing.push(`${path || '(root)'} -> ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('locks every workspace and root dependency the package.json files declare', () => {
    const manifests = ['', ...Object.keys(lock.packages).filter((p) => p && !p.includes('node_modules/'))];
    const missing: string[] = [];
    for (const dir of manifests) {
      const pkg = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
      for (const field of ['dependencies', 'devDependencies', 'peerDependencies'] as const) {
        for (const name of Object.keys(pkg[field] ?? {})) {
          if (!resolveFrom(dir, name)) missing.push(`${dir || '(root)'} ${field} ${name}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
