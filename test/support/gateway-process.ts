import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { findFreePort } from './redis-server';
import { ProcessAnswerCapture } from './sdk-validate/answer-process-capture';
import { isolatedDataDir } from './start-gateway';

export interface GatewayProcess {
  url: string;
  pid: number;
  /** Resolves with the exit code (null when killed by a signal) once the process has exited. */
  exited: Promise<number | null>;
  alive(): boolean;
  /** Every line the process wrote (JSON logs), for diagnosis and secret checks. */
  output: string[];
  stop(): Promise<void>;
  /** Sends `signal` (SIGKILL: no shutdown code runs) and waits for the exit. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

const MAIN = path.join(__dirname, '../../plugins/distribution/dist/main.js');
/**
 * How long a process may take to answer /health. It starts in about a second, but on a loaded
 * 2-core machine (two test runs at once) loading every plugin has taken over 15 s; the wait is a
 * poll, so only a process that never starts pays it. A hook that starts processes allows more.
 */
export const GATEWAY_PROCESS_START_MS = 45_000;
/** For a hook or test that starts Redis and gateway processes: above the start limits, so those fire first and explain. */
export const PROCESS_HOOK_TIMEOUT_MS = 120_000;

/**
 * A gateway in its own OS process (`model-gateway serve`), as replicas run in
 * production: nothing shared with the test or another replica but the network
 * and the state store. Needs the build (`npm test` builds first).
 */
export async function startGatewayProcess(configFile: string, env: Record<string, string> = {}, options: { answerCheck?: boolean } = {}): Promise<GatewayProcess> {
  const port = await findFreePort();
  // Its 2xx answers are checked against the SDK response models as startGateway's are (answerCheck: false opts out, with a comment why).
  const capture = ProcessAnswerCapture.start(options.answerCheck ?? true);
  const child: ChildProcess = spawn(process.execPath, [...(capture?.nodeArgs ?? []), MAIN, 'serve', '--config', configFile, '--port', String(port), '--host', '127.0.0.1'], {
    env: { ...process.env, LOG_LEVEL: 'info', GATEWAY_DATA_DIR: isolatedDataDir(), ...env, ...capture?.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.setEncoding('utf8');
    stream.on('data', (text: string) => output.push(...text.split('\n').filter(Boolean)));
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // No answer comes after the exit: the capture file is removed once the hooks have read it.
  void exited.then(() => capture && (capture.closed = true));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + GATEWAY_PROCESS_START_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`gateway process exited (${child.exitCode}):\n${output.slice(-20).join('\n')}`);
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`gateway process did not start within ${GATEWAY_PROCESS_START_MS / 1000} s:\n${output.slice(-20).join('\n')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: child.pid!,
    exited,
    alive: () => child.exitCode === null && child.signalCode === null,
    output,
    async kill(signal) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      await exited;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
