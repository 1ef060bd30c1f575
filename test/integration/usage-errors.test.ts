import { OpenAiFake, respondOpenAi } from '../fakes/openai-fake';
import { eventually } from '../support/eventually';
import { startRedisReplicas, stopRedisReplicas } from '../support/redis-replicas';
import type { RedisServerHandle } from '../support/redis-server';
import { postJson, startGateway, type TestGateway } from '../support/start-gateway';

/**
 * An endpoint's recent errors (GET /api/usage/errors), what the UI's endpoint health reads:
 * each failed attempt's status, code and the message its client read, never the provider key
 * the upstream echoed; bounded per endpoint, and shared by replicas on Redis.
 */

const KEY = 'sk-usage-errors-0123456789abcdef';
const SLOW_TEST_MS = 30_000;

function config(upstreamUrl: string, state = ''): string {
  return `
${state}
providers:
  up: { type: openai, base_url: "${upstreamUrl}", api_key: "${KEY}" }
endpoints:
  - { name: failing, kind: chat, provider: up, model: gpt-4o-mini }
  - { name: busy, kind: chat, provider: up, model: gpt-4o-mini }
  - { name: quiet, kind: chat, provider: up, model: gpt-4o-mini }
  - { name: shared, kind: chat, provider: up, model: gpt-4o-mini }
`;
}

function chat(gwUrl: string, endpoint: string, headers: Record<string, string> = {}) {
  return postJson(`${gwUrl}/gateway/native/v1/chat/completions`, { model: endpoint, messages: [{ role: 'user', content: 'hi' }] }, headers);
}

async function getJson(url: string): Promise<{ status: number; body: any }> {
  const response = await fetch(url);
  return { status: response.status, body: await response.json() };
}

describe('recent errors per endpoint', () => {
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

    it('keeps each failure\'s status, code and client-facing message without the key the upstream echoed, newest first, beside a 100% error rate', async () => {
      upstream.enqueue(respondOpenAi.error(500, 'server_error', `The server broke while using ${KEY}`));
      const first = await chat(gw.url, 'failing', { 'x-request-id': 'errors-500' });
      expect(first.status).toBe(502);
      upstream.enqueue(respondOpenAi.error(401, 'invalid_request_error', `Incorrect API key provided: ${KEY}.`, 'invalid_api_key'));
      const second = await chat(gw.url, 'failing', { 'x-request-id': 'errors-401' });
      expect(second.status).toBeGreaterThanOrEqual(400);

      // Kept after the client has its answer: read until both are there.
      const { status, body } = await eventually(async () => {
        const answer = await getJson(`${gw.url}/api/usage/errors?endpoint=failing`);
        expect(answer.body.data).toHaveLength(2);
        return answer;
      });
      expect(status).toBe(200);
      expect(body.object).toBe('list');
      const [newest, older] = body.data;
      expect(newest).toMatchObject({ endpoint: 'failing', status: second.status, code: second.body.error.code, target: 'up/gpt-4o-mini', caller: 'app', request_id: 'errors-401' });
      expect(older).toMatchObject({ endpoint: 'failing', status: 502, code: first.body.error.code, request_id: 'errors-500' });
      // The message is the one the client read: the operator sees what the caller saw.
      expect(newest.message).toBe(second.body.error.message);
      expect(older.message).toBe(first.body.error.message);
      expect(older.message.length).toBeGreaterThan(0);
      expect(JSON.stringify(body)).not.toContain(KEY);
      expect(Date.parse(newest.at)).toBeGreaterThanOrEqual(Date.parse(older.at));

      // The health the UI shows beside it: every request of the endpoint failed.
      await eventually(async () => {
        const usage = await getJson(`${gw.url}/api/usage?endpoint=failing&bucket=all`);
        expect(usage.body.data[0]).toMatchObject({ requests: 2, errors: 2 });
      });
    }, SLOW_TEST_MS);

    it('keeps the last 20 per endpoint, answers `limit`, leaves successes out, and lists every endpoint without `endpoint`', async () => {
      for (let i = 0; i < 23; i++) {
        upstream.enqueue(respondOpenAi.error(503, 'server_error', `overloaded ${i}`));
        expect((await chat(gw.url, 'busy', { 'x-request-id': `busy-${i}` })).status).toBe(502);
      }
      expect((await chat(gw.url, 'busy')).status).toBe(200);

      const all = await eventually(async () => {
        const answer = await getJson(`${gw.url}/api/usage/errors?endpoint=busy`);
        // The ring has wrapped: the three oldest were written over by the newest.
        expect(new Set(answer.body.data.map((e: any) => e.request_id))).toEqual(new Set(Array.from({ length: 20 }, (_, i) => `busy-${i + 3}`)));
        return answer;
      });
      expect(all.body.data[0].request_id).toBe('busy-22');
      expect(all.body.data.every((e: any) => e.status === 502)).toBe(true);
      const two = await getJson(`${gw.url}/api/usage/errors?endpoint=busy&limit=2`);
      expect(two.body.data).toHaveLength(2);
      expect(two.body.data[0]).toEqual(all.body.data[0]);
      expect((await getJson(`${gw.url}/api/usage/errors?endpoint=quiet`)).body.data).toEqual([]);
      // Without `endpoint`: every endpoint's, merged newest first.
      upstream.enqueue(respondOpenAi.error(500, 'server_error', 'once more'));
      expect((await chat(gw.url, 'failing')).status).toBe(502);
      const everyEndpoint = await eventually(async () => {
        const answer = await getJson(`${gw.url}/api/usage/errors`);
        expect(answer.body.data[0].endpoint).toBe('failing');
        return answer;
      });
      expect(everyEndpoint.body.data).toHaveLength(20);
      expect(everyEndpoint.body.data.slice(1).every((e: any) => e.endpoint === 'busy')).toBe(true);
      expect((await getJson(`${gw.url}/api/usage/errors?limit=0`)).status).toBe(400);
      expect((await getJson(`${gw.url}/api/usage/errors?limit=21`)).body.error.param).toBe('limit');
    }, SLOW_TEST_MS);
  });

  describe('with Redis as the state store', () => {
    let redis: RedisServerHandle;
    let gwA: TestGateway;
    let gwB: TestGateway;

    beforeAll(async () => {
      ({ redis, gwA, gwB } = await startRedisReplicas((state) => config(upstream.baseUrl, state)));
    }, SLOW_TEST_MS);
    afterAll(() => stopRedisReplicas({ redis, gwA, gwB }), SLOW_TEST_MS);

    it('two replicas see each other\'s errors', async () => {
      upstream.enqueue(respondOpenAi.error(500, 'server_error', 'broke on A'));
      expect((await chat(gwA.url, 'shared', { 'x-request-id': 'on-a' })).status).toBe(502);
      upstream.enqueue(respondOpenAi.error(500, 'server_error', 'broke on B'));
      expect((await chat(gwB.url, 'shared', { 'x-request-id': 'on-b' })).status).toBe(502);

      for (const gw of [gwA, gwB]) {
        await eventually(async () => {
          const { body } = await getJson(`${gw.url}/api/usage/errors?endpoint=shared`);
          expect(body.data.map((e: any) => e.request_id).sort()).toEqual(['on-a', 'on-b']);
        });
      }
    }, SLOW_TEST_MS);
  });
});
