import { Redis } from 'ioredis';
import { OpenAiFake, OPENAI_USAGE } from '../fakes/openai-fake';
import { eventually } from '../support/eventually';
import { openAiAnswerCost } from '../support/openai-usage-cost';
import { startRedisReplicas, stopRedisReplicas } from '../support/redis-replicas';
import type { RedisServerHandle } from '../support/redis-server';
import { postJson, startGateway, type TestGateway } from '../support/start-gateway';
import { avoidMinuteEdge, currentBucket } from '../support/usage-minute';

/**
 * Judge traffic tagged and costed: a call's caller (x-gateway-caller, or the header MLflow's
 * judges send) is on its usage line, in the counters, and read back per caller through
 * GET /api/usage, with the embedded store and with Redis alike.
 */

const MODEL = 'gpt-4o-mini';
const SLOW_TEST_MS = 30_000;

const config = (upstream: string, state = '') => `
${state}
providers:
  up: { type: openai, base_url: "${upstream}", api_key: "sk-caller-test-0123456789" }
endpoints:
  - { name: graded, kind: chat, provider: up, model: ${MODEL} }
  - { name: free, kind: chat, provider: mock, model: echo }
`;

/** What one OPENAI_USAGE answer costs at the catalogue's prices (cached input at the cache-read price). */
const costOfOneCall = () => openAiAnswerCost(MODEL);

const chat = (url: string, endpoint: string, headers: Record<string, string> = {}) =>
  postJson(`${url}/gateway/mlflow/v1/chat/completions`, { model: endpoint, messages: [{ role: 'user', content: 'grade me' }] }, headers);

async function usage(url: string, query: string): Promise<any> {
  const response = await fetch(`${url}/api/usage?${query}`);
  expect(response.status).toBe(200);
  return response.json();
}

/** Three judge calls (two by MLflow's header, one by the gateway's own) and two unlabelled ones. */
async function mixedCallers(url: string): Promise<void> {
  expect((await chat(url, 'graded', { 'X-MLflow-Gateway-Caller': 'judge' })).status).toBe(200);
  expect((await chat(url, 'graded', { 'X-MLflow-Gateway-Caller': 'judge' })).status).toBe(200);
  expect((await chat(url, 'graded', { 'x-gateway-caller': 'judge' })).status).toBe(200);
  expect((await chat(url, 'graded')).status).toBe(200);
  expect((await chat(url, 'graded')).status).toBe(200);
}

/** The per-caller reads of mixedCallers' traffic, through one gateway. */
async function expectPerCaller(url: string): Promise<void> {
  const judge = await usage(url, 'endpoint=graded&caller=judge');
  expect(judge.data).toHaveLength(1);
  expect(judge.data[0]).toMatchObject({ endpoint: 'graded', caller: 'judge', requests: 3, prompt_tokens: 3 * OPENAI_USAGE.prompt_tokens, completion_tokens: 3 * OPENAI_USAGE.completion_tokens });
  expect(judge.data[0].cost_usd).toBeCloseTo(3 * costOfOneCall(), 12);

  const grouped = await usage(url, 'endpoint=graded&group_by=caller');
  expect(grouped.data.map((row: any) => [row.caller, row.requests, row.total_tokens])).toEqual([
    ['app', 2, 2 * OPENAI_USAGE.total_tokens],
    ['judge', 3, 3 * OPENAI_USAGE.total_tokens],
  ]);
  expect(grouped.data[0].cost_usd).toBeCloseTo(2 * costOfOneCall(), 12);
  expect(grouped.data[1].targets.map((t: any) => [t.target, t.requests])).toEqual([[`up/${MODEL}`, 3]]);

  const all = await usage(url, 'endpoint=graded');
  expect(all.data[0]).not.toHaveProperty('caller');
  expect(all.data[0].requests).toBe(5);
}

describe('usage by caller', () => {
  let upstream: OpenAiFake;

  beforeAll(async () => {
    upstream = await OpenAiFake.start();
  });
  afterAll(async () => {
    await upstream?.close();
  });

  describe('with the embedded state store', () => {
    let gw: TestGateway;

    beforeAll(async () => {
      gw = await startGateway(config(upstream.baseUrl));
    });
    afterAll(async () => {
      await gw?.close();
    });

    it('counts, filters and groups calls by caller', async () => {
      await avoidMinuteEdge();
      await mixedCallers(gw.url);
      await eventually(() => expectPerCaller(gw.url));
    }, SLOW_TEST_MS);

    it('puts the caller on every usage log line', async () => {
      const { headers } = await chat(gw.url, 'free', { 'x-gateway-caller': 'nightly-eval' });
      const requestId = headers.get('x-request-id');
      const plain = await chat(gw.url, 'free');
      const lineOf = (id: string | null) => gw.logs.map((l) => JSON.parse(l)).find((e) => e.msg === 'usage' && e.usage.requestId === id)?.usage;
      await eventually(() => {
        expect(lineOf(requestId)).toMatchObject({ caller: 'nightly-eval', endpoint: 'free' });
        expect(lineOf(plain.headers.get('x-request-id'))).toMatchObject({ caller: 'app', endpoint: 'free' });
      });
    });

    it('tells a labelled caller what a complete answer cost, and an unlabelled one nothing', async () => {
      const labelled = await chat(gw.url, 'graded', { 'x-gateway-caller': 'judge' });
      expect(Number(labelled.headers.get('x-gateway-cost-usd'))).toBeCloseTo(costOfOneCall(), 12);
      expect((await chat(gw.url, 'graded')).headers.get('x-gateway-cost-usd')).toBeNull();
      // The mock's model has no price: no header rather than a made-up 0.
      expect((await chat(gw.url, 'free', { 'x-gateway-caller': 'judge' })).headers.get('x-gateway-cost-usd')).toBeNull();
    });

    it('refuses a caller label that is not a short label, before any provider call', async () => {
      upstream.reset();
      const refused = await chat(gw.url, 'graded', { 'x-gateway-caller': 'a label with spaces' });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({ code: 'invalid_parameter', param: 'x-gateway-caller' });
      expect(refused.text).not.toContain('a label with spaces');
      expect(upstream.requests).toHaveLength(0);
      // Passthrough routes refuse it too, in their own format.
      const anthropic = await postJson(`${gw.url}/gateway/anthropic/v1/messages`, { model: 'graded', max_tokens: 5, messages: [{ role: 'user', content: 'x' }] }, { 'x-gateway-caller': 'x'.repeat(40) });
      expect(anthropic.status).toBe(400);
      expect(anthropic.body).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
    });

    it('refuses a bad caller filter or group_by with a 400 naming the parameter', async () => {
      for (const [query, param] of [['caller=a%20b', 'caller'], ['group_by=target', 'group_by']]) {
        const response = await fetch(`${gw.url}/api/usage?${query}`);
        expect(response.status).toBe(400);
        expect(((await response.json()) as any).error.param).toBe(param);
      }
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

    it('files judge counters apart in Redis and reads them per caller through either replica', async () => {
      await avoidMinuteEdge();
      const bucket = currentBucket();
      await mixedCallers(gwA.url);
      const direct = new Redis(redis.url, { maxRetriesPerRequest: 1 });
      try {
        await eventually(async () => {
          const hash = await direct.hgetall(`mg:usage:graded:${bucket}`);
          expect(Number(hash[`t:up/${MODEL}|requests@judge`])).toBe(3);
          expect(Number(hash[`t:up/${MODEL}|requests`])).toBe(2);
        });
      } finally {
        await direct.quit();
      }
      for (const gw of [gwA, gwB]) await eventually(() => expectPerCaller(gw.url));
    }, SLOW_TEST_MS);
  });
});
