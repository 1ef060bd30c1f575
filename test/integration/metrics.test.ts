import { OpenAiFake, respondOpenAi, OPENAI_USAGE } from '../fakes/openai-fake';
import { postJson, readSseData, startGateway, type TestGateway } from '../support/start-gateway';
import { scrape, series, sumOf, type Family } from './metrics-scrape';

/**
 * GET /metrics end to end: a known mix of calls through a real gateway against a fake OpenAI
 * upstream (chat, streams, embeddings, upstream errors, a fallback, a rate-limit refusal,
 * passthrough calls relayed and translated, 50 bogus endpoint names), then one scrape parsed
 * with a real Prometheus text parser and compared with what was served and with GET /api/usage.
 */

const MODEL = 'gpt-4o-mini';
const FALLBACK_MODEL = 'gpt-4o';
const EMBED_MODEL = 'text-embedding-3-small';
const EMBED_INPUT_TOKENS = 5;
const KEY = 'sk-metrics-test-0123456789abcdef';
const SLOW_TEST_MS = 60_000;

function config(upstreamUrl: string): string {
  return `
providers:
  up: { type: openai, base_url: "${upstreamUrl}", api_key: "${KEY}" }
  spare: { type: openai, base_url: "${upstreamUrl}", api_key: "${KEY}" }
endpoints:
  - { name: talk, kind: chat, provider: up, model: ${MODEL} }
  - { name: vectors, kind: embeddings, provider: up, model: ${EMBED_MODEL} }
  - name: sturdy
    kind: chat
    targets: [{ provider: up, model: ${MODEL} }]
    fallbacks: [{ provider: spare, model: ${FALLBACK_MODEL} }]
  - { name: limited, kind: chat, provider: up, model: ${MODEL}, limits: { rpm: 1 } }
`;
}

const messages = [{ role: 'user', content: 'count me' }];

async function streamChat(gwUrl: string, endpoint: string): Promise<void> {
  const response = await fetch(`${gwUrl}/gateway/native/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: endpoint, messages, stream: true }),
  });
  expect(response.status).toBe(200);
  const events = await readSseData(response);
  expect(events[events.length - 1]).toBe('[DONE]');
}

/** The request counter's value per `endpoint route status`. */
function requestCounts(families: Family[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const s of series(families, 'model_gateway_requests_total')) counts[`${s.labels.endpoint} ${s.labels.route} ${s.labels.status}`] = Number(s.value);
  return counts;
}

describe('GET /metrics', () => {
  let upstream: OpenAiFake;
  let gw: TestGateway;

  beforeAll(async () => {
    upstream = await OpenAiFake.start();
    gw = await startGateway(config(upstream.baseUrl));
  });
  afterAll(async () => {
    await gw.close();
    await upstream.close();
  });

  it('counts a known mix of calls exactly, in bounded series, matching /api/usage', async () => {
    const chat = (endpoint: string) => postJson(`${gw.url}/gateway/native/v1/chat/completions`, { model: endpoint, messages });
    expect((await chat('talk')).status).toBe(200);
    expect((await chat('talk')).status).toBe(200);
    await streamChat(gw.url, 'talk');
    await streamChat(gw.url, 'talk');
    upstream.enqueue(respondOpenAi.error(400, 'invalid_request_error', 'bad input', 'invalid_value'));
    expect((await chat('talk')).status).toBe(400);
    expect((await postJson(`${gw.url}/gateway/native/v1/embeddings`, { model: 'vectors', input: ['a', 'b'] })).status).toBe(200);
    // The first target fails with a 5xx; the fallback answers: two attempts, one fallback.
    upstream.enqueue(respondOpenAi.error(500, 'server_error', 'upstream broke'));
    expect((await chat('sturdy')).status).toBe(200);
    expect((await chat('limited')).status).toBe(200);
    const refused = await chat('limited');
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limit_exceeded');
    // Passthrough: relayed to an OpenAI-format provider, and translated from Anthropic's format.
    expect((await postJson(`${gw.url}/gateway/openai/v1/chat/completions`, { model: 'talk', messages })).status).toBe(200);
    expect((await postJson(`${gw.url}/gateway/anthropic/v1/messages`, { model: 'talk', max_tokens: 32, messages })).status).toBe(200);

    // Bogus endpoint names: the first makes the "unknown" series, the other 49 add none.
    expect((await chat('bogus-endpoint-0')).status).toBe(404);
    const before = await scrape(gw.url);
    for (let i = 1; i < 50; i++) expect((await chat(`bogus-endpoint-${i}`)).status).toBe(404);
    const families = await scrape(gw.url);
    expect(families.reduce((n, f) => n + f.metrics.length, 0)).toBe(before.reduce((n, f) => n + f.metrics.length, 0));
    for (const family of families) {
      for (const s of family.metrics) {
        for (const value of Object.values(s.labels ?? {})) {
          expect(value).not.toMatch(/bogus|sk-|count me|req_/);
        }
      }
    }

    expect(requestCounts(families)).toEqual({
      'talk openai-chat 200': 4,
      'talk openai-chat 400': 1,
      'vectors openai-chat 200': 1,
      'sturdy openai-chat 200': 1,
      'limited openai-chat 200': 1,
      'limited openai-chat 429': 1,
      'talk openai-passthrough 200': 1,
      'talk anthropic-passthrough 200': 1,
      'unknown openai-chat 404': 50,
    });

    // One duration observation per upstream attempt: 10 calls reached the upstream, one of them twice.
    const durations = series(families, 'gen_ai_client_operation_duration_seconds');
    expect(sumOf(durations, (s) => Number(s.count))).toBe(11);
    const failed = durations.filter((s) => s.labels.error_type !== undefined);
    expect(failed.map((s) => [s.labels.endpoint, s.labels.gen_ai_request_model, s.count]).sort()).toEqual([
      ['sturdy', MODEL, '1'],
      ['talk', MODEL, '1'],
    ]);
    expect(failed.every((s) => s.labels.gen_ai_provider_name === 'openai' && s.labels.error_type !== '')).toBe(true);
    const byModel = (model: string) => durations.filter((s) => s.labels.gen_ai_request_model === model && s.labels.error_type === undefined);
    expect(byModel(FALLBACK_MODEL).map((s) => [s.labels.endpoint, s.labels.gen_ai_operation_name, s.count])).toEqual([['sturdy', 'chat', '1']]);
    expect(byModel(EMBED_MODEL).map((s) => [s.labels.endpoint, s.labels.gen_ai_operation_name, s.count])).toEqual([['vectors', 'embeddings', '1']]);

    // Tokens: every answered chat attempt reported OPENAI_USAGE, the embeddings call its own input count.
    const tokens = series(families, 'gen_ai_client_token_usage');
    const tokenSum = (type: string) => sumOf(tokens.filter((s) => s.labels.gen_ai_token_type === type), (s) => Number(s.sum));
    const answeredChats = 8;
    expect(tokenSum('input')).toBe(answeredChats * OPENAI_USAGE.prompt_tokens + EMBED_INPUT_TOKENS);
    expect(tokenSum('output')).toBe(answeredChats * OPENAI_USAGE.completion_tokens);

    // Time to first token: the two streamed calls.
    expect(sumOf(series(families, 'gen_ai_server_time_to_first_token_seconds'), (s) => Number(s.count))).toBe(2);

    expect(series(families, 'model_gateway_fallbacks_total').map((s) => [s.labels.endpoint, s.value])).toEqual([['sturdy', '1']]);
    expect(series(families, 'model_gateway_refusals_total').map((s) => [s.labels.endpoint, s.labels.reason, s.value])).toEqual([['limited', 'rate_limit_exceeded', '1']]);
    expect(series(families, 'model_gateway_requests_in_flight').map((s) => s.value)).toEqual(['0']);
    expect(series(families, 'model_gateway_state_store_up').map((s) => [s.labels.store, s.value])).toEqual([['embedded', '1']]);
    // Breakers exist on endpoints with more than one target: sturdy's two, both closed after one failure.
    expect(series(families, 'model_gateway_breaker_state').map((s) => [s.labels.endpoint, s.labels.target, s.value]).sort()).toEqual([
      ['sturdy', `spare/${FALLBACK_MODEL}`, '0'],
      ['sturdy', `up/${MODEL}`, '0'],
    ]);

    // The same calls as usage accounting counted them: attempts, tokens and cost.
    const usage = (await fetch(`${gw.url}/api/usage?combined=true&bucket=all`).then((r) => r.json())) as { data: Array<Record<string, number>> };
    const [row] = usage.data;
    expect(row.requests).toBe(11);
    expect(row.prompt_tokens).toBe(tokenSum('input'));
    expect(row.completion_tokens).toBe(tokenSum('output'));
    const cost = sumOf(series(families, 'model_gateway_cost_usd_total'), (s) => Number(s.value));
    expect(cost).toBeGreaterThan(0);
    expect(cost).toBeCloseTo(row.cost_usd, 9);
  }, SLOW_TEST_MS);

  it('is an operator route: the text exposition format, and not itself counted', async () => {
    const response = await fetch(`${gw.url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const first = requestCounts(await scrape(gw.url));
    expect(requestCounts(await scrape(gw.url))).toEqual(first);
  });
});

describe('GET /metrics access', () => {
  const TOKEN = 'admin-token-for-metrics-7f1e';
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await startGateway(`admin: { token: "${TOKEN}" }\nendpoints: []\n`);
  });
  afterAll(() => gw.close());

  it('refuses what /api/usage refuses: no token or a wrong one; takes the admin token as Bearer', async () => {
    for (const path of ['/metrics', '/api/usage']) {
      expect((await fetch(`${gw.url}${path}`)).status).toBe(401);
      expect((await fetch(`${gw.url}${path}`, { headers: { authorization: `Bearer ${TOKEN}x` } })).status).toBe(401);
      expect((await fetch(`${gw.url}${path}`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
    }
  });
});

describe('metrics switched off', () => {
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await startGateway('metrics: { enabled: false }\nproviders: { m: { type: mock } }\nendpoints: [{ name: e, kind: chat, provider: m, model: mock-model }]\n');
  });
  afterAll(() => gw.close());

  it('serves no /metrics and still answers calls', async () => {
    expect((await postJson(`${gw.url}/gateway/native/v1/chat/completions`, { model: 'e', messages })).status).toBe(200);
    expect((await fetch(`${gw.url}/metrics`)).status).toBe(404);
  });
});
