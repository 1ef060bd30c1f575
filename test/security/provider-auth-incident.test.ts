import { OpenAiFake, respondOpenAi } from '../fakes/openai-fake';
import { startGateway, type TestGateway } from '../support/start-gateway';

/**
 * A provider refusing the gateway's own key (revoked, expired) is an incident: the gateway
 * logs one warning per connection per minute naming the connection, the provider's status
 * and the endpoint, on the unified routes and on relayed passthrough calls alike. The
 * providers here echo the key in their error message, as some do; no log line may carry
 * it, in any string field once decoded. The gateway's clock is injected, so a minute
 * passes without waiting.
 */

const KEY_401 = 'sk-revoked-0123456789abcdefREVOKED';
const KEY_403 = 'sk-forbidden-abcdef0123456789FORBIDDEN';
const INCIDENT = "provider refused the gateway's credential";

let revoked: OpenAiFake;
let forbidden: OpenAiFake;
let gw: TestGateway;
let clock = 1_900_000_000_000;

beforeAll(async () => {
  revoked = await OpenAiFake.start({ script: () => respondOpenAi.error(401, 'invalid_request_error', `Incorrect API key provided: ${KEY_401}. You can find your API key at https://example.invalid.`, 'invalid_api_key') });
  forbidden = await OpenAiFake.start({ script: () => respondOpenAi.error(403, 'permission_error', `Key ${KEY_403} may not use this model`) });
  gw = await startGateway(
    `
providers:
  revoked: { type: openai, base_url: "${revoked.baseUrl}", api_key: "${KEY_401}" }
  forbidden: { type: openai, base_url: "${forbidden.baseUrl}", api_key: "${KEY_403}" }
endpoints:
  - { name: chat-revoked, kind: chat, provider: revoked, model: gpt-4o-mini }
  - { name: chat-forbidden, kind: chat, provider: forbidden, model: gpt-4o-mini }
`,
    { now: () => clock },
  );
});

afterAll(async () => {
  await gw?.close();
  await revoked?.close();
  await forbidden?.close();
});

const unified = (endpoint: string) =>
  fetch(`${gw.url}/gateway/native/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: endpoint, messages: [{ role: 'user', content: 'hi' }] }) });
const relayed = (endpoint: string) =>
  fetch(`${gw.url}/gateway/openai/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: endpoint, messages: [{ role: 'user', content: 'hi' }] }) });

/** Every log line, decoded. */
const lines = () => gw.logs.flatMap((text) => text.split('\n').filter(Boolean)).map((line) => JSON.parse(line) as Record<string, unknown>);
const incidents = (connection: string) => lines().filter((line) => line.msg === INCIDENT && line.connection === connection);

/** Every string anywhere in a decoded value (keys and values), so an escaped key cannot hide. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [k, ...strings(v)]);
  return [];
}

it('five refused calls on a unified route: exactly one warning naming the connection, status and endpoint', async () => {
  for (let i = 0; i < 5; i++) expect((await unified('chat-revoked')).status).toBe(502);
  expect(revoked.requests).toHaveLength(5);
  const found = incidents('revoked');
  expect(found).toHaveLength(1);
  expect(found[0]).toMatchObject({ level: 40, connection: 'revoked', status: 401, endpoint: 'chat-revoked' });
});

it('five refused calls relayed through a passthrough route: one warning for that connection (403)', async () => {
  for (let i = 0; i < 5; i++) expect((await relayed('chat-forbidden')).status).toBe(403);
  expect(forbidden.requests).toHaveLength(5);
  const found = incidents('forbidden');
  expect(found).toHaveLength(1);
  expect(found[0]).toMatchObject({ level: 40, connection: 'forbidden', status: 403, endpoint: 'chat-forbidden' });
  expect(incidents('revoked')).toHaveLength(1);
});

it('once a minute has passed on the gateway clock, the next refusal is logged again', async () => {
  clock += 59_999;
  await unified('chat-revoked');
  await relayed('chat-revoked');
  expect(incidents('revoked')).toHaveLength(1);
  clock += 1;
  for (let i = 0; i < 3; i++) await unified('chat-revoked');
  expect(incidents('revoked')).toHaveLength(2);
  expect(incidents('forbidden')).toHaveLength(1);
});

it('no log line carries either key, or the providers’ messages that echo them', () => {
  expect(lines().length).toBeGreaterThan(0);
  for (const line of lines()) {
    for (const text of strings(line)) {
      expect(text).not.toContain(KEY_401);
      expect(text).not.toContain(KEY_403);
      expect(text).not.toContain('REVOKED');
      expect(text).not.toContain('FORBIDDEN');
    }
  }
});
