import { Redis } from 'ioredis';
import { OpenAiFake, respondOpenAi, OPENAI_USAGE } from '../fakes/openai-fake';
import { openAiAnswerCost } from '../support/openai-usage-cost';
import { startRedisReplicas, stopRedisReplicas } from '../support/redis-replicas';
import { startRedisServer, type RedisServerHandle } from '../support/redis-server';
import { postJson, readSseData, startGateway, type TestGateway } from '../support/start-gateway';
import { eventually } from '../support/eventually';
import { avoidMinuteEdge, currentBucket } from '../support/usage-minute';

/**
 * Usage accounting end to end: calls through a real gateway against a fake OpenAI upstream
 * that reports usage (with cached and reasoning tokens), read back through GET /api/usage,
 * the usage log lines and, with Redis as the state store, Redis itself.
 */

const MODEL = 'gpt-4o-mini';
const SLOW_TEST_MS = 30_000;

function config(upstreamUrl: string, state = ''): string {
  return `
${state}
providers:
  up: { type: openai, base_url: "${upstreamUrl}", api_key: "sk-usage-test-0123456789" }
  fake: { type: mock }
endpoints:
  - { name: mixed, kind: chat, provider: up, model: ${MODEL} }
  - { name: stream-only, kind: chat, provider: up, model: ${MODEL} }
  - { name: logged, kind: chat, provider: up, model: ${MODEL} }
  - { name: shared, kind: chat, provider: up, model: ${MODEL} }
  - { name: whole-week, kind: chat, provider: up, model: ${MODEL} }
  - { name: mock-chat, kind: chat, provider: fake, model: mock-model }
`;
}

/** The cost of one upstream answer (OPENAI_USAGE), from the catalogue's prices: cached input is billed at the cache-read price. */
const costOfOneCall = () => openAiAnswerCost(MODEL);

async function getUsage(gwUrl: string, query: string): Promise<{ status: number; body: any; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${gwUrl}/api/usage?${query}`);
  return { status: response.status, body: await response.json(), ms: performance.now() - started };
}

const messages = [{ role: 'user', content: 'count me' }];

function chat(gwUrl: string, endpoint: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return postJson(`${gwUrl}/gateway/native/v1/chat/completions`, { model: endpoint, messages, ...extra }, headers);
}

/** A streamed call, read to the end; returns the parsed chunks. */
async function streamChat(gwUrl: string, endpoint: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}): Promise<any[]> {
  const response = await fetch(`${gwUrl}/gateway/native/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ model: endpoint, messages, stream: true, ...extra }),
  });
  expect(response.status).toBe(200);
  const events = await readSseData(response);
  expect(events[events.length - 1]).toBe('[DONE]');
  return events.slice(0, -1).map((e) => JSON.parse(e));
}

function usageLines(gw: TestGateway, requestId?: string): any[] {
  return gw.logs
    .map((line) => JSON.parse(line))
    .filter((entry) => entry.msg === 'usage' && (requestId === undefined || entry.usage.requestId === requestId))
    .map((entry) => entry.usage);
}

/** Six attempts on one endpoint: four answered with OPENAI_USAGE (two streamed), a 5xx and a 4xx. */
async function sixMixedCalls(gwUrl: string, upstream: OpenAiFake, endpoint: string): Promise<void> {
  expect((await chat(gwUrl, endpoint)).status).toBe(200);
  expect((await chat(gwUrl, endpoint)).status).toBe(200);
  await streamChat(gwUrl, endpoint);
  await streamChat(gwUrl, endpoint, { stream_options: { include_usage: true } });
  upstream.enqueue(respondOpenAi.status(500, { error: { message: 'upstream broke' } }));
  expect((await chat(gwUrl, endpoint)).status).toBe(502);
  upstream.enqueue(respondOpenAi.status(400, { error: { message: 'bad request', type: 'invalid_request_error' } }));
  expect((await chat(gwUrl, endpoint)).status).toBe(400);
}

/** The sums sixMixedCalls must produce: 4 x OPENAI_USAGE, 2 errors. */
function expectMixedCounters(row: Record<string, any>): void {
  expect(row).toMatchObject({
    requests: 6,
    errors: 2,
    prompt_tokens: 4 * OPENAI_USAGE.prompt_tokens,
    completion_tokens: 4 * OPENAI_USAGE.completion_tokens,
    total_tokens: 4 * OPENAI_USAGE.total_tokens,
    cached_tokens: 4 * OPENAI_USAGE.prompt_tokens_details.cached_tokens,
    reasoning_tokens: 4 * OPENAI_USAGE.completion_tokens_details.reasoning_tokens,
    unpriced_requests: 0,
  });
  expect(row.cost_usd).toBeGreaterThan(0);
  expect(row.cost_usd).toBeCloseTo(4 * costOfOneCall(), 12);
  expect(row.latency_ms_sum).toBeGreaterThan(0);
  expect(row.ttfb_ms_sum).toBeGreaterThanOrEqual(0);
  expect(row.ttfb_ms_sum).toBeLessThanOrEqual(row.latency_ms_sum);
}

describe('usage accounting', () => {
  let upstream: OpenAiFake;

  beforeAll(async () => {
    upstream = await OpenAiFake.start();
  });
  afterAll(async () => {
    await upstream.close();
  });
  beforeEach(() => upstream.reset());

  describe('with the embedded state store', () => {
    let gw: TestGateway;

    beforeAll(async () => {
      gw = await startGateway(config(upstream.baseUrl));
    });
    afterAll(async () => {
      await gw.close();
    });

    it('sums mixed calls into one minute bucket with exact counts and a cost for the priced model', async () => {
      await avoidMinuteEdge();
      const bucket = currentBucket();
      await sixMixedCalls(gw.url, upstream, 'mixed');

      const res = await getUsage(gw.url, 'endpoint=mixed');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ object: 'usage', bucket_seconds: 60 });
      expect(res.body.data).toHaveLength(1);
      expect(res.body.data[0]).toMatchObject({ endpoint: 'mixed', bucket_start: new Date(bucket * 1000).toISOString() });
      expectMixedCounters(res.body.data[0]);
    }, SLOW_TEST_MS);

    it('counts streamed usage even when the client did not ask for include_usage', async () => {
      await avoidMinuteEdge();
      const chunks = await streamChat(gw.url, 'stream-only');
      // The client gets no usage chunk...
      expect(chunks.some((c) => c.usage)).toBe(false);
      // ...because the gateway asked the upstream for it on its own account.
      expect(upstream.last.body.stream_options).toEqual({ include_usage: true });

      const [row] = (await getUsage(gw.url, 'endpoint=stream-only')).body.data;
      expect(row).toMatchObject({
        requests: 1,
        errors: 0,
        prompt_tokens: OPENAI_USAGE.prompt_tokens,
        completion_tokens: OPENAI_USAGE.completion_tokens,
        cached_tokens: OPENAI_USAGE.prompt_tokens_details.cached_tokens,
        reasoning_tokens: OPENAI_USAGE.completion_tokens_details.reasoning_tokens,
      });
      expect(row.cost_usd).toBeCloseTo(costOfOneCall(), 12);
    }, SLOW_TEST_MS);

    it('writes one usage log line per attempt, with who, what, how it ended, timings and cost', async () => {
      const ok = `usage-ok-${Date.now()}`;
      const failed = `usage-failed-${Date.now()}`;
      const streamed = `usage-stream-${Date.now()}`;
      const mocked = `usage-mock-${Date.now()}`;
      expect((await chat(gw.url, 'logged', {}, { 'x-request-id': ok })).status).toBe(200);
      upstream.enqueue(respondOpenAi.status(503, { error: { message: 'overloaded' } }));
      expect((await chat(gw.url, 'logged', {}, { 'x-request-id': failed })).status).toBe(502);
      await streamChat(gw.url, 'logged', {}, { 'x-request-id': streamed });
      expect((await chat(gw.url, 'mock-chat', {}, { 'x-request-id': mocked })).status).toBe(200);

      for (const id of [ok, failed, streamed, mocked]) expect(usageLines(gw, id)).toHaveLength(1);

      const [success] = usageLines(gw, ok);
      expect(success).toMatchObject({
        endpoint: 'logged', provider: 'up', providerType: 'openai', model: MODEL, kind: 'chat',
        apiStyle: 'openai-chat', attempt: 0, stream: false, status: 200, priced: true,
        usage: { inputTokens: 11, outputTokens: 7, totalTokens: 18, cachedInputTokens: 3, reasoningTokens: 2 },
      });
      expect(success.errorCode).toBeUndefined();
      expect(success.costUsd).toBeCloseTo(costOfOneCall(), 12);
      expect(success.latencyMs).toBeGreaterThan(0);
      expect(success.ttfbMs).toBeGreaterThan(0);
      expect(success.ttfbMs).toBeLessThanOrEqual(success.latencyMs);
      expect(Math.abs(success.startedAt - Date.now())).toBeLessThan(10_000);

      const failure = usageLines(gw, failed)[0];
      expect(failure).toMatchObject({ endpoint: 'logged', provider: 'up', model: MODEL, status: 502, errorCode: 'upstream_error', costUsd: 0 });
      expect(failure.usage).toBeUndefined();
      expect(failure.latencyMs).toBeGreaterThan(0);

      const stream = usageLines(gw, streamed)[0];
      expect(stream).toMatchObject({ endpoint: 'logged', stream: true, status: 200, usage: { inputTokens: 11, outputTokens: 7 } });
      expect(stream.costUsd).toBeCloseTo(costOfOneCall(), 12);
      expect(stream.ttfbMs).toBeLessThanOrEqual(stream.latencyMs);

      // The mock's model is in no price list: reported as unpriced at 0, not guessed.
      expect(usageLines(gw, mocked)[0]).toMatchObject({ endpoint: 'mock-chat', provider: 'fake', providerType: 'mock', model: 'mock-model', status: 200, costUsd: 0, priced: false });
    });

    it('logs usage lines with scalar fields and token counts only, and never a credential (they skip the redact net)', async () => {
      const id = `usage-shape-${Date.now()}`;
      // A client credential header and a key-looking body field must not reach the usage line either.
      const res = await chat(gw.url, 'logged', { user: 'u-1' }, { 'x-request-id': id, authorization: 'Bearer sk-client-secret-999', 'x-api-key': 'sk-client-secret-999' });
      expect(res.status).toBe(200);
      const raw = gw.logs.find((line) => line.includes(`"requestId":"${id}"`) && line.includes('"msg":"usage"'))!;
      expect(raw).toBeDefined();
      for (const secret of ['sk-client-secret-999', 'sk-usage-test-0123456789']) expect(raw).not.toContain(secret);
      const line = JSON.parse(raw).usage;
      const scalarFields = [
        'requestId', 'endpoint', 'kind', 'apiStyle', 'caller', 'provider', 'providerType', 'model', 'catalogModel', 'attempt', 'stream',
        'status', 'errorCode', 'failure', 'startedAt', 'latencyMs', 'ttfbMs', 'costUsd', 'priced', 'costNote',
      ];
      for (const [key, value] of Object.entries(line)) {
        if (key === 'usage') {
          for (const count of Object.values(value as object)) expect(typeof count).toBe('number');
        } else {
          expect(scalarFields).toContain(key);
          expect(['string', 'number', 'boolean']).toContain(typeof value);
        }
      }
    });

    it('rejects a range whose start is after its end with an OpenAI-style 400', async () => {
      const res = await getUsage(gw.url, 'endpoint=mixed&from=2000000000&to=1000000000');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: { message: expect.stringContaining('from'), type: 'invalid_request_error', code: 'invalid_parameter', param: 'from' } });
    });

    it.each([
      ['to', 'to=yesterday'],
      ['from', 'from=2024-13-45T99:00:00Z'],
      ['from', 'from=-5minutes'],
    ])('rejects an unreadable time (%s) with a 400 naming it', async (param, query) => {
      const res = await getUsage(gw.url, query);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ type: 'invalid_request_error', code: 'invalid_parameter', param });
      expect(res.body.error.message).toContain('ISO 8601');
    });

    it('refuses an over-long range at once, without building its buckets', async () => {
      // 0 .. year 5138 is ~1.7e9 one-minute buckets: materialising them would exhaust memory before the limit check.
      const res = await getUsage(gw.url, 'from=0&to=99999999999');
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'invalid_parameter', param: 'from' });
      expect(res.body.error.message).toContain('at most 11520');
      expect(res.ms).toBeLessThan(1000);
    });

    it('folds a week into one row per endpoint (bucket=all), and the endpoints into one series (combined=true)', async () => {
      await avoidMinuteEdge();
      await sixMixedCalls(gw.url, upstream, 'whole-week');
      const now = Math.floor(Date.now() / 1000);
      const range = `from=${now - 7 * 86_400}&to=${now}`;
      const perEndpoint = await getUsage(gw.url, `${range}&bucket=all`);
      expect(perEndpoint.status).toBe(200);
      const rows: Array<{ endpoint: string; requests: number; errors: number; cost_usd: number }> = perEndpoint.body.data;
      expect(new Set(rows.map((r) => r.endpoint)).size).toBe(rows.length);
      expectMixedCounters(rows.find((r) => r.endpoint === 'whole-week')!);

      const combined = await getUsage(gw.url, `${range}&bucket=all&combined=true`);
      expect(combined.status).toBe(200);
      expect(combined.body.bucket_seconds).toBe(perEndpoint.body.bucket_seconds);
      expect(combined.body.data).toHaveLength(1);
      const [total] = combined.body.data;
      expect(total).toMatchObject({ endpoint: '*', bucket_start: perEndpoint.body.from });
      expect(total.requests).toBe(rows.reduce((sum, r) => sum + r.requests, 0));
      expect(total.errors).toBe(rows.reduce((sum, r) => sum + r.errors, 0));
      expect(total.cost_usd).toBeCloseTo(rows.reduce((sum, r) => sum + r.cost_usd, 0), 12);
      expect(total.latency_ms.p50).toEqual(expect.any(Number));

      const wrong = await getUsage(gw.url, 'combined=yes');
      expect(wrong.status).toBe(400);
      expect(wrong.body.error).toMatchObject({ code: 'invalid_parameter', param: 'combined' });
    }, SLOW_TEST_MS);

    it('accepts ISO 8601 bounds and returns nothing for a range with no traffic', async () => {
      const res = await getUsage(gw.url, 'from=2020-01-01T00:00:00Z&to=2020-01-01T00:30:00Z');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ from: '2020-01-01T00:00:00.000Z', to: '2020-01-01T00:30:00.000Z', data: [] });
    });
  });

  describe('with Redis as the state store', () => {
    let redis: RedisServerHandle;
    let gwA: TestGateway;
    let gwB: TestGateway;

    beforeAll(async () => {
      ({ redis, gwA, gwB } = await startRedisReplicas((state) => config(upstream.baseUrl, state)));
    }, SLOW_TEST_MS);
    afterAll(() => stopRedisReplicas({ redis, gwA, gwB }), SLOW_TEST_MS);

    it('writes the counters to Redis under mg:usage:<endpoint>:<bucket>, per target, with a time to live', async () => {
      await avoidMinuteEdge();
      const bucket = currentBucket();
      await sixMixedCalls(gwA.url, upstream, 'mixed');

      const key = `mg:usage:mixed:${bucket}`;
      // Read straight from Redis, not through the gateway's own store.
      const direct = new Redis(redis.url, { maxRetriesPerRequest: 1 });
      try {
        await eventually(async () => {
          const hash = await direct.hgetall(key);
          // Every field is filed under the one target that served: t:<connection/model>|<field>.
          const targets = new Set(Object.keys(hash).map((field) => field.slice(0, field.indexOf('|'))));
          expect(targets.size).toBe(1);
          const stored = Object.fromEntries(Object.entries(hash).map(([field, value]) => [field.slice(field.indexOf('|') + 1), Number(value)]));
          expectMixedCounters({ unpriced_requests: 0, ...stored });
        });
        // Zero fields are never written, so unpriced_requests exists only as the API's default.
        expect(Object.keys(await direct.hgetall(key)).some((field) => field.endsWith('|unpriced_requests'))).toBe(false);
        const ttlMs = await direct.pttl(key);
        expect(ttlMs).toBeGreaterThan(7 * 24 * 3600 * 1000);
        expect(ttlMs).toBeLessThanOrEqual(8 * 24 * 3600 * 1000);
      } finally {
        await direct.quit();
      }
      // And the API reads the same numbers back.
      expectMixedCounters((await getUsage(gwA.url, 'endpoint=mixed')).body.data[0]);
    }, SLOW_TEST_MS);

    it('two gateways sharing Redis report the combined counters through either one', async () => {
      await avoidMinuteEdge();
      expect((await chat(gwA.url, 'shared')).status).toBe(200);
      expect((await chat(gwA.url, 'shared')).status).toBe(200);
      expect((await chat(gwB.url, 'shared')).status).toBe(200);

      for (const gw of [gwA, gwB]) {
        await eventually(async () => {
          const { body } = await getUsage(gw.url, 'endpoint=shared');
          expect(body.data).toHaveLength(1);
          expect(body.data[0]).toMatchObject({ requests: 3, errors: 0, prompt_tokens: 3 * OPENAI_USAGE.prompt_tokens, cached_tokens: 3 * OPENAI_USAGE.prompt_tokens_details.cached_tokens });
          expect(body.data[0].cost_usd).toBeCloseTo(3 * costOfOneCall(), 12);
        });
      }
    }, SLOW_TEST_MS);

    // Stops the Redis server; the next test brings it back.
    it('is ready with Redis up, degraded with Redis down, and keeps serving calls fast while Redis is down', async () => {
      const up = await fetch(`${gwA.url}/ready`);
      expect(up.status).toBe(200);
      expect(await up.json()).toEqual({ status: 'ready', checks: { config: 'ok', state: 'ok', state_kind: 'redis' } });

      await redis.stop();

      const readyStarted = performance.now();
      const down = await fetch(`${gwA.url}/ready`);
      const readyMs = performance.now() - readyStarted;
      expect(down.status).toBe(200);
      expect(await down.json()).toEqual({ status: 'degraded', checks: { config: 'ok', state: 'unreachable', state_kind: 'redis' } });

      const requestId = `redis-down-${Date.now()}`;
      const started = performance.now();
      const res = await chat(gwA.url, 'mock-chat', {}, { 'x-request-id': requestId });
      const chatMs = performance.now() - started;
      expect(res.status).toBe(200);
      expect(res.body.choices[0].message.content).toBe('count me');
      // The counter write fails after the answer is sent; it must not hold the answer back.
      expect(chatMs).toBeLessThan(500);
      // The attempt is still logged; its counters wait in the replica's buffer for Redis to return.
      expect(usageLines(gwA, requestId)).toHaveLength(1);
      await eventually(async () => {
        expect(gwA.logs.some((line) => line.includes('state store degraded'))).toBe(true);
      });
      console.info(`redis down: /ready answered (degraded) in ${readyMs.toFixed(0)} ms; mock chat answered in ${chatMs.toFixed(0)} ms`);
    }, SLOW_TEST_MS);

    it('heals by itself when Redis returns on the same address: ready again and counting again', async () => {
      redis = await startRedisServer(redis.port);
      const started = performance.now();
      // The store keeps reconnecting in the background (backoff capped at 2 s); no restart of the gateway.
      await eventually(async () => {
        expect(await (await fetch(`${gwA.url}/ready`)).json()).toMatchObject({ status: 'ready' });
      }, 5000);
      const healedMs = performance.now() - started;

      await avoidMinuteEdge();
      expect((await chat(gwA.url, 'mock-chat')).status).toBe(200);
      await eventually(async () => {
        // A fresh server: the call made during the outage (flushed from gwA's buffer) and the one after.
        const rows = (await getUsage(gwB.url, 'endpoint=mock-chat')).body.data;
        expect(rows.reduce((sum: number, row: { requests: number }) => sum + row.requests, 0)).toBe(2);
      });
      console.info(`redis back: /ready was 200 again after ${healedMs.toFixed(0)} ms`);
    }, SLOW_TEST_MS);
  });
});
