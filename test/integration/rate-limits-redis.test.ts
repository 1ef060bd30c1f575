import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OpenAiFake } from '../fakes/openai-fake';
import { PROCESS_HOOK_TIMEOUT_MS, startGatewayProcess, type GatewayProcess } from '../support/gateway-process';
import { startRedisServer, type RedisServerHandle } from '../support/redis-server';

/**
 * Limits are exact across replicas: two gateway processes sharing a real redis-server
 * admit an endpoint's 10 requests per minute between them, not 10 each; a budget spent
 * through one is spent for the other. With Redis down, each replica enforces the limit
 * on its own (bounded, never open), and a budget it has no figure for is refused.
 */

const SLOW_TEST_MS = PROCESS_HOOK_TIMEOUT_MS;
const messages = [{ role: 'user', content: 'hi' }];

let redis: RedisServerHandle;
let upstream: OpenAiFake;
let replicas: GatewayProcess[];
let configDir: string;
let redisStopped = false;

const chat = (replica: GatewayProcess, model: string) =>
  fetch(`${replica.url}/gateway/native/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model, messages }) });

beforeAll(async () => {
  redis = await startRedisServer();
  upstream = await OpenAiFake.start();
  configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mg-limits-'));
  const configFile = path.join(configDir, 'gateway.yaml');
  fs.writeFileSync(
    configFile,
    `
state: { redis_url: "${redis.url}", key_prefix: "limits:${process.pid}:" }
providers:
  fake: { type: openai, base_url: "${upstream.baseUrl}" }
endpoints:
  - { name: shared-rpm, kind: chat, provider: fake, model: gpt-4o-mini, limits: { rpm: 10 } }
  - { name: shared-budget, kind: chat, provider: fake, model: gpt-4o-mini, limits: { budget_usd: 0.00001 } }
  - { name: outage-rpm, kind: chat, provider: fake, model: gpt-4o-mini, limits: { rpm: 2 } }
  - { name: unread-budget, kind: chat, provider: fake, model: gpt-4o-mini, limits: { budget_usd: 1 } }
  - { name: read-budget, kind: chat, provider: fake, model: gpt-4o-mini, limits: { budget_usd: 1 } }
`,
  );
  replicas = await Promise.all([startGatewayProcess(configFile), startGatewayProcess(configFile)]);
}, SLOW_TEST_MS);

afterAll(async () => {
  await Promise.all((replicas ?? []).map((r) => r.stop()));
  await upstream?.close();
  if (!redisStopped) await redis?.stop();
  fs.rmSync(configDir, { recursive: true, force: true });
});

it('admits 10 requests a minute across both replicas together, not 10 each', async () => {
  const statuses = await Promise.all(Array.from({ length: 30 }, (_, i) => chat(replicas[i % 2], 'shared-rpm').then((r) => r.status)));
  expect(statuses.filter((s) => s === 200)).toHaveLength(10);
  expect(statuses.filter((s) => s === 429)).toHaveLength(20);
}, SLOW_TEST_MS);

it('shares a budget: spent through one replica, refused by the other', async () => {
  expect((await chat(replicas[0], 'shared-budget')).status).toBe(200);
  expect((await chat(replicas[0], 'shared-budget')).status).toBe(200);
  // No wait for the second spend to be written: until it is, that call's reservation (its
  // maximum cost, far above this budget) is held in Redis instead, and refuses just the same.
  const refused = await chat(replicas[1], 'shared-budget');
  expect(refused.status).toBe(429);
  expect(((await refused.json()) as any).error.code).toBe('budget_exceeded');
}, SLOW_TEST_MS);

it('with Redis down: each replica holds the limit on its own, goes on from a budget it read, and refuses one it never read', async () => {
  expect((await chat(replicas[0], 'read-budget')).status).toBe(200);
  await redis.stop();
  redisStopped = true;
  for (const replica of replicas) {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await chat(replica, 'outage-rpm')).status);
    // The first call finds Redis gone and turns the replica's store local: 2 admitted, then refused.
    expect(statuses).toEqual([200, 200, 429, 429]);
  }
  const unread = await chat(replicas[0], 'unread-budget');
  expect(unread.status).toBe(503);
  const body = (await unread.json()) as any;
  expect(body.error.code).toBe('limits_unavailable');
  expect(unread.headers.get('retry-after')).toBe('1');
  // Replica 0 read read-budget's figure before the outage (far below $1): it goes on from it; replica 1 never read it.
  expect((await chat(replicas[0], 'read-budget')).status).toBe(200);
  expect((await chat(replicas[1], 'read-budget')).status).toBe(503);
}, SLOW_TEST_MS);
