import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OpenAiFake, respondOpenAi, type OpenAiRequest } from '../fakes/openai-fake';
import { startGatewayProcess, PROCESS_HOOK_TIMEOUT_MS, type GatewayProcess } from '../support/gateway-process';
import { startHaproxy, type HaproxyHandle } from '../support/haproxy';
import { eventually } from '../support/eventually';

/**
 * Issue 28, behind a load balancer: Debian's HAProxy in front of three gateway processes,
 * health-checking GET /ready. A SIGTERM'd replica says it is draining (/ready 503) while it
 * still serves, so HAProxy takes it out before its listener closes: its streams finish and
 * no request fails. A SIGKILL'd replica fails only what was on it.
 */

/** Long enough that streams are still running when the replica's listener closes (after SHUTDOWN_DELAY_MS). */
const SLOW_PIECES = 40;
const SLOW_INTERVAL_MS = 200;
/** What the docs recommend behind a balancer: far above HAProxy's check interval times fall (400 ms here). */
const SHUTDOWN_DELAY_MS = 5000;
const TEST_TIMEOUT_MS = 180_000;
const SLOW = 'stream slowly';
const ENDPOINT = '/gateway/chat-ep/native/invocations';

interface StreamResult {
  status: number;
  servedBy: string;
  text: string;
  /** The body ended as a complete stream: the last event is [DONE]. */
  complete: boolean;
}

/** A paced stream through the balancer: `started` once its first bytes (and so its server) are known. */
function openSlowStream(base: string): { started: Promise<string>; done: Promise<StreamResult> } {
  let markStarted!: (servedBy: string) => void;
  const started = new Promise<string>((resolve) => (markStarted = resolve));
  const done = (async (): Promise<StreamResult> => {
    const res = await fetch(`${base}${ENDPOINT}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', content: SLOW }], stream: true }),
    });
    const servedBy = res.headers.get('x-served-by') ?? '';
    const decoder = new TextDecoder();
    let text = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        text += decoder.decode(chunk, { stream: true });
        markStarted(servedBy);
      }
    } catch {
      // A cut connection ends the text where it was cut; `complete` says so.
    }
    markStarted(servedBy);
    return { status: res.status, servedBy, text, complete: text.trimEnd().endsWith('data: [DONE]') && !text.includes('"error"') };
  })();
  // A request that failed before any bytes still settles `started`, so a test never hangs on it.
  void done.catch(() => markStarted(''));
  return { started, done };
}

interface CallResult {
  sentAt: number;
  status: number;
  servedBy: string;
  error?: string;
}

/** One whole (non-streamed) call through the balancer; a network failure is a result, not a throw. */
async function call(base: string): Promise<CallResult> {
  const sentAt = Date.now();
  try {
    const res = await fetch(`${base}${ENDPOINT}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ messages: [{ role: 'user', content: 'hi' }] }) });
    const body = await res.text();
    return { sentAt, status: res.status, servedBy: res.headers.get('x-served-by') ?? '', ...(res.status === 200 ? {} : { error: body }) };
  } catch (error) {
    return { sentAt, status: 0, servedBy: '', error: String((error as Error).cause ?? error) };
  }
}

/** Calls sent back to back by `concurrency` workers until `stop()`; every result is kept. */
function steadyTraffic(base: string, concurrency: number): { results: CallResult[]; stop(): Promise<void> } {
  const results: CallResult[] = [];
  let running = true;
  const workers = Array.from({ length: concurrency }, async () => {
    while (running) results.push(await call(base));
  });
  return {
    results,
    async stop() {
      running = false;
      await Promise.all(workers);
    },
  };
}

const failures = (results: CallResult[]) => results.filter((r) => r.status !== 200);

describe('issue 28: HAProxy over three gateway replicas', () => {
  let upstream: OpenAiFake;
  let dir: string;
  let replicas: GatewayProcess[] = [];
  let proxy: HaproxyHandle | undefined;

  beforeAll(async () => {
    // Every slow stream is paced by the fake itself; everything else gets its default answer.
    upstream = await OpenAiFake.start({
      script: (req: OpenAiRequest) =>
        req.view?.stream && JSON.stringify(req.body?.messages ?? []).includes(SLOW)
          ? respondOpenAi.stream(Array.from({ length: SLOW_PIECES }, (_, i) => `p${i} `), { intervalMs: SLOW_INTERVAL_MS })
          : undefined,
    });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mg-lb-'));
  }, PROCESS_HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await upstream.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    const config = path.join(dir, 'gateway.yaml');
    fs.writeFileSync(
      config,
      `
server: { shutdown_delay_ms: ${SHUTDOWN_DELAY_MS}, shutdown_grace_ms: 30000 }
providers:
  up: { type: openai, base_url: "${upstream.baseUrl}", api_key: sk-up }
endpoints:
  - { name: chat-ep, kind: chat, provider: up, model: m }
`,
    );
    // Three processes, each with its own embedded store and data folder (startGatewayProcess gives each one).
    replicas = await Promise.all([0, 1, 2].map(() => startGatewayProcess(config)));
    proxy = await startHaproxy(replicas.map((gw, i) => ({ name: `gw${i}`, port: Number(new URL(gw.url).port) })));
    for (let i = 0; i < replicas.length; i++) await proxy.waitForStatus(`gw${i}`, 'UP');
  }, PROCESS_HOOK_TIMEOUT_MS);

  afterEach(async () => {
    await proxy?.stop();
    await Promise.all(replicas.map((gw) => gw.kill('SIGKILL')));
    proxy = undefined;
    replicas = [];
  });

  it(
    'SIGTERM to one replica: /ready goes 503 while it still serves, HAProxy takes it out before its listener closes, its streams finish, no request fails',
    async () => {
      const base = proxy!.url;
      const streams = Array.from({ length: 6 }, () => openSlowStream(base));
      const servers = await Promise.all(streams.map((s) => s.started));
      // leastconn spreads six concurrent streams two to a replica; the victim must hold at least one.
      const victimIndex = 1;
      const victimName = `gw${victimIndex}`;
      const victim = replicas[victimIndex];
      expect(servers.filter((s) => s === victimName).length).toBeGreaterThanOrEqual(1);

      const traffic = steadyTraffic(base, 3);
      // Some traffic before the signal, so the run covers before, during and after.
      await eventually(() => expect(traffic.results.length).toBeGreaterThanOrEqual(6));
      const listenerClosed = () => victim.output.some((line) => line.includes('listener closed'));
      const signalledAt = Date.now();
      process.kill(victim.pid, 'SIGTERM');

      // The replica says it is draining while its listener still accepts (it answered).
      const ready = await eventually(async () => {
        const res = await fetch(`${victim.url}/ready`, { headers: { connection: 'close' } });
        expect(res.status).toBe(503);
        return (await res.json()) as { status: string };
      });
      expect(ready.status).toBe('draining');
      const drainingSeenAt = Date.now();
      // Liveness is untouched.
      expect((await fetch(`${victim.url}/health`, { headers: { connection: 'close' } })).status).toBe(200);

      // HAProxy marks it DOWN from its checks' 503 (Layer 7), not from a refused connection, and before the listener closed.
      const down = await proxy!.waitForStatus(victimName, 'DOWN');
      const downSeenAt = Date.now();
      expect(listenerClosed()).toBe(false);
      expect({ check: down.checkStatus, code: down.checkCode }).toEqual({ check: 'L7STS', code: '503' });

      // The drain runs its course: the listener closes after the delay, the streams finish, the process exits 0.
      expect(await victim.exited).toBe(0);
      const exitedAt = Date.now();
      const results = await Promise.all(streams.map((s) => s.done));
      // Calls keep flowing a little after the exit, so "after" is covered too.
      const afterExit = traffic.results.length;
      await eventually(() => expect(traffic.results.length).toBeGreaterThanOrEqual(afterExit + 6));
      await traffic.stop();

      for (const result of results) expect(result).toMatchObject({ status: 200, complete: true });
      expect(results.filter((r) => r.servedBy === victimName).length).toBeGreaterThanOrEqual(1);
      expect(failures(traffic.results)).toEqual([]);
      // Calls sent once HAProxy had it DOWN went to the other two.
      const sentAfterDown = traffic.results.filter((r) => r.sentAt > downSeenAt);
      expect(sentAfterDown.length).toBeGreaterThan(0);
      expect(sentAfterDown.filter((r) => r.servedBy === victimName)).toEqual([]);
      // Nothing needed HAProxy's safety net: no connection to the victim was refused or retried.
      const stat = (await proxy!.servers()).find((s) => s.name === victimName)!;
      expect({ connectionErrors: stat.connectionErrors, responseErrors: stat.responseErrors, retries: stat.retries, redispatches: stat.redispatches }).toEqual({
        connectionErrors: 0,
        responseErrors: 0,
        retries: 0,
        redispatches: 0,
      });
      // The order the replica logged: draining first, the listener closed after.
      const draining = victim.output.findIndex((line) => line.includes('draining: /ready answers 503'));
      expect(draining).toBeGreaterThanOrEqual(0);
      expect(victim.output.findIndex((line) => line.includes('listener closed'))).toBeGreaterThan(draining);
      process.stdout.write(
        `load-balancer SIGTERM: ${traffic.results.length} calls (${sentAfterDown.length} after DOWN), ${results.length} streams (${results.filter((r) => r.servedBy === victimName).length} on the drained replica), 0 failures; ` +
          `after the signal: /ready 503 seen at ${drainingSeenAt - signalledAt} ms, DOWN at ${downSeenAt - signalledAt} ms, exit at ${exitedAt - signalledAt} ms\n`,
      );
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'SIGKILL of one replica fails only the streams that were on it; once HAProxy marks it DOWN a further batch has no failure',
    async () => {
      const base = proxy!.url;
      const streams = Array.from({ length: 9 }, () => openSlowStream(base));
      const servers = await Promise.all(streams.map((s) => s.started));
      const victimIndex = 2;
      const victimName = `gw${victimIndex}`;
      const onVictim = servers.filter((s) => s === victimName).length;
      expect(onVictim).toBeGreaterThanOrEqual(1);

      await replicas[victimIndex].kill('SIGKILL');
      // Calls sent between the kill and HAProxy noticing: a refused connection is redispatched, so these should not fail either.
      const beforeDown = await Promise.all(Array.from({ length: 6 }, () => call(base)));
      const down = await proxy!.waitForStatus(victimName, 'DOWN');
      expect(down.checkStatus).toMatch(/^L4/);

      const results = await Promise.all(streams.map((s) => s.done));
      const failed = results.filter((r) => !r.complete);
      // Exactly the streams that were on the killed replica were cut; every other finished.
      expect(failed.length).toBe(onVictim);
      expect(failed.every((r) => r.servedBy === victimName)).toBe(true);
      expect(results.filter((r) => r.servedBy !== victimName).every((r) => r.complete && r.status === 200)).toBe(true);

      // After DOWN: whole calls and streams, none failing, none sent to the dead replica.
      const batch = await Promise.all(Array.from({ length: 12 }, () => call(base)));
      const batchStreams = await Promise.all(Array.from({ length: 3 }, () => openSlowStream(base).done));
      expect(failures(batch)).toEqual([]);
      expect(batch.filter((r) => r.servedBy === victimName)).toEqual([]);
      for (const stream of batchStreams) expect(stream).toMatchObject({ status: 200, complete: true });
      expect(batchStreams.filter((r) => r.servedBy === victimName)).toEqual([]);
      const victimStat = (await proxy!.servers()).find((s) => s.name === victimName)!;
      process.stdout.write(
        `load-balancer SIGKILL: ${failed.length} of ${results.length} streams failed (all on the killed replica); ${failures(beforeDown).length} of ${beforeDown.length} calls between the kill and DOWN failed ` +
          `(HAProxy redispatched ${victimStat.redispatches} refused connections to the others); 0 of ${batch.length + batchStreams.length} after DOWN\n`,
      );
      expect(failures(beforeDown)).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );
});
