import { OpenAiFake } from '../fakes/openai-fake';
import { adminClient } from '../support/admin-client';
import { BUILTIN_PLUGINS } from '@model-gateway/distribution';
import { postJson, startGateway } from '../support/start-gateway';

/**
 * The declared plugin dependencies at a real gateway's start: a distribution whose
 * built-in list leaves out a plugin another one needs does not start, and says which
 * two; one that lists gateway-keys before admin-api starts anyway, because the loader
 * registers plugins in dependency order, not in list order.
 */

// The built-in list is the distribution's, handed to the gateway at start; each test hands over its own variant of it.
const shipped = BUILTIN_PLUGINS;

let upstream: OpenAiFake;

beforeAll(async () => {
  upstream = await OpenAiFake.start();
});

afterAll(async () => {
  await upstream?.close();
});

const config = (extra = '') => `${extra}
providers:
  fake: { type: openai, base_url: "${upstream.baseUrl}" }
endpoints:
  - { name: budget, kind: chat, provider: fake, model: gpt-4o-mini, limits: { budget_usd: 0.01 } }
`;

it('refuses to start without usage-accounting while rate-limits (with a budget configured) reads its prices', async () => {
  const builtinPlugins = shipped.filter((name) => name !== '@model-gateway/usage-accounting');
  await expect(startGateway(config(), { builtinPlugins })).rejects.toThrow('plugin "rate-limits" needs "usage-accounting", which is not loaded');
});

it('refuses to start gateway-keys without rate-limits, which enforces a key\'s own limits', async () => {
  const builtinPlugins = shipped.filter((name) => name !== '@model-gateway/rate-limits');
  await expect(startGateway(config(), { builtinPlugins })).rejects.toThrow('plugin "gateway-keys" needs "rate-limits", which is not loaded');
});

it('starts with gateway-keys listed before admin-api, and its keys work', async () => {
  const keys = '@model-gateway/gateway-keys';
  const builtinPlugins = [keys, ...shipped.filter((name) => name !== keys)];
  expect(builtinPlugins.indexOf(keys)).toBeLessThan(builtinPlugins.indexOf('@model-gateway/admin-api'));
  const gw = await startGateway(config('auth: { require_keys: true }'), { builtinPlugins });
  try {
    const created = await adminClient(gw.url).post('/api/keys', { name: 'first', endpoints: '*' });
    expect(created.status).toBe(201);
    const chat = (headers: Record<string, string>) =>
      postJson(`${gw.url}/gateway/native/v1/chat/completions`, { model: 'budget', messages: [{ role: 'user', content: 'hi' }] }, headers);
    expect((await chat({ authorization: `Bearer ${(created.body as { key: string }).key}` })).status).toBe(200);
    expect((await chat({})).status).toBe(401);
  } finally {
    await gw.close();
  }
});
