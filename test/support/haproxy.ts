import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findFreePort } from './redis-server';

/** One backend server as HAProxy's statistics describe it (`show stat`). */
export interface ServerStat {
  name: string;
  /** UP, DOWN, NOLB (draining by weight), MAINT, or a transition such as "UP 1/2" or "DOWN 1/2". */
  status: string;
  /** The last health check's result: L7OK, L7STS (a wrong status code), L4CON (connection refused), ... */
  checkStatus: string;
  /** The HTTP status the last check got (empty when it got none). */
  checkCode: string;
  /** Requests sent to it in total (lbtot), connection errors (econ), response errors (eresp), retries (wretr), redispatches (wredis). */
  sent: number;
  connectionErrors: number;
  responseErrors: number;
  retries: number;
  redispatches: number;
}

export interface HaproxyHandle {
  /** Where clients send requests: the frontend on 127.0.0.1. */
  url: string;
  /** The generated configuration, for the report of a failed test. */
  config: string;
  /** HAProxy's own log lines (health-check state changes, request log). */
  output: string[];
  /** Every server of the backend, read from the admin socket. */
  servers(): Promise<ServerStat[]>;
  /** Polls the admin socket until `name`'s status is exactly `status` (UP or DOWN); returns its stat at that moment. */
  waitForStatus(name: string, status: 'UP' | 'DOWN', timeoutMs?: number): Promise<ServerStat>;
  stop(): Promise<void>;
}

export interface HaproxyServer {
  /** The name HAProxy reports it under, and writes into each answer's `x-served-by`. */
  name: string;
  port: number;
}

/**
 * The health-check rhythm: a check every 200 ms, two failures to go DOWN, two passes to come back.
 * Two, not one, so a single check lost to a busy machine does not take a replica out; 200 ms keeps
 * a test's wait for DOWN under a second while the replica's shutdown delay gives it seconds.
 */
export const CHECK_INTER_MS = 200;
export const CHECK_FALL = 2;

/** Polled limits for a loaded 2-core machine: only a proxy that never comes up waits them out. */
const START_TIMEOUT_MS = 20_000;
const STOP_TIMEOUT_MS = 10_000;
const STATUS_TIMEOUT_MS = 20_000;
const POLL_MS = 50;

/** HAProxy processes still running when the test process exits (a failed hook skipped its stop). */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * The configuration: HTTP mode, the servers checked with GET /ready (a draining replica answers
 * 503 and is taken out while it still serves), leastconn (streams are long and uneven, so the
 * replica with fewest open ones takes the next), a refused connection retried on another server
 * (retries + redispatch: a replica that died between two checks costs no request that was not yet
 * on it; only connection failures are retried, never a request a replica may have started), and
 * inactivity timeouts above the gateway's own upstream timeouts.
 */
export function haproxyConfig(frontendPort: number, servers: readonly HaproxyServer[], adminSocket: string): string {
  return `global
  nbthread 1
  log stderr format raw local0 info
  stats socket ${adminSocket} mode 600 level admin

defaults
  mode http
  log global
  option httplog
  timeout connect 2s
  # Inactivity limits, not durations: a stream may run for minutes while chunks keep coming. Above the
  # gateway's own longest wait (a whole call's total_ms, 600 s, with nothing sent meanwhile), so a slow
  # provider gets the gateway's JSON 504 upstream_timeout rather than a bare 504 from HAProxy.
  timeout client 610s
  timeout server 610s
  timeout http-keep-alive 10s
  timeout check 2s
  # A connection refused (the replica died or closed its listener) is tried again, on another server each time.
  retries 2
  option redispatch 1

frontend gateway
  bind 127.0.0.1:${frontendPort}
  default_backend replicas

backend replicas
  balance leastconn
  option httpchk GET /ready
  http-check expect status 200
  default-server inter ${CHECK_INTER_MS}ms fall ${CHECK_FALL} rise 2
  # Which replica answered, so a test can tell where each request went.
  http-response set-header x-served-by %[srv_name]
${servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port} check`).join('\n')}
`;
}

/** The Debian binary: on PATH, else /usr/sbin (which a non-root PATH may lack). */
function haproxyBinary(): string {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, 'haproxy');
    if (fs.existsSync(candidate)) return candidate;
  }
  if (fs.existsSync('/usr/sbin/haproxy')) return '/usr/sbin/haproxy';
  throw new Error('haproxy is not installed (not on PATH, not /usr/sbin/haproxy); the load-balancer test needs it: `apt-get install -y haproxy`.');
}

/**
 * Starts HAProxy in the foreground (-db, a child of the test process) on a free loopback port
 * in front of `servers`, and waits until its admin socket answers. Throws rather than letting
 * a suite skip when it cannot start.
 */
export async function startHaproxy(servers: readonly HaproxyServer[]): Promise<HaproxyHandle> {
  const binary = haproxyBinary();
  const port = await findFreePort();
  const dir = await mkdtemp(path.join(tmpdir(), 'haproxy-'));
  const adminSocket = path.join(dir, 'admin.sock');
  const config = haproxyConfig(port, servers, adminSocket);
  const configFile = path.join(dir, 'haproxy.cfg');
  await writeFile(configFile, config);
  const child = spawn(binary, ['-f', configFile, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  const output: string[] = [];
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.setEncoding('utf8');
    stream.on('data', (text: string) => output.push(...text.split('\n').filter(Boolean)));
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const failed = (why: string) => new Error(`haproxy ${why}:\n${output.slice(-20).join('\n')}\n--- config ---\n${config}`);

  const readServers = () => readStats(adminSocket);
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) {
      running.delete(child);
      await rm(dir, { recursive: true, force: true });
      throw failed(`exited (${child.exitCode}) while starting`);
    }
    if (await readServers().then(() => true, () => false)) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      running.delete(child);
      throw failed(`did not answer on its admin socket within ${START_TIMEOUT_MS / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }

  return {
    url: `http://127.0.0.1:${port}`,
    config,
    output,
    servers: readServers,
    async waitForStatus(name, status, timeoutMs = STATUS_TIMEOUT_MS) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const stat = (await readServers()).find((s) => s.name === name);
        if (!stat) throw failed(`has no server ${name}`);
        if (stat.status === status) return stat;
        if (Date.now() > until) throw failed(`did not report ${name} ${status} within ${timeoutMs} ms (last: ${stat.status}, check ${stat.checkStatus} ${stat.checkCode})`);
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        // SIGTERM: a hard stop, open connections are cut (the test is over).
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
        await exited;
        clearTimeout(timer);
      }
      running.delete(child);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** `show stat` over the admin socket: one CSV line per proxy and server; the backend's servers are returned. */
async function readStats(socketPath: string): Promise<ServerStat[]> {
  const csv = await adminCommand(socketPath, 'show stat');
  const lines = csv.split('\n').filter(Boolean);
  const header = lines[0]?.replace(/^# /, '').split(',');
  if (!header) throw new Error(`no answer to "show stat": ${csv}`);
  const rows = lines.slice(1).map((line) => {
    const cells = line.split(',');
    return Object.fromEntries(header.map((field, i) => [field, cells[i] ?? '']));
  });
  return rows
    .filter((row) => row.pxname === 'replicas' && row.svname !== 'BACKEND' && row.svname !== 'FRONTEND')
    .map((row) => ({
      name: row.svname,
      status: row.status,
      checkStatus: row.check_status.replace(/^\* /, ''),
      checkCode: row.check_code,
      sent: Number(row.lbtot),
      connectionErrors: Number(row.econ),
      responseErrors: Number(row.eresp),
      retries: Number(row.wretr),
      redispatches: Number(row.wredis),
    }));
}

/** One command on HAProxy's admin socket (it answers and closes the connection). */
function adminCommand(socketPath: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(socketPath);
    let answer = '';
    socket.setEncoding('utf8');
    socket.setTimeout(5000, () => socket.destroy(new Error(`the admin socket did not answer "${command}"`)));
    socket.once('connect', () => socket.write(`${command}\n`));
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.once('error', reject);
    socket.once('end', () => resolve(answer));
  });
}
