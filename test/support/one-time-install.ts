import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { access, open, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { resolve, join } from 'node:path';

/**
 * What test setups that install tools once (the Python venv, the coding-agent CLIs) share:
 * a lock so parallel jest workers install once, a stamp written last so a match means a
 * finished install, and a command runner whose output explains a failure.
 */

export const REPO = resolve(__dirname, '../..');

/** A lock this old outlived any install that could have taken it; its holder is gone (or its pid reused). */
const LOCK_STALE_MS = 10 * 60_000;

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Outside the repo, so a lock left by a killed run never shows in `git status`; one per checkout. */
export function lockPath(what: string): string {
  return join(tmpdir(), `model-gateway-${what}-${sha256(REPO).slice(0, 16)}.lock`);
}

/** Straight to stderr: jest buffers console output until a test file ends, which hides a long install. */
export function stderrLog(prefix: string): (message: string) => void {
  return (message) => process.stderr.write(`[${prefix}] ${message}\n`);
}

export async function isExecutable(path: string): Promise<boolean> {
  // access follows symlinks: a venv whose base interpreter is gone counts as missing.
  return access(path, constants.X_OK).then(
    () => true,
    () => false,
  );
}

/** The stamp's content, trimmed; empty when there is none. */
export async function readStamp(stamp: string): Promise<string> {
  return (await readFile(stamp, 'utf8').catch(() => '')).trim();
}

/** Temp file and rename: a reader outside the lock sees the old stamp or the new one, never half of it. */
export async function writeStamp(stamp: string, hash: string): Promise<void> {
  const temp = `${stamp}.${process.pid}.tmp`;
  await writeFile(temp, `${hash}\n`);
  await rename(temp, stamp);
}

export interface LockOptions {
  waitMs: number;
  /** What the lock guards, for messages ("setting up .venv"). */
  what: string;
  log: (message: string) => void;
}

/**
 * An exclusive-create lock file holding its owner's pid: jest workers (and parallel jest
 * runs) that all find the install missing do it once, in turn. Resolves to its release.
 */
export async function acquireLock(lock: string, { waitMs, what, log }: LockOptions): Promise<() => Promise<void>> {
  const deadline = Date.now() + waitMs;
  let announced = false;
  for (;;) {
    try {
      const handle = await open(lock, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => unlink(lock).catch(() => undefined);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (await isStale(lock)) {
      log(`removing the stale lock ${lock}`);
      await unlink(lock).catch(() => undefined);
      continue;
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${waitMs / 1000} s waiting for ${lock}; another test run is ${what} (or delete the lock if none is)`);
    if (!announced) log(`waiting for another process ${what} (lock ${lock})`);
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

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
}

export interface RunOptions {
  cwd: string;
  timeoutMs: number;
  /** Said when the command is not on PATH (how to install it). */
  missingHint?: string;
}

/** Runs a command to completion with stdout and stderr interleaved (the order an installer's errors make sense in). */
export function runCommand(command: string, args: string[], { cwd, timeoutMs, missingHint }: RunOptions): Promise<RunResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd, timeout: timeoutMs, killSignal: 'SIGKILL', stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'ENOENT' && missingHint ? new Error(`${command} is not installed (not found on PATH); ${missingHint}`) : error);
    });
    child.once('close', (code, signal) => resolvePromise({ code, signal, output }));
  });
}

export function describeExit(result: RunResult): string {
  return result.signal === 'SIGKILL' ? 'killed: timed out' : result.signal ? `signal ${result.signal}` : `exit code ${result.code}`;
}

/** The last lines of a command's output: where an installer says what went wrong. */
export function tail(output: string, lines = 40): string {
  return output.split('\n').slice(-lines).join('\n');
}
