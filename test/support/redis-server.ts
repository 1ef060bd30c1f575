import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { answersPing, HOST, isListening, launchRedisServer, signalProcess as signal, START_TIMEOUT_MS, STOP_TIMEOUT_MS, waitUntil } from './redis-process';

export interface RedisServerHandle {
  url: string;
  port: number;
  /** Shuts the server down and waits until its port is closed. */
  stop(): Promise<void>;
  /** SIGSTOP: the server keeps its sockets open but answers nothing, like a hung Redis. */
  pause(): Promise<void>;
  resume(): Promise<void>;
}


/**
 * Servers still running when the test process exits (a failing test skipped
 * its afterAll, say). They are daemons, not our children, so nothing else
 * would ever stop them.
 */
const running = new Set<number>();
process.once('exit', () => {
  for (const pid of running) signal(pid, 'SIGKILL');
});

/**
 * Starts a throwaway redis-server on a free port (or on `port`, to bring a
 * stopped server back where clients expect it). Throws, rather than letting
 * a suite skip, when Redis cannot be started: a silently skipped Redis
 * contract would hide exactly the bugs it exists to catch.
 */
export async function startRedisServer(port?: number): Promise<RedisServerHandle> {
  const chosenPort = port ?? (await findFreePort());
  // A directory per instance, so parallel jest workers never share a pidfile or log.
  const dir = await mkdtemp(join(tmpdir(), `redis-${chosenPort}-`));
  const pidFile = join(dir, `redis-${chosenPort}.pid`);
  const logFile = join(dir, 'redis.log');
  const args = [
    '--bind', HOST,
    '--port', String(chosenPort),
    '--save', '',
    '--appendonly', 'no',
    '--daemonize', 'yes',
    '--pidfile', pidFile,
    // Daemonized, its output is lost; the log explains a failed start.
    '--logfile', logFile,
    '--dir', dir,
  ];
  try {
    await launchRedisServer(args);
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw err;
  }

  const pid = await waitUntilReady(chosenPort, pidFile, logFile, dir);
  running.add(pid);

  return {
    url: `redis://${HOST}:${chosenPort}`,
    port: chosenPort,
    async stop() {
      if (!running.has(pid)) return;
      // A stopped process cannot act on SIGTERM; wake it first.
      signal(pid, 'SIGCONT');
      signal(pid, 'SIGTERM');
      if (!(await waitUntil(async () => !(await isListening(chosenPort)), STOP_TIMEOUT_MS))) {
        signal(pid, 'SIGKILL');
        await waitUntil(async () => !(await isListening(chosenPort)), STOP_TIMEOUT_MS);
      }
      running.delete(pid);
      await rm(dir, { recursive: true, force: true });
    },
    // Guarded, so a stale handle never signals a recycled pid.
    async pause() {
      if (running.has(pid)) signal(pid, 'SIGSTOP');
    },
    async resume() {
      if (running.has(pid)) signal(pid, 'SIGCONT');
    },
  };
}

/** The kernel picks an unused port for a listener on 0; we release it for Redis to take. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('could not read the free port'))));
    });
  });
}

async function waitUntilReady(port: number, pidFile: string, logFile: string, dir: string): Promise<number> {
  let pid = 0;
  const ready = await waitUntil(async () => {
    if (!(await answersPing(port))) return false;
    pid = Number((await readFile(pidFile, 'utf8').catch(() => '')).trim());
    return pid > 0;
  }, START_TIMEOUT_MS);
  if (ready) return pid;

  // Kill whatever did start so a failed run leaves no daemon behind.
  const stray = Number((await readFile(pidFile, 'utf8').catch(() => '')).trim());
  if (stray > 0) signal(stray, 'SIGKILL');
  const log = await readFile(logFile, 'utf8').catch(() => '(no log written)');
  await rm(dir, { recursive: true, force: true });
  throw new Error(
    `redis-server was launched on port ${port} but was not ready (answering PING, ` +
      `pidfile written) within ${START_TIMEOUT_MS} ms; it is installed, see its log:\n${log.split('\n').slice(-15).join('\n')}`,
  );
}
