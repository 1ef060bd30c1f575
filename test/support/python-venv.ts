import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { access, open, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * The Python side of the client tests: a virtualenv at <repo>/.venv holding the
 * official Python SDKs pinned in test/clients/python/requirements.txt. Test
 * setup builds it, so neither a developer nor CI installs anything by hand.
 */

const REPO = resolve(__dirname, '../..');
const VENV = join(REPO, '.venv');
const PYTHON = join(VENV, 'bin', 'python');
const REQUIREMENTS = join(REPO, 'test', 'clients', 'python', 'requirements.txt');
/** The requirements hash the venv was last installed from; written only after pip succeeded. */
const STAMP = join(VENV, '.requirements.sha256');
/**
 * Outside .venv, because `venv --clear` empties that directory, and outside the
 * repo, so a lock left by a killed run never shows up in `git status`.
 */
const LOCK = join(tmpdir(), `model-gateway-venv-${sha256(REPO).slice(0, 16)}.lock`);

const MIN_PYTHON: [number, number] = [3, 11]; // google-genai requires 3.11
const VENV_TIMEOUT_MS = 120_000;
/** A fresh machine downloads every wheel (MLflow and LiteLLM bring many); two or three minutes are typical, slow mirrors take longer. */
const PIP_TIMEOUT_MS = 480_000;
/** Another jest worker may be in the middle of that same install. */
const LOCK_WAIT_MS = 490_000;
/** A lock this old outlived any install that could have taken it; its holder is gone (or its pid reused). */
const LOCK_STALE_MS = 10 * 60_000;

/** Debian splits ensurepip (which venv needs to seed pip) out of the standard library. */
const APT_HINT =
  '\nOn Debian/Ubuntu the venv module ships without ensurepip; install it with `apt-get install -y python3-venv` ' +
  '(.ci/run does this on CI machines).';

/** For the `beforeAll` that calls ensurePythonVenv: above the pip and lock-wait limits, so those fire first and explain. */
export const PYTHON_VENV_SETUP_TIMEOUT_MS = 510_000;

/**
 * Returns the venv's python, creating the venv and installing the requirements
 * first when needed. Cheap once done: a stat and a hash comparison.
 */
export async function ensurePythonVenv(): Promise<string> {
  const wanted = sha256(await readFile(REQUIREMENTS, 'utf8'));
  // Without the lock: the stamp is written last and atomically, so a match means a finished install.
  if (await isReady(wanted)) return PYTHON;

  const release = await acquireLock();
  try {
    // Another worker may have finished the job while this one waited.
    if (await isReady(wanted)) return PYTHON;
    if (!(await isExecutable(PYTHON))) await createVenv();
    await installRequirements(wanted);
    return PYTHON;
  } finally {
    await release();
  }
}

async function isReady(wanted: string): Promise<boolean> {
  if (!(await isExecutable(PYTHON))) return false;
  const installed = await readFile(STAMP, 'utf8').catch(() => '');
  return installed.trim() === wanted;
}

async function createVenv(): Promise<void> {
  await checkBasePython();
  log(`creating ${VENV}`);
  // --clear: a half-made or broken venv (say, its base interpreter was removed) is rebuilt, not patched.
  const result = await run('python3', ['-m', 'venv', '--clear', VENV], VENV_TIMEOUT_MS);
  if (result.code !== 0) {
    // Leave nothing behind that a later run would mistake for a usable venv.
    await rm(VENV, { recursive: true, force: true });
    throw new Error(`\`python3 -m venv ${VENV}\` failed (${describeExit(result)}):\n${result.output}${APT_HINT}`);
  }
}

/** Fails early, with the fix, where `venv` itself would fail late with a less helpful message. */
async function checkBasePython(): Promise<void> {
  const probe = "import importlib.util, sys; print(sys.version_info[0], sys.version_info[1], int(importlib.util.find_spec('ensurepip') is not None))";
  const result = await run('python3', ['-c', probe], VENV_TIMEOUT_MS);
  if (result.code !== 0) throw new Error(`python3 could not run (${describeExit(result)}):\n${result.output}`);
  const [major, minor, hasEnsurepip] = result.output.trim().split(/\s+/).map(Number);
  if (major < MIN_PYTHON[0] || (major === MIN_PYTHON[0] && minor < MIN_PYTHON[1])) {
    throw new Error(`python3 is ${major}.${minor}; the Python SDK tests need ${MIN_PYTHON.join('.')} or newer.`);
  }
  if (!hasEnsurepip) throw new Error(`python3 ${major}.${minor} has no ensurepip module, so it cannot create a venv with pip.${APT_HINT}`);
}

async function installRequirements(hash: string): Promise<void> {
  log(`installing ${REQUIREMENTS} (a few minutes on a fresh machine)`);
  const started = Date.now();
  const result = await run(
    PYTHON,
    ['-m', 'pip', 'install', '--disable-pip-version-check', '--no-input', '--progress-bar', 'off', '-r', REQUIREMENTS],
    PIP_TIMEOUT_MS,
  );
  if (result.code !== 0) {
    throw new Error(`pip install -r ${REQUIREMENTS} failed (${describeExit(result)}):\n${result.output.split('\n').slice(-40).join('\n')}`);
  }
  // Temp file and rename: a reader outside the lock sees the old stamp or the new one, never half of it.
  const temp = `${STAMP}.${process.pid}.tmp`;
  await writeFile(temp, `${hash}\n`);
  await rename(temp, STAMP);
  log(`installed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * An exclusive-create lock file holding its owner's pid: jest workers (and
 * parallel jest runs) that all find the venv missing build it once, in turn.
 */
async function acquireLock(): Promise<() => Promise<void>> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  let announced = false;
  for (;;) {
    try {
      const handle = await open(LOCK, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => unlink(LOCK).catch(() => undefined);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (await isStale(LOCK)) {
      log(`removing the stale lock ${LOCK}`);
      await unlink(LOCK).catch(() => undefined);
      continue;
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${LOCK_WAIT_MS / 1000} s waiting for ${LOCK}; another test run is setting up .venv (or delete the lock if none is)`);
    if (!announced) log(`waiting for another process setting up .venv (lock ${LOCK})`);
    announced = true;
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function isStale(lock: string): Promise<boolean> {
  const info = await stat(lock).catch(() => undefined);
  if (!info) return false; // released meanwhile: just try again
  if (Date.now() - info.mtimeMs > LOCK_STALE_MS) return true;
  const pid = Number((await readFile(lock, 'utf8').catch(() => '')).trim());
  // Empty: the owner has created the file but not yet written its pid.
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // EPERM: alive, but someone else's process.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
}

/** Runs a command to completion with stdout and stderr interleaved (the order pip's errors make sense in). */
function run(command: string, args: string[], timeoutMs: number): Promise<RunResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd: REPO, timeout: timeoutMs, killSignal: 'SIGKILL', stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') {
        reject(new Error(`${command} is not installed (not found on PATH); the Python SDK tests need Python ${MIN_PYTHON.join('.')}+ with venv, e.g. \`apt-get install -y python3 python3-venv\`.`));
      } else {
        reject(error);
      }
    });
    child.once('close', (code, signal) => resolvePromise({ code, signal, output }));
  });
}

function describeExit(result: RunResult): string {
  return result.signal === 'SIGKILL' ? 'killed: timed out' : result.signal ? `signal ${result.signal}` : `exit code ${result.code}`;
}

async function isExecutable(path: string): Promise<boolean> {
  // access follows symlinks: a venv whose base interpreter is gone counts as missing.
  return access(path, constants.X_OK).then(
    () => true,
    () => false,
  );
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Straight to stderr: jest buffers console output until a test file ends, which hides a minute-long install. */
function log(message: string): void {
  process.stderr.write(`[python-venv] ${message}\n`);
}
