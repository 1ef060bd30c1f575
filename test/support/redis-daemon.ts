import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { answersPing, HOST, isListening, launchRedisServer, signalProcess as signal, START_TIMEOUT_MS, STOP_TIMEOUT_MS, waitUntil } from './redis-process';

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

export { HOST, waitUntil } from './redis-process';

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
    await launchRedisServer(args);
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
