import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';

/**
 * Runs one pytest file of the Python client tests (test/clients/python) in the
 * venv from ensurePythonVenv, pointed at a gateway through environment variables.
 */

const REPO = resolve(__dirname, '../..');
const PYTHON_TESTS = join(REPO, 'test', 'clients', 'python');

/** Per pytest file; a test that hangs past this is killed, and the output so far explains which. */
export const PYTEST_TIMEOUT_MS = 90_000;

export interface PytestRun {
  code: number | null;
  /** "exited with code N" or "killed by SIGNAL", for the failure message. */
  exit: string;
  output: string;
}

/**
 * One pytest file, stdout and stderr interleaved so a failure reads in order.
 * `env` carries what the file reads (GATEWAY_URL at least); `timeoutMs` is for files that import heavy clients.
 */
export function runPytest(python: string, file: string, env: Record<string, string>, timeoutMs = PYTEST_TIMEOUT_MS): Promise<PytestRun> {
  return new Promise((resolvePromise, reject) => {
    // -p no:cacheprovider and no bytecode: a test run leaves no .pytest_cache or __pycache__ in the tree.
    const child = spawn(python, ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', join(PYTHON_TESTS, file)], {
      cwd: REPO,
      env: {
        ...process.env,
        ...env,
        PYTHONDONTWRITEBYTECODE: '1',
        // The gateway is local; a proxy configured for the machine must not be asked for it.
        NO_PROXY: '127.0.0.1,localhost',
        no_proxy: '127.0.0.1,localhost',
      },
      timeout: timeoutMs,
      killSignal: 'SIGKILL',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('close', (code, signal) => resolvePromise({ code, exit: signal ? `killed by ${signal}` : `exited with code ${code}`, output }));
  });
}

/** For the jest test that reports a pytest file: fails it with pytest's own output. */
export function expectPytestPassed(run: PytestRun): void {
  if (run.code !== 0) throw new Error(`pytest ${run.exit}:\n${run.output}`);
}
