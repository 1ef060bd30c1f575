import fs from 'node:fs';
import { Redis } from 'ioredis';
import os from 'node:os';
import path from 'node:path';
import { OpenAiFake, respondOpenAi } from '../fakes/openai-fake';
import { PROCESS_HOOK_TIMEOUT_MS, startGatewayProcess, type GatewayProcess } from '../support/gateway-process';
import { startRedisServer, type RedisServerHandle } from '../support/redis-server';
import { eventually } from '../support/eventually';

/**
 * Two gateway processes sharing one real redis-server: the split is exact over
 * both, a breaker opened through one stops traffic from the other, usage counters
 * add up across them; and with Redis stopped or paused, both keep serving within
 * their deadline and the counters reconcile once it is back.
 */

const SLOW_TEST_MS = PROCESS_HOOK_TIMEOUT_MS;
const messages = [{ role: 'user', content: 'hi' }];

let redis: RedisServerHandle;
let a: OpenAiFake;
let b: OpenAiFake;
let replicas: GatewayProcess[];
let configDir: string;

async function chat(replica: GatewayProcess, model: string): Promise<Response> {
  return fetch(`${replica.url}/gateway/native/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model, messages }),
  });
}

async function usageRequests(replica: GatewayProcess, endpoint: string): Promise<number> {
  const res = await fetch(`${replica.url}/api/usage?endpoint=${endpoint}`);
  const body = (await res.json()) as { data: Array<{ requests: number }> };
  return body.data.reduce((sum, row) => sum + row.requests, 0);
}

beforeAll(async () => {
  redis = await startRedisServer();
  [a, b] = await Promise.all([OpenAiFake.start(), OpenAiFake.start()]);
  configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mg-replicas-'));
  const configFile = path.join(configDir, 'gateway.yaml');
  fs.writeFileSync(
    configFile,
    `
state: { redis_url: "${redis.url}", key_prefix: "replicas:${process.pid}:" }
providers:
  a: { type: openai, base_url: "${a.baseUrl}" }
  b: { type: openai, base_url: "${b.baseUrl}" }
endpoints:
  - name: split
    kind: chat
    targets: [{ provider: a, model: m-a, weight: 3 }, { provider: b, model: m-b, weight: 1 }]
  - name: guarded
    kind: chat
    provider: a
    model: g-a
    fallbacks: [{ provider: b, model: g-b }]
    breaker: { failure_threshold: 2, cooldown_ms: 60000 }
  - name: counted
    kind: chat
    provider: mock
    model: echo
    timeouts: { total_ms: 5000 }
`,
  );
  replicas = await Promise.all([startGatewayProcess(configFile), startGatewayProcess(configFile)]);
}, SLOW_TEST_MS);

afterAll(async () => {
  await Promise.all((replicas ?? []).map((r) => r.stop()));
  await Promise.all([a?.close(), b?.close()]);
  await redis?.stop();
  fs.rmSync(configDir, { recursive: true, force: true });
});

beforeEach(() => [a, b].forEach((u) => u.reset()));

// The split's arithmetic is unit-tested in plugins/traffic-split; here a few calls prove both replicas read one position.
it('splits 3:1 exactly across both replicas together: one shared position, also under concurrent calls', async () => {
  const served: string[] = [];
  for (let i = 0; i < 8; i++) {
    const answer = await chat(replicas[i % 2], 'split');
    expect(answer.status).toBe(200);
    served.push(answer.headers.get('x-gateway-target') as string);
  }
  // Two cycles of a a b a in one order. With a position per replica, each would serve its own
  // a a b a at alternate calls, and the order would read a a a a b b a a.
  expect(served).toEqual(['a/m-a', 'a/m-a', 'b/m-b', 'a/m-a', 'a/m-a', 'a/m-a', 'b/m-b', 'a/m-a']);
  // Two more cycles in flight at once, alternating replicas: no position is taken twice or skipped.
  const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => chat(replicas[i % 2], 'split')));
  expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
  const byModel = (upstream: OpenAiFake) => upstream.requests.filter((r) => r.body?.model?.startsWith('m-')).length;
  expect([byModel(a), byModel(b)]).toEqual([12, 4]);
}, SLOW_TEST_MS);

it('reports usage per target and bucket with latency percentiles, aggregated across both replicas', async () => {
  // The split test above sent 16 calls, 12 to a and 4 to b, half through each replica.
  // Counters are written after each answer has gone out: the last few may land a moment after the client has its reply.
  const body = await eventually(async () => {
    const res = await fetch(`${replicas[1].url}/api/usage?endpoint=split&bucket=1h`);
    expect(res.status).toBe(200);
    const read = (await res.json()) as { bucket_seconds: number; data: any[] };
    expect(read.data.reduce((total, row) => total + row.requests, 0)).toBe(16);
    return read;
  });
  expect(body.bucket_seconds).toBe(3600);
  const sum = (pick: (row: any) => number) => body.data.reduce((total, row) => total + pick(row), 0);
  const targetRequests = (target: string) => sum((row) => row.targets.find((t: any) => t.target === target)?.requests ?? 0);
  expect([targetRequests('a/m-a'), targetRequests('b/m-b')]).toEqual([12, 4]);
  for (const row of body.data) {
    expect(row.latency_ms.p50).toBeGreaterThan(0);
    expect(row.latency_ms.p99).toBeGreaterThanOrEqual(row.latency_ms.p50);
    expect(row.prompt_tokens).toBeGreaterThan(0);
  }
  const bad = await fetch(`${replicas[0].url}/api/usage?bucket=90s`);
  expect(bad.status).toBe(400);
  expect(((await bad.json()) as any).error.param).toBe('bucket');
}, SLOW_TEST_MS);

it('shares the breaker: failures seen by one replica stop the other from sending', async () => {
  a.enqueue(respondOpenAi.status(503, { error: { message: 'down' } }), respondOpenAi.status(503, { error: { message: 'down' } }));
  for (let i = 0; i < 2; i++) {
    const res = await chat(replicas[0], 'guarded');
    expect(res.headers.get('x-gateway-target')).toBe('b/g-b');
  }
  // The breaker opens after the answer has gone out: wait until the shared store holds it before asking the other replica.
  const peek = new Redis(redis.url, { keyPrefix: `replicas:${process.pid}:`, lazyConnect: true });
  try {
    await eventually(async () => expect(await peek.exists('breaker:guarded:a/g-a:open')).toBe(1));
  } finally {
    peek.disconnect();
  }
  const before = a.requests.length;
  for (let i = 0; i < 5; i++) {
    const res = await chat(replicas[1], 'guarded');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-gateway-target')).toBe('b/g-b');
    expect(res.headers.get('x-gateway-attempts')).toBe('1');
  }
  expect(a.requests.length).toBe(before);
}, SLOW_TEST_MS);

it('adds usage counters up across replicas', async () => {
  for (let i = 0; i < 10; i++) expect((await chat(replicas[i % 2], 'counted')).status).toBe(200);
  for (const replica of replicas) await eventually(async () => expect(await usageRequests(replica, 'counted')).toBe(10));
}, SLOW_TEST_MS);

it('keeps serving while Redis is paused, within the deadline, and the counters reconcile on resume', async () => {
  const before = await usageRequests(replicas[0], 'counted');
  await redis.pause();
  try {
    // No duration is asserted (a loaded machine stretches any): a split that waited on the paused
    // store for good would never answer. The store's command timeout is held in the Redis contract.
    for (let i = 0; i < 6; i++) {
      expect((await chat(replicas[i % 2], 'split')).status).toBe(200);
      expect((await chat(replicas[i % 2], 'counted')).status).toBe(200);
    }
    const ready = (await (await fetch(`${replicas[0].url}/ready`)).json()) as { status: string };
    expect(ready.status).toBe('degraded');
  } finally {
    await redis.resume();
  }
  await eventually(async () => expect(await usageRequests(replicas[1], 'counted')).toBe(before + 6), 10_000);
}, SLOW_TEST_MS);

it('keeps serving while Redis is stopped, and flushes what it counted meanwhile when Redis returns', async () => {
  const { port } = redis;
  await redis.stop();
  for (let i = 0; i < 4; i++) expect((await chat(replicas[i % 2], 'counted')).status).toBe(200);
  for (const replica of replicas) expect(await (await fetch(`${replica.url}/ready`)).json()).toMatchObject({ status: 'degraded' });
  redis = await startRedisServer(port);
  // A fresh, empty server: exactly the calls made during the outage come back, from both replicas' buffers.
  await eventually(async () => expect(await usageRequests(replicas[0], 'counted')).toBe(4), 15_000);
  for (const replica of replicas) await eventually(async () => expect(await (await fetch(`${replica.url}/ready`)).json()).toMatchObject({ status: 'ready' }), 10_000);
}, SLOW_TEST_MS);
