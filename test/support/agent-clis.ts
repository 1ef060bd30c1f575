import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, open, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * The coding-agent CLIs the agent tests drive, pinned, installed from npm into <repo>/.agents
 * (git-ignored, outside every package.json of the repo), so the root lockfile and `npm ci`
 * never see them. Test setup installs them once; later runs only compare a stamp.
 */

export const AGENT_CLI_VERSIONS = {
  '@anthropic-ai/claude-code': '2.1.197',
  '@openai/codex': '0.169.0',
} as const;

const REPO = resolve(__dirname, '../..');
const DIR = join(REPO, '.agents');
const STAMP = join(DIR, '.installed.sha256');
/** Outside the repo, so a lock left by a killed run never shows in `git status`. */
const LOCK = join(tmpdir(), `model-gateway-agents-${sha256(REPO).slice(0, 16)}.lock`);
/** Two packages with native binaries (~600 MB on disk); a slow mirror takes minutes. */
const INSTALL_TIMEOUT_MS = 270_000;
const LOCK_WAIT_MS = 280_000;
const LOCK_STALE_MS = 10 * 60_000;

/** For the `beforeAll` that calls ensureAgentClis: above the install and lock-wait limits, so those fire first and explain. */
export const AGENT_CLIS_SETUP_TIMEOUT_MS = 300_000;

export interface AgentClis {
  claude: string;
  codex: string;
}

/** The CLIs' paths, installing them first when the pins changed or nothing is installed. */
export async function ensureAgentClis(): Promise<AgentClis> {
  const wanted = sha256(JSON.stringify(AGENT_CLI_VERSIONS));
  const clis: AgentClis = { claude: join(DIR, 'node_modules', '.bin', 'claude'), codex: join(DIR, 'node_modules', '.bin', 'codex') };
  if (await isReady(wanted, clis)) return clis;
  const release = await acquireLock();
  try {
    if (await isReady(wanted, clis)) return clis;
    await install(wanted);
    return clis;
  } finally {
    await release();
  }
}

async function isReady(wanted: string, clis: AgentClis): Promise<boolean> {
  const installed = await readFile(STAMP, 'utf8').catch(() => '');
  return installed.trim() === wanted && (await isExecutable(clis.claude)) && (await isExecutable(clis.codex));
}

async function install(hash: string): Promise<void> {
  await mkdir(DIR, { recursive: true });
  // Its own package.json makes .agents the npm project root; allowScripts lets Claude Code's postinstall put its native binary in place.
  const manifest = { name: 'model-gateway-agent-clis', private: true, dependencies: AGENT_CLI_VERSIONS, allowScripts: { '@anthropic-ai/claude-code': true } };
  await writeFile(join(DIR, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  log(`installing ${Object.entries(AGENT_CLI_VERSIONS).map(([name, version]) => `${name}@${version}`).join(', ')} into ${DIR}`);
  const started = Date.now();
  const result = await run('npm', ['install', '--prefix', DIR, '--no-audit', '--no-fund', '--no-package-lock', '--loglevel=error'], INSTALL_TIMEOUT_MS);
  if (result.code !== 0) throw new Error(`npm install into ${DIR} failed (exit ${result.code}):\n${result.output.split('\n').slice(-40).join('\n')}`);
  const temp = `${STAMP}.${process.pid}.tmp`;
  await writeFile(temp, `${hash}\n`);
  await rename(temp, STAMP);
  log(`installed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** An exclusive-create lock file holding its owner's pid: jest workers that all find the CLIs missing install them once. */
async function acquireLock(): Promise<() => Promise<void>> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      const handle = await open(LOCK, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => unlink(LOCK).catch(() => undefined);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (await isStale()) {
      await unlink(LOCK).catch(() => undefined);
      continue;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${LOCK}; another test run is installing the agent CLIs (or delete the lock if none is)`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function isStale(): Promise<boolean> {
  const info = await stat(LOCK).catch(() => undefined);
  if (!info) return false;
  if (Date.now() - info.mtimeMs > LOCK_STALE_MS) return true;
  const pid = Number((await readFile(LOCK, 'utf8').catch(() => '')).trim());
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

function run(command: string, args: string[], timeoutMs: number): Promise<{ code: number | null; output: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd: DIR, timeout: timeoutMs, killSignal: 'SIGKILL', stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolvePromise({ code, output }));
  });
}

async function isExecutable(path: string): Promise<boolean> {
  return access(path, constants.X_OK).then(
    () => true,
    () => false,
  );
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Straight to stderr: jest buffers console output until a test file ends, which hides a long install. */
function log(message: string): void {
  process.stderr.write(`[agent-clis] ${message}\n`);
}
