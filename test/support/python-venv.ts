import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { acquireLock, describeExit, isExecutable, lockPath, readStamp, REPO, runCommand, sha256, stderrLog, tail, writeStamp, type RunResult } from './one-time-install';

/**
 * The Python side of the client tests: a virtualenv at <repo>/.venv holding the
 * official Python SDKs pinned in test/clients/python/requirements.txt. Test
 * setup builds it, so neither a developer nor CI installs anything by hand.
 */

const VENV = join(REPO, '.venv');
const PYTHON = join(VENV, 'bin', 'python');
const REQUIREMENTS = join(REPO, 'test', 'clients', 'python', 'requirements.txt');
/** The requirements hash the venv was last installed from; written only after pip succeeded. */
const STAMP = join(VENV, '.requirements.sha256');
/** Outside .venv, because `venv --clear` empties that directory. */
const LOCK = lockPath('venv');

const MIN_PYTHON: [number, number] = [3, 11]; // google-genai requires 3.11
const VENV_TIMEOUT_MS = 120_000;
/** A fresh machine downloads every wheel (MLflow and LiteLLM bring many); two or three minutes are typical, slow mirrors take longer. */
const PIP_TIMEOUT_MS = 480_000;
/** Another jest worker may be in the middle of that same install. */
const LOCK_WAIT_MS = 490_000;
const log = stderrLog('python-venv');

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

  const release = await acquireLock(LOCK, { waitMs: LOCK_WAIT_MS, what: 'setting up .venv', log });
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
  return (await readStamp(STAMP)) === wanted;
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
    throw new Error(`pip install -r ${REQUIREMENTS} failed (${describeExit(result)}):\n${tail(result.output)}`);
  }
  await writeStamp(STAMP, hash);
  log(`installed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function run(command: string, args: string[], timeoutMs: number): Promise<RunResult> {
  return runCommand(command, args, { cwd: REPO, timeoutMs, missingHint: `the Python SDK tests need Python ${MIN_PYTHON.join('.')}+ with venv, e.g. \`apt-get install -y python3 python3-venv\`.` });
}
