import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { OpenAiFake } from '../fakes/openai-fake';
import { adminClient } from '../support/admin-client';
import { eventually } from '../support/eventually';
import { PROCESS_HOOK_TIMEOUT_MS, startGatewayProcess, type GatewayProcess } from '../support/gateway-process';
import { startRedisServer, type RedisServerHandle } from '../support/redis-server';
import { postJson } from '../support/start-gateway';

const KEY = 'sk-shared-by-replicas-0123456789';
const SECRETS = 'a passphrase both replicas share, long enough';
const SLOW_TEST_MS = PROCESS_HOOK_TIMEOUT_MS;

/**
 * The admin store in Redis with two gateway processes: a change made on one is served by
 * the other within a second, a new replica reads the current state, no credential is in
 * Redis in clear, and while Redis is down both keep serving the last state and changes
 * answer 503 with nothing applied.
 */
describe('admin store in Redis, two replicas', () => {
  let redis: RedisServerHandle;
  let upstream: OpenAiFake;
  let dir: string;
  let configFile: string;
  let prefix: string;
  const processes: GatewayProcess[] = [];
  let a: GatewayProcess;
  let b: GatewayProcess;

  const start = async (env: Record<string, string> = { GATEWAY_SECRETS_KEY: SECRETS }) => {
    const gateway = await startGatewayProcess(configFile, env);
    processes.push(gateway);
    return gateway;
  };
  const models = async (gateway: GatewayProcess) =>
    ((await (await fetch(`${gateway.url}/gateway/native/v1/models`)).json()) as { data: Array<{ id: string }> }).data.map((m) => m.id);
  const chat = (gateway: GatewayProcess, model: string) => postJson(`${gateway.url}/gateway/native/v1/chat/completions`, { model, messages: [{ role: 'user', content: 'hi' }] });

  beforeAll(async () => {
    redis = await startRedisServer();
    upstream = await OpenAiFake.start();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mg-admin-redis-'));
    configFile = path.join(dir, 'gateway.yaml');
    prefix = `admin${process.pid}:`;
    fs.writeFileSync(configFile, `state: { redis_url: "${redis.url}", key_prefix: "${prefix}" }\nadmin: { allow_private_base_urls: true }\nendpoints: []\n`);
    [a, b] = await Promise.all([start(), start()]);
  }, SLOW_TEST_MS);
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await upstream.close();
    await redis.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  // The other replica learns of a change from the store's notice (it polls nothing): polled here, with no duration asserted.
  it('a change made on one replica is served by the other, both ways', async () => {
    const api = adminClient(a.url);
    expect((await api.post('/api/connections', { name: 'shared', type: 'openai', base_url: upstream.baseUrl, api_key: KEY })).status).toBe(201);
    expect((await api.post('/api/endpoints', { name: 'shared-chat', kind: 'chat', provider: 'shared', model: 'gpt-4o-mini' })).status).toBe(201);
    await eventually(async () => expect(await models(b)).toContain('shared-chat'), 10_000);
    expect((await chat(b, 'shared-chat')).status).toBe(200);
    expect(upstream.last.headers.authorization).toBe(`Bearer ${KEY}`);
    expect((await adminClient(b.url).get('/api/connections/shared')).body).toMatchObject({ source: 'api', status: 'ok', api_key: 'sk-...6789' });

    expect((await adminClient(b.url).put('/api/endpoints/shared-chat', { kind: 'chat', provider: 'shared', model: 'gpt-4.1' })).status).toBe(200);
    await eventually(async () => {
      await chat(a, 'shared-chat');
      expect(upstream.last.body.model).toBe('gpt-4.1');
    }, 10_000);
  });

  it('keeps every credential out of Redis in clear (the stored hashes and an RDB dump)', async () => {
    const raw = new Redis(redis.url);
    try {
      const stored = Object.values(await raw.hgetall(`${prefix}admin:connections`)).join('\n');
      expect(JSON.parse(stored).secrets.api_key.data).toEqual(expect.any(String));
      expect(stored).not.toContain(KEY);
      await raw.save();
      const [, redisDir] = (await raw.config('GET', 'dir')) as [string, string];
      const [, dbFile] = (await raw.config('GET', 'dbfilename')) as [string, string];
      const dump = fs.readFileSync(path.join(redisDir, dbFile));
      expect(dump.includes(Buffer.from(`${prefix}admin:connections`))).toBe(true);
      for (const form of [KEY, Buffer.from(KEY).toString('base64'), SECRETS]) expect(dump.includes(Buffer.from(form))).toBe(false);
    } finally {
      raw.disconnect();
    }
  });

  it('a replica that starts later reads the current state before it serves', async () => {
    const late = await start();
    expect(await models(late)).toContain('shared-chat');
    expect((await chat(late, 'shared-chat')).status).toBe(200);
    await late.stop();
  });

  it('while Redis is down, both replicas keep serving the last state and changes answer 503, never half-applied', async () => {
    await redis.pause();
    try {
      const refused = await adminClient(a.url).post('/api/endpoints', { name: 'during-outage', kind: 'chat', provider: 'shared', model: 'x' });
      expect(refused.status).toBe(503);
      expect(refused.body.error.message).toMatch(/Nothing was changed: .*unreachable/);
      for (const replica of [a, b]) expect((await chat(replica, 'shared-chat')).status).toBe(200);
    } finally {
      await redis.resume();
    }
    const after = await eventually(async () => {
      const response = await adminClient(a.url).post('/api/endpoints', { name: 'after-outage', kind: 'chat', provider: 'shared', model: 'x' });
      expect(response.status).toBe(201);
      return response;
    }, 10_000);
    expect(after.body.name).toBe('after-outage');
    // Changes reach replicas in the store's order: once both serve the later change, a half-applied
    // earlier one would show too (this replaces a fixed 1.5 s wait for it to appear).
    for (const replica of [a, b]) await eventually(async () => expect(await models(replica)).toContain('after-outage'), 10_000);
    for (const replica of [a, b]) expect(await models(replica)).not.toContain('during-outage');
    expect((await adminClient(b.url).get('/api/endpoints/during-outage')).status).toBe(404);
  });

  it('without GATEWAY_SECRETS_KEY a replica refuses connection changes (503) and reports the stored ones undecryptable', async () => {
    const keyless = await start({});
    const write = await adminClient(keyless.url).post('/api/connections', { name: 'keyless', type: 'mock' });
    expect(write.status).toBe(503);
    expect(write.body.error.message).toMatch(/GATEWAY_SECRETS_KEY is not set: with the Redis store every replica must share one secrets key/);
    expect((await adminClient(keyless.url).get('/api/connections/shared')).body).toMatchObject({ status: 'undecryptable', problem: expect.stringContaining('GATEWAY_SECRETS_KEY is not set') });
    const call = await chat(keyless, 'shared-chat');
    expect(call.status).toBe(503);
    expect(call.body.error.code).toBe('provider_credentials_unavailable');
    expect(keyless.output.join('\n')).not.toContain(KEY);
    await keyless.stop();
  });
});
