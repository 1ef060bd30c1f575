import { execFile } from 'node:child_process';
import { connect } from 'node:net';

/**
 * What the Redis fixtures (redis-server.ts for one server, redis-daemon.ts for the Cluster and
 * Sentinel topologies) share: launching a daemonized redis-server, probing its port, polling.
 */

export const HOST = '127.0.0.1';
// Polled limits, sized for a loaded 2-core machine: only a server that never comes up (or down) waits them out.
export const START_TIMEOUT_MS = 20_000;
export const STOP_TIMEOUT_MS = 10_000;
const PROBE_TIMEOUT_MS = 200;
export const POLL_INTERVAL_MS = 50;

/** With --daemonize the launched process exits once the server has forked. */
export function launchRedisServer(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile('redis-server', args, { timeout: START_TIMEOUT_MS }, (err, stdout, stderr) => {
      if (!err) return resolve();
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
        return reject(new Error('redis-server is not installed (not found on PATH); the Redis tests need it, e.g. `apt-get install -y redis-server`.'));
      }
      reject(new Error(`redis-server failed to start: ${err.message}\n${stdout}${stderr}`));
    });
  });
}

/** A raw RESP PING, so readiness does not depend on the client under test. */
export function answersPing(port: number): Promise<boolean> {
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

/** True while anything accepts connections on the port (even a paused server). */
export function isListening(port: number): Promise<boolean> {
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

/** Polls `check` until it returns true or `timeoutMs` passes; a throwing check counts as false (a node may be down). */
export async function waitUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
}

/** Ignores "no such process": the server may already be gone, which is the goal anyway. */
export function signalProcess(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ESRCH') throw err;
  }
}
