import { OpenAiFake } from '../fakes/openai-fake';
import { postJson, startGateway, type TestGateway } from '../support/start-gateway';

/**
 * Per-endpoint limits (plugins/rate-limits) on the embedded store, over real HTTP:
 * requests and tokens per minute and a daily USD budget from real priced usage. A
 * refused call is a 429 in each route's own error shape, with Retry-After and the
 * x-ratelimit-* headers, and never reaches the provider.
 */

const messages = [{ role: 'user', content: 'hi' }];
let upstream: OpenAiFake;
let gw: TestGateway;
/**
 * The gateway's clock (GatewayOptions.now), which the windows and the budget period read: it
 * moves only when a test moves it, so Retry-After is exact and a minute or a day passes at once.
 */
const NOON = Date.UTC(2026, 2, 10, 12, 0, 0);
let clock = NOON;

beforeAll(async () => {
  upstream = await OpenAiFake.start();
  gw = await startGateway(`
providers:
  fake: { type: openai, base_url: "${upstream.baseUrl}" }
endpoints:
  - { name: rpm3, kind: chat, provider: fake, model: gpt-4o-mini, limits: { rpm: 3 } }
  - { name: tpm40, kind: chat, provider: fake, model: gpt-4o-mini, limits: { tpm: 40 } }
  - { name: budget, kind: chat, provider: fake, model: gpt-4o-mini, limits: { budget_usd: 0.00001 } }
  - { name: free, kind: chat, provider: fake, model: gpt-4o-mini }
`, { now: () => clock });
});

afterAll(async () => {
  await gw?.close();
  await upstream?.close();
});

const chat = (model: string) => postJson(`${gw.url}/gateway/native/v1/chat/completions`, { model, messages });

it('admits rpm requests a minute, then answers 429 with the limit headers and sends nothing upstream', async () => {
  for (let i = 0; i < 3; i++) expect((await chat('rpm3')).status).toBe(200);
  const sent = upstream.requests.length;
  const refused = await chat('rpm3');
  expect(refused.status).toBe(429);
  expect(refused.body.error).toMatchObject({ code: 'rate_limit_exceeded', type: 'rate_limit_error' });
  expect(refused.body.error.message).toContain('3 requests per minute');
  expect(refused.headers.get('retry-after')).toBe('60');
  expect(refused.headers.get('x-ratelimit-limit-requests')).toBe('3');
  expect(refused.headers.get('x-ratelimit-remaining-requests')).toBe('0');
  expect(refused.headers.get('x-ratelimit-reset-requests')).toBe('60s');
  expect(upstream.requests.length).toBe(sent);
});

it('renders the 429 in the passthrough route\'s own shape (Anthropic clients get an Anthropic error)', async () => {
  const refused = await postJson(`${gw.url}/gateway/anthropic/v1/messages`, { model: 'rpm3', max_tokens: 16, messages });
  expect(refused.status).toBe(429);
  expect(refused.body).toMatchObject({ type: 'error', error: { type: 'rate_limit_error' } });
  expect(refused.headers.get('retry-after')).not.toBeNull();
  expect(refused.headers.get('x-ratelimit-limit-requests')).toBe('3');
});

it('admits the endpoint again once the minute has passed, and not a second before', async () => {
  clock += 59_000;
  expect((await chat('rpm3')).status).toBe(429);
  clock += 1_000;
  expect((await chat('rpm3')).status).toBe(200);
});

it('counts the tokens providers report: admitted while the window has room, refused once it is full', async () => {
  // Each answer reports 18 tokens: 0 -> 18 -> 36 are admitted (36 < 40), then the window is full enough to refuse at 54.
  expect((await chat('tpm40')).status).toBe(200);
  expect((await chat('tpm40')).status).toBe(200);
  expect((await chat('tpm40')).status).toBe(200);
  const refused = await chat('tpm40');
  expect(refused.status).toBe(429);
  expect(refused.body.error.message).toContain('40 tokens per minute');
  expect(refused.headers.get('x-ratelimit-limit-tokens')).toBe('40');
  expect(refused.headers.get('x-ratelimit-remaining-tokens')).toBe('0');
});

it('spends a daily budget from the priced usage, then answers 429 budget_exceeded until UTC midnight', async () => {
  // gpt-4o-mini at the catalogue's price: one echo answer (11 in, 3 of them cached, 7 out) costs about $0.000005.
  expect((await chat('budget')).status).toBe(200);
  expect((await chat('budget')).status).toBe(200);
  const sent = upstream.requests.length;
  const refused = await chat('budget');
  expect(refused.status).toBe(429);
  expect(refused.body.error.code).toBe('budget_exceeded');
  const untilMidnight = (Date.UTC(2026, 2, 11) - clock) / 1000;
  expect(refused.headers.get('retry-after')).toBe(String(untilMidnight));
  expect(refused.body.error.message).toContain('2026-03-11T00:00:00.000Z');
  expect(upstream.requests.length).toBe(sent);
});

it('renews the daily budget at UTC midnight', async () => {
  clock = Date.UTC(2026, 2, 10, 23, 59, 59);
  expect((await chat('budget')).status).toBe(429);
  clock = Date.UTC(2026, 2, 11);
  expect((await chat('budget')).status).toBe(200);
});

it('leaves endpoints without limits alone, and refuses bad limits at load with their YAML path', async () => {
  for (let i = 0; i < 5; i++) expect((await chat('free')).status).toBe(200);
  await expect(startGateway('endpoints: [{ name: e, kind: chat, provider: mock, model: echo, limits: { rpm: 0, tpm: "x", budget_period: week } }]')).rejects.toMatchObject({
    problems: expect.arrayContaining([expect.stringMatching(/^endpoints\[0\]\.limits\.rpm: /), expect.stringMatching(/^endpoints\[0\]\.limits\.tpm: /), expect.stringMatching(/^endpoints\[0\]\.limits\.budget_period: /)]),
  });
});
