import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eventually } from '../support/eventually';
import { startGatewayProcess, type GatewayProcess } from '../support/gateway-process';
import { startRedisServer, type RedisServerHandle } from '../support/redis-server';
import { postJson } from '../support/start-gateway';

/**
 * Operator reads while the shared store (a real redis-server) is frozen with SIGSTOP: it
 * keeps its sockets open and answers nothing, so every command runs into its timeout.
 * `/api/usage` must say the shared store is unavailable (503 state_store_unavailable,
 * Retry-After), never a 500 that reads like a gateway bug, and answer again once Redis
 * is resumed; the other operator reads must not answer 500 either.
 */
const SLOW_TEST_MS = 90_000;

describe('operator reads with Redis frozen', () => {
  let redis: RedisServerHandle;
  let gateway: GatewayProcess;
  let root: string;

  beforeAll(async () => {
    redis = await startRedisServer();
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'mg-frozen-'));
    const configFile = path.join(root, 'gateway.yaml');
    fs.writeFileSync(
      configFile,
      `state: { redis_url: "${redis.url}", key_prefix: "frozen:${process.pid}:" }\nendpoints:\n  - { name: echo, kind: chat, provider: mock, model: echo }\n`,
    );
    gateway = await startGatewayProcess(configFile, { GATEWAY_SECRETS_KEY: Buffer.alloc(32, 7).toString('base64') });
  }, SLOW_TEST_MS);

  afterAll(async () => {
    // Whatever happened above, never leave a stopped redis-server behind.
    await redis?.resume();
    await gateway?.stop();
    await redis?.stop();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  const get = async (route: string) => {
    const response = await fetch(`${gateway.url}${route}`);
    return { status: response.status, headers: response.headers, body: (await response.json()) as any };
  };
  const usageRequests = (body: { data: Array<{ requests: number }> }) => body.data.reduce((sum, row) => sum + row.requests, 0);

  it('answers /api/usage 503 state_store_unavailable while Redis is stopped, and 200 again after it resumes', async () => {
    expect((await postJson(`${gateway.url}/gateway/echo/native/invocations`, { messages: [{ role: 'user', content: 'counted' }] })).status).toBe(200);
    await eventually(async () => {
      const usage = await get('/api/usage?endpoint=echo');
      expect(usage.status).toBe(200);
      expect(usageRequests(usage.body)).toBe(1);
    }, 10_000);

    await redis.pause();
    try {
      const frozen = await get('/api/usage?endpoint=echo');
      expect(frozen.status).toBe(503);
      expect(frozen.body.error).toMatchObject({ code: 'state_store_unavailable', type: 'server_error', message: expect.stringMatching(/shared state store \(Redis\) is unavailable/) });
      expect(frozen.headers.get('retry-after')).toBe('1');

      // The other operator reads that touch Redis degrade rather than fail.
      for (const route of ['/api/keys', '/api/connections', '/api/endpoints']) {
        const read = await get(route);
        expect({ route, status: read.status }).toEqual({ route, status: 200 });
      }
      // A change cannot be made durable while Redis is away: 503, as documented.
      const change = await postJson(`${gateway.url}/api/endpoints`, { name: 'later', kind: 'chat', provider: 'mock', model: 'echo' });
      expect(change.status).toBe(503);
      expect(change.body.error.code).toBe('service_unavailable');
    } finally {
      await redis.resume();
    }

    await eventually(async () => {
      const usage = await get('/api/usage?endpoint=echo');
      expect(usage.status).toBe(200);
      expect(usageRequests(usage.body)).toBe(1);
    }, 15_000);
  }, SLOW_TEST_MS);
});
