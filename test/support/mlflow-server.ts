import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { join } from 'node:path';
import { eventually } from './eventually';
import { REPO } from './one-time-install';

/** MLflow imports slowly (seconds of CPU on a loaded 2-core machine) before its server listens. */
const MLFLOW_START_POLL_MS = 180_000;

export interface MlflowServer {
  url: string;
  /** The server's output so far, for a failing test's message. */
  output(): string;
  close(): Promise<void>;
}

/**
 * A real `mlflow server` from the test venv (test/support/python-venv.ts) on a free 127.0.0.1
 * port, its runs and traces in SQLite under `dir` (OTLP ingestion needs a SQL store). Started
 * as its own process group, so closing it ends uvicorn's workers too.
 */
export async function startMlflowServer(python: string, dir: string): Promise<MlflowServer> {
  const port = await freePort();
  const mlflow = join(python, '..', 'mlflow');
  let output = '';
  const child: ChildProcess = spawn(
    mlflow,
    ['server', '--backend-store-uri', `sqlite:///${join(dir, 'mlflow.db')}`, '--default-artifact-root', join(dir, 'artifacts'), '--host', '127.0.0.1', '--port', String(port), '--workers', '1'],
    {
      cwd: REPO,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Nothing phones home; HOME keeps MLflow's own files out of the developer's.
      env: { ...process.env, MLFLOW_DISABLE_TELEMETRY: 'true', DO_NOT_TRACK: 'true', HOME: dir },
    },
  );
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  let exited = false;
  child.once('exit', () => (exited = true));
  const url = `http://127.0.0.1:${port}`;
  const close = async (): Promise<void> => {
    if (exited || child.pid === undefined) return;
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return;
    }
    await gone;
  };
  try {
    await eventually(async () => {
      if (exited) throw Object.assign(new Error(`mlflow server exited:\n${output.slice(-3000)}`), { fatal: true });
      const response = await fetch(`${url}/health`);
      if (response.status !== 200) throw new Error(`mlflow /health answered ${response.status}`);
    }, MLFLOW_START_POLL_MS);
  } catch (error) {
    await close();
    throw new Error(`mlflow server did not start: ${(error as Error).message}\n${output.slice(-3000)}`);
  }
  return { url, output: () => output, close };
}

/** A port nothing listens on: bound, read, and closed again. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
