import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findProvider } from '@pydantic/genai-prices';
import { OpenAiFake, OPENAI_USAGE } from '../fakes/openai-fake';
import { adminClient } from '../support/admin-client';
import { eventually } from '../support/eventually';
import { PROCESS_HOOK_TIMEOUT_MS, startGatewayProcess, type GatewayProcess } from '../support/gateway-process';
import { startRedisServer, type RedisServerHandle } from '../support/redis-server';

/**
 * Gateway keys across replicas: two gateway processes sharing a real redis-server. A key
 * made on one works on the other; a revocation on one is refused by the other within a
 * second; a key's limits and budget are exact across both; usage by key is summed from
 * either. Then Redis goes away: the check needs no I/O, revocation cannot be written
 * (503) and the last keys read stay in force, expiry still applies, and a replica that
 * never read the keys refuses every call rather than let one in unchecked.
 */

const SLOW_TEST_MS = PROCESS_HOOK_TIMEOUT_MS;
const MODEL = 'gpt-4o-mini';
const messages = [{ role: 'user', content: 'hi' }];

let redis: RedisServerHandle;
let upstream: OpenAiFake;
let replicas: GatewayProcess[];
let configFile: string;
let configDir: string;
let redisStopped = false;
const extra: GatewayProcess[] = [];

const chat = (replica: GatewayProcess, key: string | undefined, endpoint = 'chat') =>
  fetch(`${replica.url}/gateway/native/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body: JSON.stringify({ model: endpoint, messages }),
  });

async function createKey(replica: GatewayProcess, body: Record<string, unknown>): Promise<{ id: string; key: string }> {
  const created = await adminClient(replica.url).post('/api/keys', { endpoints: '*', ...body });
  expect(created.status).toBe(201);
  return created.body;
}

function costOfOneCall(): number {
  const prices = findProvider({ providerId: 'openai' })!.models.find((m) => m.id === MODEL)!.prices as Record<string, number>;
  const cached = OPENAI_USAGE.prompt_tokens_details.cached_tokens;
  return ((OPENAI_USAGE.prompt_tokens - cached) * prices.input_mtok + cached * prices.cache_read_mtok + OPENAI_USAGE.completion_tokens * prices.output_mtok) / 1_000_000;
}

beforeAll(async () => {
  redis = await startRedisServer();
  upstream = await OpenAiFake.start();
  configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mg-keys-redis-'));
  configFile = path.join(configDir, 'gateway.yaml');
  fs.writeFileSync(
    configFile,
    `
state: { redis_url: "${redis.url}", key_prefix: "keys:${process.pid}:" }
auth: { require_keys: true }
providers:
  fake: { type: openai, base_url: "${upstream.baseUrl}" }
endpoints:
  - { name: chat, kind: chat, provider: fake, model: ${MODEL} }
  - { name: other, kind: chat, provider: fake, model: ${MODEL} }
  - { name: budgeted, kind: chat, provider: fake, model: ${MODEL}, limits: { budget_usd: 1 } }
`,
  );
  replicas = await Promise.all([startGatewayProcess(configFile), startGatewayProcess(configFile)]);
}, SLOW_TEST_MS);

afterAll(async () => {
  await Promise.all([...(replicas ?? []), ...extra].map((r) => r.stop()));
  await upstream?.close();
  if (!redisStopped) await redis?.stop();
  fs.rmSync(configDir, { recursive: true, force: true });
});

it('a key made on one replica is accepted by the other, scoped the same', async () => {
  const { key } = await createKey(replicas[0], { name: 'shared', endpoints: ['chat'] });
  await eventually(async () => expect((await chat(replicas[1], key)).status).toBe(200), 1000);
  expect((await chat(replicas[1], key, 'other')).status).toBe(403);
}, SLOW_TEST_MS);

it('a revocation on one replica is refused by the other, told by the store', async () => {
  for (let round = 0; round < 3; round++) {
    const { id, key } = await createKey(replicas[round % 2], { name: `revoked-${round}` });
    const [here, there] = round % 2 === 0 ? replicas : [replicas[1], replicas[0]];
    await eventually(async () => expect((await chat(there, key)).status).toBe(200));
    expect((await adminClient(here.url).delete(`/api/keys/${id}`)).status).toBe(204);
    expect((await chat(here, key)).status).toBe(401);
    // The other replica learns it from the store's change notice (it polls nothing), so no duration is asserted.
    await eventually(async () => {
      const response = await chat(there, key);
      expect(response.status).toBe(401);
      expect(((await response.json()) as any).error.message).toContain('revoked');
    }, 10_000);
  }
}, SLOW_TEST_MS);

it("admits a key's 10 requests a minute across both replicas together, not 10 each", async () => {
  const { key } = await createKey(replicas[0], { name: 'ten a minute', rpm: 10 });
  await eventually(async () => expect((await chat(replicas[1], key, 'other')).status).toBe(200));
  const statuses = await Promise.all(Array.from({ length: 30 }, (_, i) => chat(replicas[i % 2], key).then((r) => r.status)));
  // One of the ten went to the call that saw the key arrive.
  expect(statuses.filter((s) => s === 200)).toHaveLength(9);
  expect(statuses.filter((s) => s === 429)).toHaveLength(21);
}, SLOW_TEST_MS);

it("shares a key's budget: spent through one replica, refused by the other", async () => {
  const { key } = await createKey(replicas[0], { name: 'budget', budget_usd: costOfOneCall() * 1.5 });
  expect((await chat(replicas[0], key)).status).toBe(200);
  expect((await chat(replicas[0], key)).status).toBe(200);
  const refused = await eventually(async () => {
    const response = await chat(replicas[1], key);
    expect(response.status).toBe(429);
    return response;
  });
  expect(((await refused.json()) as any).error.code).toBe('budget_exceeded');
}, SLOW_TEST_MS);

it('sums usage by key from both replicas, read through either', async () => {
  const { id, key } = await createKey(replicas[0], { name: 'usage' });
  await eventually(async () => expect((await chat(replicas[1], key, 'other')).status).toBe(200));
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 50_000) await new Promise((r) => setTimeout(r, 60_000 - intoMinute + 50));
  for (const replica of [...replicas, replicas[0]]) expect((await chat(replica, key)).status).toBe(200);
  for (const replica of replicas) {
    await eventually(async () => {
      const usage = (await (await fetch(`${replica.url}/api/usage?endpoint=chat&key=${id}`)).json()) as any;
      expect(usage.data.map((row: any) => [row.key, row.requests, row.total_tokens])).toEqual([[id, 3, 3 * OPENAI_USAGE.total_tokens]]);
      const grouped = (await (await fetch(`${replica.url}/api/usage?endpoint=chat&group_by=key`)).json()) as any;
      expect(grouped.data.find((row: any) => row.key === id).requests).toBe(3);
    });
  }
}, SLOW_TEST_MS);

describe('while Redis is away', () => {
  let kept: { id: string; key: string };
  let unrevoked: { id: string; key: string };
  let expiring: { key: string };
  let expiresAt: number;
  let limited: { key: string };
  let budgeted: { key: string };
  let oneAMinute: { key: string };

  beforeAll(async () => {
    kept = await createKey(replicas[0], { name: 'kept' });
    unrevoked = await createKey(replicas[0], { name: 'cannot be revoked' });
    // Far enough out that the key still works when the outage test first uses it, on a loaded machine too.
    expiresAt = Date.now() + 15_000;
    expiring = await createKey(replicas[0], { name: 'expires in the outage', expires_at: new Date(expiresAt).toISOString() });
    limited = await createKey(replicas[0], { name: 'two a minute', rpm: 2 });
    budgeted = await createKey(replicas[0], { name: 'budget never read', budget_usd: 1 });
    oneAMinute = await createKey(replicas[0], { name: 'one a minute', rpm: 1 });
    for (const replica of replicas) await eventually(async () => expect((await chat(replica, kept.key)).status).toBe(200));
  }, SLOW_TEST_MS);

  it('refuses an unknown key at once while Redis hangs: the check does no I/O', async () => {
    await redis.pause();
    try {
      // A check that read Redis would time out and answer 503 (gateway_keys_unavailable); a 401 that
      // says the key is invalid shows it was decided from the replica's own table, whatever the load.
      const response = await chat(replicas[1], `mgw-${'Z'.repeat(43)}`);
      expect(response.status).toBe(401);
      expect(((await response.json()) as any).error.code).toBe('gateway_key_invalid');
      expect((await chat(replicas[1], undefined)).status).toBe(401);
    } finally {
      await redis.resume();
    }
  }, SLOW_TEST_MS);

  it('keeps the last keys read, refuses revocations and new keys with 503, and still expires keys', async () => {
    await redis.stop();
    redisStopped = true;
    for (const replica of replicas) expect((await chat(replica, kept.key)).status).toBe(200);

    const revoke = await adminClient(replicas[0].url).delete(`/api/keys/${unrevoked.id}`);
    expect(revoke.status).toBe(503);
    expect(revoke.body.error.code).toBe('service_unavailable');
    expect((await adminClient(replicas[1].url).post('/api/keys', { name: 'new', endpoints: '*' })).status).toBe(503);
    // Not revoked anywhere: the operator was told so (503), and the key is as it was.
    expect((await chat(replicas[1], unrevoked.key)).status).toBe(200);

    expect((await chat(replicas[0], expiring.key)).status).toBe(200);
    // Keys expire on the wall clock (gateway-keys reads Date.now): polled until then, not slept.
    for (const replica of replicas) {
      await eventually(async () => {
        const response = await chat(replica, expiring.key);
        expect(response.status).toBe(401);
        expect(((await response.json()) as any).error.message).toContain('expired');
      }, 30_000);
    }
  }, SLOW_TEST_MS);

  it("holds a key's rate limit per replica, and refuses a budget it never read", async () => {
    for (const replica of replicas) {
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await chat(replica, limited.key)).status);
      expect(statuses).toEqual([200, 200, 429]);
    }
    const unread = await chat(replicas[0], budgeted.key);
    expect(unread.status).toBe(503);
    expect(((await unread.json()) as any).error.code).toBe('limits_unavailable');
  }, SLOW_TEST_MS);

  it("counts nothing in a key's window for a call refused because its endpoint's budget was never read", async () => {
    // Refused before any limit is taken: the key's one request a minute is still there afterwards.
    for (let i = 0; i < 2; i++) {
      const refused = await chat(replicas[0], oneAMinute.key, 'budgeted');
      expect(refused.status).toBe(503);
      expect(((await refused.json()) as any).error.code).toBe('limits_unavailable');
    }
    expect((await chat(replicas[0], oneAMinute.key)).status).toBe(200);
    expect((await chat(replicas[0], oneAMinute.key)).status).toBe(429);
  }, SLOW_TEST_MS);

  it('a replica that starts while Redis is away refuses every key, never lets one in unchecked', async () => {
    const late = await startGatewayProcess(configFile);
    extra.push(late);
    const refused = await chat(late, kept.key);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(((await refused.json()) as any).error.code).toBe('gateway_keys_unavailable');
    expect((await fetch(`${late.url}/gateway/native/v1/models`, { headers: { authorization: `Bearer ${kept.key}` } })).status).toBe(503);
  }, SLOW_TEST_MS);
});
