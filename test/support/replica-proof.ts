import { performance } from 'node:perf_hooks';
import { adminClient } from './admin-client';
import { eventually } from './eventually';
import { PROCESS_HOOK_TIMEOUT_MS } from './gateway-process';
import { startGateway, type TestGateway } from './start-gateway';
import { avoidMinuteEdge } from './usage-minute';

/**
 * The issue-28 proof, run the same on each Redis topology (redis-cluster-replicas.test.ts,
 * redis-sentinel-replicas.test.ts): two in-process gateway replicas sharing the topology keep a
 * 3:1 split, a key's 10 rpm, admin changes and usage totals in common, and a SIGKILL of the
 * primary holding the usage counters keeps calls flowing with the counters reconciled.
 */
export interface ProofTopology {
  /** What the test titles and printed figures call it, e.g. "Redis Cluster". */
  label: string;
  /** Starts the Redis processes; returns the `state:` value (YAML flow mapping) the replicas use. */
  start(): Promise<string>;
  /** The port of the primary that holds the counters whose key matches `keyPart` (a fragment of the usage key's name). */
  countersPrimary(keyPart: string): Promise<number>;
  /** SIGKILL of that primary. */
  kill(port: number): Promise<void>;
  /** Resolves with the promoted primary's port once the topology agrees on it. */
  waitForPromotion(oldPort: number): Promise<number>;
  stop(): Promise<void>;
}

const SLOW_TEST_MS = PROCESS_HOOK_TIMEOUT_MS;
const messages = [{ role: 'user', content: 'hi' }];
/** The bound for another replica to see an admin change: asserted as stated (not tighter). */
const PROPAGATION_BOUND_MS = 2_000;
/** The bound on any one call's wait during the failover. */
const CALL_WAIT_BOUND_MS = 5_000;
/** The trickle: one call every this many ms, alternating replicas, from before the kill until this long after the promotion. */
const TRICKLE_EVERY_MS = 50;
const TRICKLE_BEFORE_KILL_MS = 2_000;
const TRICKLE_AFTER_PROMOTION_MS = 5_000;
/** A call still unanswered after this is cut and counted as failed (far past the 5 s bound, so it cannot hide a breach). */
const CALL_ABORT_MS = 30_000;
/** How long the buffered counters may take to land after the promotion (the store retries them each second). */
const RECONCILE_WAIT_MS = 20_000;
/** Usage totals unchanged and equal on both replicas this long (three of the store's 1 s retries), with both stores recovered: settled. */
const SETTLED_FOR_MS = 3_000;
/**
 * What a failover can lose or count twice (docs/deployment.md): a counter write in flight to the
 * dead primary. One that times out is dropped (it may have landed), one the primary acknowledged
 * but had not replicated is lost with it, one it applied but never answered is buffered and sent
 * again. A write goes out as its call ends, and is in flight at most the store's command timeout
 * (500 ms; twice that on a Cluster, redirections included) before the store turns local and
 * buffers: so the calls that ended in this window around the kill bound the difference.
 */
const IN_FLIGHT_BEFORE_KILL_MS = 250;
const IN_FLIGHT_AFTER_KILL_MS = 1_000 + 250;

const yaml = (state: string) => `
state: ${state}
auth: { require_keys: true }
admin: { allow_private_base_urls: true }
endpoints:
  - name: split
    kind: chat
    targets: [{ provider: mock, model: three, weight: 3 }, { provider: mock, model: one, weight: 1 }]
  - { name: counted, kind: chat, provider: mock, model: echo }
  - { name: trickle, kind: chat, provider: mock, model: echo }
`;

interface Replicas {
  a: TestGateway;
  b: TestGateway;
  both: TestGateway[];
  /** An unlimited key both replicas know. */
  key: string;
}

const chat = (gw: TestGateway, key: string, model: string, signal?: AbortSignal) =>
  fetch(`${gw.url}/gateway/native/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ model, messages }),
    signal,
  });

/** The endpoints a key may see on a replica; 401 until the replica knows the key. */
async function modelsSeen(gw: TestGateway, key: string): Promise<{ status: number; ids: string[] }> {
  const response = await fetch(`${gw.url}/gateway/native/v1/models`, { headers: { authorization: `Bearer ${key}` } });
  const body = (await response.json().catch(() => ({}))) as { data?: Array<{ id: string }> };
  return { status: response.status, ids: (body.data ?? []).map((model) => model.id) };
}

async function usageTotals(gw: TestGateway, endpoint: string): Promise<{ requests: number; errors: number }> {
  const response = await fetch(`${gw.url}/api/usage?endpoint=${endpoint}`);
  if (response.status !== 200) throw new Error(`GET /api/usage on ${gw.url}: ${response.status} ${await response.text()}`);
  const rows = ((await response.json()) as { data: Array<{ requests: number; errors: number }> }).data;
  return { requests: rows.reduce((sum, row) => sum + row.requests, 0), errors: rows.reduce((sum, row) => sum + row.errors, 0) };
}

/** Makes a key on `from` and waits until `to` accepts it, without spending a call (a models list is not rate-limited). */
async function keyOnBoth(from: TestGateway, to: TestGateway, body: Record<string, unknown>): Promise<{ id: string; key: string }> {
  const created = await adminClient(from.url).post('/api/keys', { endpoints: '*', ...body });
  if (created.status !== 201) throw new Error(`creating key ${JSON.stringify(body)}: ${created.status} ${created.text}`);
  await eventually(async () => expect((await modelsSeen(to, created.body.key)).status).toBe(200));
  return created.body;
}

/** How long `check` took to pass, polled every 25 ms; throws when it has not within `boundMs`. */
async function timeUntil(check: () => Promise<void>, boundMs: number): Promise<number> {
  const started = performance.now();
  await eventually(check, boundMs);
  return Math.round(performance.now() - started);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Registers the proof's tests for `topology` in the calling test file. */
export function replicaProof(topology: ProofTopology): void {
  let replicas: Replicas;
  const started: TestGateway[] = [];

  beforeAll(async () => {
    const state = await topology.start();
    const config = yaml(state);
    started.push(await startGateway(config));
    started.push(await startGateway(config));
    const [a, b] = started;
    const { key } = await keyOnBoth(a, b, { name: 'unlimited' });
    replicas = { a, b, both: [a, b], key };
  }, SLOW_TEST_MS);

  afterAll(async () => {
    for (const gw of started) await gw.close();
    await topology.stop();
  }, SLOW_TEST_MS);

  it('keeps a 3:1 split within 0.70-0.80 over 400 calls through both replicas', async () => {
    const served: string[] = [];
    // Four in flight at once, alternating replicas: the shared position must hold under concurrency too.
    for (let batch = 0; batch < 100; batch++) {
      const answers = await Promise.all([0, 1, 2, 3].map((i) => chat(replicas.both[(batch * 4 + i) % 2], replicas.key, 'split')));
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        served.push(answer.headers.get('x-gateway-target') ?? '(none)');
        await answer.text();
      }
    }
    const share = served.filter((target) => target === 'mock/three').length / served.length;
    console.log(`[${topology.label}] split 3:1 over ${served.length} calls: share of the weight-3 target ${share.toFixed(3)}`);
    expect(served.filter((target) => target !== 'mock/three' && target !== 'mock/one')).toEqual([]);
    expect(share).toBeGreaterThanOrEqual(0.7);
    expect(share).toBeLessThanOrEqual(0.8);
  }, SLOW_TEST_MS);

  it('admits exactly 10 of 20 calls for a 10 rpm key, across both replicas', async () => {
    const { key } = await keyOnBoth(replicas.a, replicas.b, { name: 'ten a minute', rpm: 10 });
    // All at once, alternating replicas: the shared window must take each call exactly once.
    const statuses = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const answer = await chat(replicas.both[i % 2], key, 'counted');
        await answer.text();
        return answer.status;
      }),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
  }, SLOW_TEST_MS);

  it('serves an endpoint created on one replica from the other within 2 s', async () => {
    const created = await adminClient(replicas.a.url).post('/api/endpoints', { name: 'made-live', kind: 'chat', provider: 'mock', model: 'echo' });
    expect(created.status).toBe(201);
    const ms = await timeUntil(async () => expect((await modelsSeen(replicas.b, replicas.key)).ids).toContain('made-live'), PROPAGATION_BOUND_MS);
    console.log(`[${topology.label}] endpoint created on A, listed by B after ${ms} ms`);
    expect((await chat(replicas.b, replicas.key, 'made-live')).status).toBe(200);
  }, SLOW_TEST_MS);

  it('refuses on one replica a key revoked on the other within 2 s', async () => {
    const { id, key } = await keyOnBoth(replicas.a, replicas.b, { name: 'to revoke' });
    expect((await chat(replicas.b, key, 'counted')).status).toBe(200);
    expect((await adminClient(replicas.a.url).delete(`/api/keys/${id}`)).status).toBe(204);
    const ms = await timeUntil(async () => expect((await chat(replicas.b, key, 'counted')).status).toBe(401), PROPAGATION_BOUND_MS);
    console.log(`[${topology.label}] key revoked on A, refused by B after ${ms} ms`);
  }, SLOW_TEST_MS);

  it('reports equal usage totals from both replicas', async () => {
    await avoidMinuteEdge();
    const before = await usageTotals(replicas.a, 'counted');
    for (let i = 0; i < 30; i++) {
      const answer = await chat(replicas.both[i % 2], replicas.key, 'counted');
      expect(answer.status).toBe(200);
      await answer.text();
    }
    // Counters are written after each answer has gone out: the last may land a moment later.
    for (const gw of replicas.both) await eventually(async () => expect((await usageTotals(gw, 'counted')).requests).toBe(before.requests + 30));
  }, SLOW_TEST_MS);

  it("keeps >= 95% of calls succeeding, none waiting over 5 s, through a SIGKILL of the counters' primary, and reconciles the usage total", async () => {
    // The counters' key is per minute: the whole trickle stays in one, so the killed primary is the one it writes to.
    await avoidMinuteEdge(25_000);
    const warmUp = 2;
    for (let i = 0; i < warmUp; i++) expect((await chat(replicas.both[i % 2], replicas.key, 'trickle')).status).toBe(200);
    await eventually(async () => expect((await usageTotals(replicas.a, 'trickle')).requests).toBe(warmUp));
    const oldPort = await topology.countersPrimary('usage:trickle:');

    const t0 = performance.now();
    const calls: Array<Promise<CallResult>> = [];
    let fired = 0;
    const timer = setInterval(() => calls.push(timedCall(replicas.both[fired++ % 2], replicas.key, t0)), TRICKLE_EVERY_MS);
    let killAt = 0;
    let killWallClock = 0;
    let promotedAfter = 0;
    let newPort = 0;
    const logsAtKill = replicas.both.map((gw) => gw.logs.length);
    try {
      await new Promise((resolve) => setTimeout(resolve, TRICKLE_BEFORE_KILL_MS));
      killAt = performance.now() - t0;
      killWallClock = Date.now();
      await topology.kill(oldPort);
      newPort = await topology.waitForPromotion(oldPort);
      promotedAfter = performance.now() - t0 - killAt;
      await new Promise((resolve) => setTimeout(resolve, TRICKLE_AFTER_PROMOTION_MS));
    } finally {
      clearInterval(timer);
    }
    const results = await Promise.all(calls);
    const succeeded = results.filter((r) => r.status === 200);
    const latencies = results.map((r) => r.ms).sort((x, y) => x - y);
    const slowest = latencies[latencies.length - 1];

    // Buffered increments land once a replica's store sees Redis again: wait until both replicas report one settled figure.
    const expected = warmUp + succeeded.length;
    const reconcileStarted = performance.now();
    let totals = await bothTotals(replicas.both);
    let stableSince = performance.now();
    for (;;) {
      const recovered = replicas.both.every((gw, i) => storeSettled(gw, logsAtKill[i]));
      const equal = totals[0].requests === totals[1].requests;
      if (equal && totals[0].requests === expected && recovered) break;
      if (equal && recovered && performance.now() - stableSince >= SETTLED_FOR_MS) break;
      if (performance.now() - reconcileStarted > RECONCILE_WAIT_MS) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
      const next = await bothTotals(replicas.both);
      if (next[0].requests !== totals[0].requests || next[1].requests !== totals[1].requests) stableSince = performance.now();
      totals = next;
    }
    const counted = totals[0].requests;
    // The calls whose counter write could have been in flight to the dead primary (see IN_FLIGHT_*): the most a failover may lose or repeat.
    const inFlight = succeeded.filter((r) => r.endedAt >= killAt - IN_FLIGHT_BEFORE_KILL_MS && r.endedAt <= killAt + IN_FLIGHT_AFTER_KILL_MS).length;
    const follow = replicas.both.map((gw, i) => {
      const events = storeEvents(gw, logsAtKill[i]);
      const degraded = events.find((e) => e.event === 'degraded');
      const recovered = [...events].reverse().find((e) => e.event === 'recovered');
      return { degradedAfterKillMs: degraded ? degraded.time - killWallClock : null, firstError: degraded?.err, recoveredAfterKillMs: recovered ? recovered.time - killWallClock : null };
    });
    const figures = {
      topology: topology.label,
      calls: results.length,
      succeeded: succeeded.length,
      successPct: Number(((100 * succeeded.length) / results.length).toFixed(2)),
      statuses: results.reduce<Record<number, number>>((counts, r) => ({ ...counts, [r.status]: (counts[r.status] ?? 0) + 1 }), {}),
      latencyMs: { p50: Math.round(percentile(latencies, 50)), p90: Math.round(percentile(latencies, 90)), p99: Math.round(percentile(latencies, 99)), max: Math.round(slowest) },
      callsOver1s: latencies.filter((ms) => ms > 1_000).length,
      killedPort: oldPort,
      promotedPort: newPort,
      promotionAfterKillMs: Math.round(promotedAfter),
      storeFollow: follow,
      usage: { expected, countedA: totals[0].requests, countedB: totals[1].requests, errorsCounted: totals[0].errors, lost: expected - counted, inFlightAtKill: inFlight, settledAfterMs: Math.round(performance.now() - reconcileStarted) },
    };
    console.log(`[${topology.label}] failover figures ${JSON.stringify(figures)}`);

    expect(newPort).not.toBe(oldPort);
    expect(succeeded.length / results.length).toBeGreaterThanOrEqual(0.95);
    expect(slowest).toBeLessThanOrEqual(CALL_WAIT_BOUND_MS);
    expect(totals[1].requests).toBe(totals[0].requests);
    // Every replica's store followed the promotion (no restart): it recovered after the kill, if the kill reached it at all.
    for (const replica of follow) if (replica.degradedAfterKillMs !== null) expect(replica.recoveredAfterKillMs).not.toBeNull();
    expect(Math.abs(expected - counted)).toBeLessThanOrEqual(inFlight);
  }, 180_000);
}

interface CallResult {
  /** ms since the trickle began. */
  startedAt: number;
  endedAt: number;
  ms: number;
  /** 0: no answer (the connection failed, or it was cut at CALL_ABORT_MS). */
  status: number;
}

async function timedCall(gw: TestGateway, key: string, t0: number): Promise<CallResult> {
  const startedAt = performance.now() - t0;
  let status = 0;
  try {
    const answer = await chat(gw, key, 'trickle', AbortSignal.timeout(CALL_ABORT_MS));
    await answer.text();
    status = answer.status;
  } catch {
    // Counted as failed, with the time it took.
  }
  const endedAt = performance.now() - t0;
  return { startedAt, endedAt, ms: endedAt - startedAt, status };
}

const bothTotals = (both: TestGateway[]) => Promise.all(both.map((gw) => usageTotals(gw, 'trickle').catch(() => ({ requests: -1, errors: -1 }))));

/** A store that never degraded since line `from`, or whose last notice is that it recovered. */
function storeSettled(gw: TestGateway, from: number): boolean {
  const events = storeEvents(gw, from);
  return events.length === 0 || events[events.length - 1].event === 'recovered';
}

/** The state store's degraded/recovered notices a replica logged since line `from` (msg "state store <event>", pino's `time`). */
function storeEvents(gw: TestGateway, from: number): Array<{ event: 'degraded' | 'recovered'; time: number; err?: string }> {
  const events: Array<{ event: 'degraded' | 'recovered'; time: number; err?: string }> = [];
  for (const line of gw.logs.slice(from)) {
    let entry: { msg?: string; time?: number; err?: string };
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    const match = /^state store (degraded|recovered)$/.exec(entry.msg ?? '');
    if (match && typeof entry.time === 'number') events.push({ event: match[1] as 'degraded' | 'recovered', time: entry.time, err: entry.err });
  }
  return events;
}
