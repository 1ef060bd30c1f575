import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { usageExamples } from '../../plugins/web-ui/web/src/lib/snippets';
import { acquireLock, describeExit, isExecutable, readStamp, REPO, runCommand, sha256, stderrLog, tail, writeStamp, type RunResult } from './one-time-install';

/**
 * Fresh environments for running the UI's code examples the way a newcomer would: for each
 * install line an example shows (`pip install requests`, `npm install openai`), a new
 * Python venv or Node.js directory holding exactly the packages that line names, so an
 * import the line forgot fails the test instead of being found in the test venv or the
 * repo's node_modules. One environment per install line per jest run: the test files of
 * one run share them (under a lock); the next run starts afresh. pip's and npm's caches
 * keep the cost to seconds per line once the packages were downloaded.
 */

/** Set once per jest run by the globalSetup (test/support/sdk-validate/global-setup.ts); without it, each test file (its own module registry) makes its own. */
export const TEST_RUN_ENV = 'MODEL_GATEWAY_TEST_RUN';
const RUN = process.env[TEST_RUN_ENV] ?? `process-${process.pid}-${randomUUID().slice(0, 8)}`;

/** Python venvs live in the git-ignored test-results. */
const PYTHON_ROOT = join(REPO, 'test-results', 'snippet-envs');
/**
 * Node.js directories live outside the repo: Node resolves a bare import by walking up the
 * directories, so one under the repo would quietly find the repo's node_modules.
 */
const NODE_ROOT = join(tmpdir(), `model-gateway-snippet-envs-${sha256(REPO).slice(0, 16)}`);
/**
 * A run's environments (a few hundred MB) are removed by a later run once unused this long:
 * each use touches the run's directory, so a long run that still uses them keeps them.
 */
const STALE_RUN_MS = 2 * 60 * 60_000;

const INSTALL_TIMEOUT_MS = 300_000;
/** For the `beforeAll` that prepares a test file's environments: room for a few installs on a cold cache. */
export const SNIPPET_ENVS_SETUP_TIMEOUT_MS = 900_000;
const log = stderrLog('snippet-envs');

export type SnippetLanguage = 'python' | 'javascript';

export interface SnippetEnv {
  language: SnippetLanguage;
  /** The environment's own directory: a Node.js example is saved here so that its imports resolve here only. */
  dir: string;
  /** The interpreter that runs an example in this environment. */
  command: string;
}

/** Names only, each starting with a letter or digit (or npm's @scope/): `-r file`, `-e .` or `--index-url` never match. */
const INSTALLERS: Record<SnippetLanguage, RegExp> = { python: /^pip install ((?:[A-Za-z0-9][A-Za-z0-9._-]* ?)+)$/, javascript: /^npm install ((?:@?[a-z0-9][a-z0-9._/-]* ?)+)$/ };

/** The packages an install line names; refuses anything but `pip install a b` / `npm install a b`, so no flag or shell text reaches the installer. */
export function installedPackages(language: SnippetLanguage, line: string | undefined): string[] {
  if (line === undefined || line === '') return [];
  const match = INSTALLERS[language].exec(line.trim());
  if (!match) throw new Error(`not a plain ${language === 'python' ? 'pip' : 'npm'} install line: ${JSON.stringify(line)}`);
  return match[1].trim().split(' ').sort();
}

const made = new Map<string, Promise<SnippetEnv>>();

/** The environment for an install line (undefined: nothing to install), made on first use in this run. */
export function snippetEnv(language: SnippetLanguage, line: string | undefined): Promise<SnippetEnv> {
  const packages = installedPackages(language, line);
  const key = `${language}:${packages.join(' ')}`;
  let env = made.get(key);
  if (!env) {
    env = language === 'python' ? pythonEnv(packages) : nodeEnv(packages);
    made.set(key, env);
    // A failed install is retried by the next caller rather than failing every later test the same way.
    env.catch(() => made.delete(key));
  }
  return env;
}

/**
 * Makes the environments for these install lines: pip's one after another, npm's one after
 * another, the two lanes side by side (pip mostly computes, npm mostly writes files; more at
 * once only slows a 2-core machine).
 */
export async function prepareSnippetEnvs(lines: ReadonlyArray<{ language: SnippetLanguage; line: string | undefined }>): Promise<void> {
  const lane = async (language: SnippetLanguage) => {
    for (const entry of lines) if (entry.language === language) await snippetEnv(language, entry.line);
  };
  await Promise.all([lane('python'), lane('javascript')]);
}

/** Every install line the UI's examples show (chat and embeddings, Python and JavaScript), for a test file's beforeAll. */
export function exampleInstallLines(): Array<{ language: SnippetLanguage; line: string | undefined }> {
  const examples = [...usageExamples({ name: 'e', kind: 'chat' }, 'http://127.0.0.1'), ...usageExamples({ name: 'e', kind: 'embeddings' }, 'http://127.0.0.1')];
  const lines = examples.flatMap((example) => (['python', 'javascript'] as const).map((language) => ({ language, line: example.install[language] })));
  return [...new Map(lines.map((entry) => [`${entry.language}:${entry.line ?? ''}`, entry])).values()];
}

function slug(packages: string[]): string {
  return packages.length ? packages.join('+').replace(/[^A-Za-z0-9.+-]/g, '_') : 'none';
}

async function pythonEnv(packages: string[]): Promise<SnippetEnv> {
  const dir = join(PYTHON_ROOT, RUN, `python-${slug(packages)}`);
  const python = join(dir, 'bin', 'python');
  await once(PYTHON_ROOT, dir, async () => {
    await rm(dir, { recursive: true, force: true });
    log(`creating ${dir}${packages.length ? ` with ${packages.join(', ')}` : ''}`);
    check(await runCommand('python3', ['-m', 'venv', dir], { cwd: REPO, timeoutMs: INSTALL_TIMEOUT_MS }), `python3 -m venv ${dir}`);
    if (packages.length) {
      const args = ['-m', 'pip', 'install', '--disable-pip-version-check', '--no-input', '--progress-bar', 'off', ...packages];
      check(await runCommand(python, args, { cwd: dir, timeoutMs: INSTALL_TIMEOUT_MS }), `pip install ${packages.join(' ')}`);
    }
    if (!(await isExecutable(python))) throw new Error(`${python} is missing after creating the venv`);
  });
  return { language: 'python', dir, command: python };
}

async function nodeEnv(packages: string[]): Promise<SnippetEnv> {
  const dir = join(NODE_ROOT, RUN, `node-${slug(packages)}`);
  await once(NODE_ROOT, dir, async () => {
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'package.json'), '{ "private": true }\n');
    if (packages.length) {
      log(`npm install ${packages.join(' ')} in ${dir}`);
      // --prefer-offline: npm's cache answers for packages the repo already installed, so this takes seconds.
      const args = ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', ...packages];
      check(await runNpm(args, dir), `npm install ${packages.join(' ')}`);
    }
  });
  return { language: 'javascript', dir, command: process.execPath };
}

/**
 * Runs `make` once for this environment across the run's jest workers: under a lock, and
 * skipped when the stamp (written last) says another worker finished it.
 */
async function once(root: string, dir: string, make: () => Promise<void>): Promise<void> {
  const stamp = `${dir}.ready`;
  const runDir = join(root, RUN);
  await mkdir(runDir, { recursive: true });
  const now = new Date();
  await utimes(runDir, now, now);
  if ((await readStamp(stamp)) === RUN) return;
  await pruneOldRuns(root);
  const release = await acquireLock(`${dir}.lock`, { waitMs: INSTALL_TIMEOUT_MS + 60_000, what: `preparing ${dir}`, log });
  try {
    if ((await readStamp(stamp)) === RUN) return;
    await make();
    await writeStamp(stamp, RUN);
  } finally {
    await release();
  }
}

async function pruneOldRuns(root: string): Promise<void> {
  for (const entry of await readdir(root).catch(() => [] as string[])) {
    if (entry === RUN) continue;
    const path = join(root, entry);
    const info = await stat(path).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > STALE_RUN_MS) await rm(path, { recursive: true, force: true }).catch(() => undefined);
  }
}

function runNpm(args: string[], cwd: string): Promise<RunResult> {
  // Under `npm test`, npm_config_* variables describe the repo's workspace; the fresh directory is its own project.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_')));
  return new Promise((resolvePromise, reject) => {
    const child = spawn('npm', args, { cwd, env, timeout: INSTALL_TIMEOUT_MS, killSignal: 'SIGKILL', stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('close', (code, signal) => resolvePromise({ code, signal, output }));
  });
}

function check(result: RunResult, what: string): void {
  if (result.code !== 0) throw new Error(`${what} failed (${describeExit(result)}):\n${tail(result.output)}`);
}
