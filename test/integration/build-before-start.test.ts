import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * `npm start`'s prestart (plugins/distribution/build-before-start.js) in a small copy of the
 * repo's layout: two TypeScript packages built by the repo's own tsc, and a stand-in for the
 * web UI build. A first build says what it does; an up-to-date one says nothing; a failed
 * one shows tsc's errors and stops before the web UI.
 */

const ROOT = join(__dirname, '..', '..');
const WEB_STUB = 'web-ui build ran';

function tree(): string {
  const dir = mkdtempSync(join(tmpdir(), 'build-before-start-'));
  for (const name of ['alpha', 'beta']) {
    mkdirSync(join(dir, 'plugins', name), { recursive: true });
    writeFileSync(join(dir, 'plugins', name, 'tsconfig.json'), JSON.stringify({ compilerOptions: { composite: true, outDir: 'dist', rootDir: '.' }, files: ['index.ts'] }));
    writeFileSync(join(dir, 'plugins', name, 'index.ts'), 'export const x = 1;\n');
  }
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ files: [], references: [{ path: 'plugins/alpha' }, { path: 'plugins/beta' }] }));
  mkdirSync(join(dir, 'plugins', 'distribution'));
  copyFileSync(join(ROOT, 'plugins', 'distribution', 'build-before-start.js'), join(dir, 'plugins', 'distribution', 'build-before-start.js'));
  mkdirSync(join(dir, 'plugins', 'web-ui'));
  writeFileSync(join(dir, 'plugins', 'web-ui', 'build-web.js'), `console.log(${JSON.stringify(WEB_STUB)});\n`);
  mkdirSync(join(dir, 'node_modules', '.bin'), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules', '.bin', 'tsc'), join(dir, 'node_modules', '.bin', 'tsc'));
  return dir;
}

function prestart(dir: string) {
  const result = spawnSync(process.execPath, [join(dir, 'plugins', 'distribution', 'build-before-start.js')], { cwd: dir, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('npm start\'s build step', () => {
  let dir: string;
  beforeAll(() => {
    dir = tree();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('says it is building on a first run, with what it compiled, then builds the web UI', () => {
    const run = prestart(dir);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout.split('\n')).toEqual(['model-gateway: building (the first run takes about a minute)…', expect.stringMatching(/^model-gateway: compiled 2 of 2 packages in \d+ s$/), WEB_STUB, '']);
  }, 60_000);

  it('prints nothing of its own when the build is up to date', () => {
    expect(prestart(dir)).toEqual({ code: 0, stdout: `${WEB_STUB}\n`, stderr: '' });
  }, 60_000);

  it("shows tsc's errors and stops before the web UI when a package does not compile", () => {
    writeFileSync(join(dir, 'plugins', 'beta', 'index.ts'), 'export const x: number = "one";\n');
    const run = prestart(dir);
    expect(run.code).not.toBe(0);
    expect(run.stdout).toContain('model-gateway: building what changed…');
    expect(run.stdout).toMatch(/plugins\/beta\/index\.ts\(1,14\): error TS2322/);
    expect(run.stdout).toContain('model-gateway: the TypeScript build failed');
    expect(run.stdout).not.toContain(WEB_STUB);
  }, 60_000);
});
