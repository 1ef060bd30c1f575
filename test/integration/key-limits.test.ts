import { findProvider } from '@pydantic/genai-prices';
import { OpenAiFake, OPENAI_USAGE } from '../fakes/openai-fake';
import { adminClient } from '../support/admin-client';
import { eventually } from '../support/eventually';
import { postJson, startGateway, type TestGateway } from '../support/start-gateway';

/**
 * A gateway key's own limits, applied by the rate-limits plugin under the key's scope
 * beside the endpoint's: requests and tokens per minute, and a USD budget spent by real
 * priced usage (the fake reports usage; gpt-4o-mini is priced by the catalogue). Every
 * refusal is a 429 in the route's shape with nothing sent upstream.
 */

const MODEL = 'gpt-4o-mini';
const messages = [{ role: 'user', content: 'hi' }];

let upstream: OpenAiFake;
let gw: TestGateway;
/** The gateway's clock (GatewayOptions.now), which the limits' windows and budget period read: still, so Retry-After is exact. */
const NOON = Date.UTC(2026, 2, 10, 12, 0, 0);

/** What one OPENAI_USAGE answer costs at the catalogue's prices (cached input at the cache-read price). */
function costOfOneCall(): number {
  const prices = findProvider({ providerId: 'openai' })!.models.find((m) => m.id === MODEL)!.prices as Record<string, number>;
  const cached = OPENAI_USAGE.prompt_tokens_details.cached_tokens;
  return ((OPENAI_USAGE.prompt_tokens - cached) * prices.input_mtok + cached * prices.cache_read_mtok + OPENAI_USAGE.completion_tokens * prices.output_mtok) / 1_000_000;
}

async function key(body: Record<string, unknown>): Promise<string> {
  const created = await adminClient(gw.url).post('/api/keys', { endpoints: '*', ...body });
  expect(created.status).toBe(201);
  return created.body.key;
}

const chat = (endpoint: string, key: string) => postJson(`${gw.url}/gateway/native/v1/chat/completions`, { model: endpoint, messages }, { authorization: `Bearer ${key}` });

beforeAll(async () => {
  upstream = await OpenAiFake.start();
  gw = await startGateway(`
auth: { require_keys: true }
providers:
  oa: { type: openai, base_url: "${upstream.baseUrl}", api_key: "sk-upstream-limits-1" }
endpoints:
  - { name: priced, kind: chat, provider: oa, model: ${MODEL} }
  - { name: shared, kind: chat, provider: oa, model: ${MODEL}, limits: { rpm: 2 } }
  - { name: shared-full, kind: chat, provider: oa, model: ${MODEL}, limits: { rpm: 2 } }
`, { now: () => NOON });
});

afterAll(async () => {
  await gw?.close();
  await upstream?.close();
});

it("refuses a key's calls over its requests per minute, with the rate-limit headers, and not another key's", async () => {
  const limited = await key({ name: 'three a minute', rpm: 3 });
  const free = await key({ name: 'unlimited' });
  for (let i = 0; i < 3; i++) expect((await chat('priced', limited)).status).toBe(200);
  upstream.reset();
  const refused = await chat('priced', limited);
  expect(refused.status).toBe(429);
  expect(refused.body.error.code).toBe('rate_limit_exceeded');
  expect(refused.body.error.message).toContain('gateway key "three a minute"');
  expect(refused.headers.get('x-ratelimit-limit-requests')).toBe('3');
  expect(refused.headers.get('x-ratelimit-remaining-requests')).toBe('0');
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(upstream.requests).toHaveLength(0);
  expect((await chat('priced', free)).status).toBe(200);
});

it("takes nothing from a key's window for a call its endpoint refuses: a call's limits are all or nothing", async () => {
  const thrifty = await key({ name: 'thrifty', rpm: 3 });
  const other = await key({ name: 'fills shared' });
  // The endpoint's window (2 a minute) is full before thrifty calls it.
  expect((await chat('shared-full', other)).status).toBe(200);
  expect((await chat('shared-full', other)).status).toBe(200);
  for (let i = 0; i < 4; i++) expect((await chat('shared-full', thrifty)).status).toBe(429);
  // Had the refused calls counted, the key's 3 a minute would be spent.
  for (let i = 0; i < 3; i++) expect((await chat('priced', thrifty)).status).toBe(200);
  expect((await chat('priced', thrifty)).status).toBe(429);
});

it("refuses a key over its own limit before it takes from the endpoint's window, which every key shares", async () => {
  const greedy = await key({ name: 'greedy', rpm: 1 });
  const polite = await key({ name: 'polite' });
  expect((await chat('shared', greedy)).status).toBe(200);
  for (let i = 0; i < 5; i++) expect((await chat('shared', greedy)).status).toBe(429);
  // The endpoint admits 2 a minute: greedy's refused calls did not use up the second.
  expect((await chat('shared', polite)).status).toBe(200);
  const full = await chat('shared', polite);
  expect(full.status).toBe(429);
  expect(full.body.error.message).toContain('endpoint "shared"');
});

it("counts the tokens a key's calls used, as the provider reported them", async () => {
  const tokens = await key({ name: 'twenty tokens', tpm: OPENAI_USAGE.total_tokens + 2 });
  expect((await chat('priced', tokens)).status).toBe(200);
  // Room is left after one call (18 of 20), so the second is admitted; its tokens fill the window.
  expect((await chat('priced', tokens)).status).toBe(200);
  await eventually(async () => {
    const refused = await chat('priced', tokens);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-ratelimit-limit-tokens')).toBe(String(OPENAI_USAGE.total_tokens + 2));
  });
});

it("spends a key's budget with the cost of real usage, then refuses with budget_exceeded in each route's shape", async () => {
  const budget = await key({ name: 'small budget', budget_usd: costOfOneCall() * 1.5 });
  expect((await chat('priced', budget)).status).toBe(200);
  expect((await chat('priced', budget)).status).toBe(200);
  upstream.reset();
  const refused = await eventually(async () => {
    const response = await chat('priced', budget);
    expect(response.status).toBe(429);
    return response;
  });
  expect(refused.body.error.code).toBe('budget_exceeded');
  expect(refused.body.error.message).toContain('daily budget of gateway key "small budget"');
  expect(refused.headers.get('retry-after')).toBe(String((Date.UTC(2026, 2, 11) - NOON) / 1000));
  const anthropic = await postJson(`${gw.url}/gateway/anthropic/v1/messages`, { model: 'priced', max_tokens: 5, messages }, { 'x-api-key': budget });
  expect(anthropic.status).toBe(429);
  expect(anthropic.body).toMatchObject({ type: 'error', error: { type: 'rate_limit_error' } });
  expect(anthropic.headers.get('x-gateway-error-code')).toBe('budget_exceeded');
  expect(upstream.requests).toHaveLength(0);
  // Another key's budget is its own.
  expect((await chat('priced', await key({ name: 'fresh budget', budget_usd: 1 }))).status).toBe(200);
});
