import { OpenAiFake, respondOpenAi } from '../fakes/openai-fake';
import { eventually } from '../support/eventually';
import { startRedisServer, type RedisServerHandle } from '../support/redis-server';
import { postJson, startGateway, type TestGateway } from '../support/start-gateway';
import { scrape, series } from './metrics-scrape';

/**
 * The gauges /metrics reads from shared state at scrape time, with Redis as the state store:
 * a breaker opened by a refused key shows as 2 (open) for that target only, and Redis going
 * away turns model_gateway_state_store_up to 0.
 */

const MODEL = 'gpt-4o-mini';
const SPARE_MODEL = 'gpt-4o';
const SLOW_TEST_MS = 60_000;

describe('GET /metrics with Redis as the state store', () => {
  let redis: RedisServerHandle;
  let upstream: OpenAiFake;
  let gw: TestGateway;
  let redisStopped = false;

  beforeAll(async () => {
    redis = await startRedisServer();
    upstream = await OpenAiFake.start();
    gw = await startGateway(`
state: { redis_url: "${redis.url}", key_prefix: "metrics:${process.pid}:" }
providers:
  up: { type: openai, base_url: "${upstream.baseUrl}", api_key: "sk-metrics-redis-0123456789" }
  spare: { type: openai, base_url: "${upstream.baseUrl}", api_key: "sk-metrics-redis-0123456789" }
endpoints:
  - name: guarded
    kind: chat
    targets: [{ provider: up, model: ${MODEL} }]
    fallbacks: [{ provider: spare, model: ${SPARE_MODEL} }]
`);
  });
  afterAll(async () => {
    await gw?.close();
    await upstream?.close();
    if (!redisStopped) await redis?.stop();
  });

  it("shows a target's breaker open after the provider refused its key, the other closed, from Redis", async () => {
    const breakers = async () => series(await scrape(gw.url), 'model_gateway_breaker_state').map((s) => [s.labels.target, s.value]).sort();
    expect(await breakers()).toEqual([[`spare/${SPARE_MODEL}`, '0'], [`up/${MODEL}`, '0']]);
    // A 401 from the provider opens the target's breaker at once; the fallback answers.
    upstream.enqueue(respondOpenAi.error(401, 'invalid_request_error', 'bad key', 'invalid_api_key'));
    const answer = await postJson(`${gw.url}/gateway/native/v1/chat/completions`, { model: 'guarded', messages: [{ role: 'user', content: 'hi' }] });
    expect(answer.status).toBe(200);
    // The breaker's writes land after the answer: polled.
    await eventually(async () => expect(await breakers()).toEqual([[`spare/${SPARE_MODEL}`, '0'], [`up/${MODEL}`, '2']]));
    const stores = series(await scrape(gw.url), 'model_gateway_state_store_up').map((s) => [s.labels.store, s.value]);
    expect(stores).toEqual([['redis', '1']]);
  }, SLOW_TEST_MS);

  it('reports the state store down once Redis is gone, and leaves the breaker series out', async () => {
    await redis.stop();
    redisStopped = true;
    await eventually(async () => {
      const families = await scrape(gw.url);
      expect(series(families, 'model_gateway_state_store_up').map((s) => [s.labels.store, s.value])).toEqual([['redis', '0']]);
      expect(series(families, 'model_gateway_breaker_state')).toEqual([]);
    }, 20_000);
  }, SLOW_TEST_MS);
});
