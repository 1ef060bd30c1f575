import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';

/**
 * One daemonized redis-server (a cluster node, a replica or a sentinel) for the topology
 * fixtures (redis-cluster.ts, redis-sentinel.ts): its own temp directory, pidfile and log,
 * killed at process exit if a test's afterAll never ran.
 */
export interface RedisDaemon {
  port: number;
  pid: number;
  dir: string;
  /** True until kill() or stop(). */
  alive(): boolean;
  /** SIGKILL (no shutdown code runs, as a crashed host), then waits until the port is closed. */
  kill(): Promise<void>;
  /** kill() and remove its directory. Nothing is persisted, so there is nothing to shut down gracefully. */
  stop(): Promise<void>;
  /** The last lines of its log, for an error message. */
  logTail(lines?: number): Promise<string>;
}

export const HOST = '127.0.0.1';
// Polled limits, sized for a loaded 2-core machine: only a daemon that never comes up (or down) waits them out.
const START_TIMEOUT_MS = 20_000;
const STOP_TIMEOUT_MS = 10_000;
const PROBE_TIMEOUT_MS = 200;
export const POLL_INTERVAL_MS = 50;

/** Daemons are not our children: without this, a test that skipped its afterAll would leave them running. */
const running = new Set<number>();
process.once('exit', () => {
  for (const pid of running) signal(pid, 'SIGKILL');
});

export interface DaemonOptions {
  port: number;
  /** Arguments after the common ones (bind, port, pidfile, logfile, dir, no persistence). */
  args?: string[];
  /** A config file's text, written into the daemon's directory and passed first (sentinel mode needs a writable file). */
  configText?: string;
  /** Extra arguments after everything, e.g. ['--sentinel']. */
  trailing?: string[];
}

/**
 * Starts a redis-server daemon and waits until it answers PING with its pidfile written.
 * Throws (never skips) when it cannot start, with its log.
 */
export async function startRedisDaemon(options: DaemonOptions): Promise<RedisDaemon> {
  const { port } = options;
  const dir = await mkdtemp(join(tmpdir(), `redis-topology-${port}-`));
  const pidFile = join(dir, 'redis.pid');
  const logFile = join(dir, 'redis.log');
  const args: string[] = [];
  if (options.configText !== undefined) {
    const configFile = join(dir, 'redis.conf');
    await writeFile(configFile, options.configText);
    args.push(configFile);
  }
  args.push(
    '--bind', HOST,
    '--port', String(port),
    '--daemonize', 'yes',
    '--pidfile', pidFile,
    // Daemonized, its output is lost; the log explains a failed start.
    '--logfile', logFile,
    '--dir', dir,
    ...(options.args ?? []),
    ...(options.trailing ?? []),
  );
  try {
    await launch(args);
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw err;
  }

  let pid = 0;
  const ready = await waitUntil(async () => {
    if (!(await answersPing(port))) return false;
    pid = Number((await readFile(pidFile, 'utf8').catch(() => '')).trim());
    return pid > 0;
  }, START_TIMEOUT_MS);
  const logTail = async (lines = 15) => (await readFile(logFile, 'utf8').catch(() => '(no log written)')).split('\n').slice(-lines).join('\n');
  if (!ready) {
    const stray = Number((await readFile(pidFile, 'utf8').catch(() => '')).trim());
    if (stray > 0) signal(stray, 'SIGKILL');
    const log = await logTail();
    await rm(dir, { recursive: true, force: true });
    throw new Error(`redis-server (${args.join(' ')}) was not ready on port ${port} within ${START_TIMEOUT_MS} ms; its log:\n${log}`);
  }
  running.add(pid);

  const kill = async () => {
    if (!running.has(pid)) return;
    signal(pid, 'SIGKILL');
    running.delete(pid);
    if (!(await waitUntil(async () => !(await isListening(port)), STOP_TIMEOUT_MS))) {
      throw new Error(`redis-server pid ${pid} still listens on ${port} ${STOP_TIMEOUT_MS} ms after SIGKILL`);
    }
  };
  return {
    port,
    pid,
    dir,
    alive: () => running.has(pid),
    kill,
    async stop() {
      await kill();
      await rm(dir, { recursive: true, force: true });
    },
    logTail,
  };
}

/**
 * Sends one command to the server on `port` and returns its reply; a dead server fails at
 * once (no reconnect, no offline queue), so polls over a killed node move on.
 */
export async function redisCommand(port: number, command: string, ...args: Array<string | number>): Promise<unknown> {
  const client = new Redis({
    host: HOST,
    port,
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 1_000,
    commandTimeout: 2_000,
    retryStrategy: () => null,
  });
  // A refused connection also emits 'error'; the awaited connect() reports it.
  client.on('error', () => undefined);
  try {
    await client.connect();
    return await client.call(command, ...args);
  } finally {
    client.disconnect();
  }
}

/** INFO <section> as a field map (e.g. role, master_link_status). */
export async function redisInfo(port: number, section: string): Promise<Record<string, string>> {
  const text = String(await redisCommand(port, 'INFO', section));
  const fields: Record<string, string> = {};
  for (const line of text.split('\r\n')) {
    const at = line.indexOf(':');
    if (at > 0 && !line.startsWith('#')) fields[line.slice(0, at)] = line.slice(at + 1);
  }
  return fields;
}

/** Polls `check` until it returns true or `timeoutMs` passes; a throwing check counts as false (a node may be down). */
export async function waitUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
}

/** With --daemonize the launched process exits once the server has forked. */
function launch(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile('redis-server', args, { timeout: START_TIMEOUT_MS }, (err, stdout, stderr) => {
      if (!err) return resolve();
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
        return reject(new Error('redis-server is not installed (not found on PATH); the Redis topology tests need it, e.g. `apt-get install -y redis-server`.'));
      }
      reject(new Error(`redis-server failed to start: ${err.message}\n${stdout}${stderr}`));
    });
  });
}

/** A raw RESP PING, so readiness does not depend on the client under test. */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: HOST, port });
    let reply = '';
    const finish = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(PROBE_TIMEOUT_MS, () => finish(false));
    socket.once('error', () => finish(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString();
      if (reply.includes('\r\n')) finish(reply.startsWith('+PONG'));
    });
  });
}

/** True while anything accepts connections on the port. */
function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: HOST, port });
    const finish = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(PROBE_TIMEOUT_MS, () => finish(true));
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
  });
}

/** Ignores "no such process": the daemon may already be gone, which is the goal anyway. */
function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ESRCH') throw err;
  }
}
