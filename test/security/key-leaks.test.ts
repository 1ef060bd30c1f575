import { startGateway, type TestGateway } from '../support/start-gateway';
import { callRoute, GEMINI_JSON_ARRAY_ROUTE, gatewayConfig, RELAYED_ROUTES, ROUTES, whatTheClientReads, type ClientAnswer } from './gateway-routes';
import { errorBody, HostileUpstream, jsonArrayWithError, jsonEscaped, partlyEscaped, streamWithError, successBody } from './hostile-upstream';

/** The connection's key: the attacks below make the upstream hand it back every way it can. */
const KEY = 'sk-hostile-0123456789abcdef';

/** A client's own credentials, in every header a credential travels in. */
const CLIENT_SECRET = 'client-secret-9876543210';
const CLIENT_CREDENTIALS = {
  authorization: `Bearer ${CLIENT_SECRET}`,
  'x-api-key': CLIENT_SECRET,
  'api-key': CLIENT_SECRET,
  'x-goog-api-key': CLIENT_SECRET,
  'x-amz-security-token': CLIENT_SECRET,
};

const SPELLINGS: ReadonlyArray<[string, string]> = [
  ['as is', KEY],
  ['JSON-escaped', jsonEscaped(KEY)],
  ['partly JSON-escaped', partlyEscaped(KEY)],
];

/** Every string a JSON parser hands the client, member names included. */
function decodedStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(decodedStrings);
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => [key, ...decodedStrings(item)]);
  return [];
}

/**
 * Attacks reported against the gateway: a provider (or whatever answers at its URL)
 * that writes the connection's key into what the client gets back must never get it
 * to the client, whichever route the client came in on and however the key is spelled.
 * Every assertion reads the answer as the client's parsers decode it.
 */
describe('security: provider keys never reach a client', () => {
  let upstream: HostileUpstream;
  let gw: TestGateway;

  beforeAll(async () => {
    upstream = await HostileUpstream.start();
    gw = await startGateway(gatewayConfig(upstream.url, KEY));
  });
  afterAll(async () => {
    await gw.close();
    await upstream.close();
  });
  beforeEach(() => upstream.reset());

  function expectNoKey(answer: ClientAnswer): void {
    expect(upstream.seen.length).toBeGreaterThan(0);
    for (const text of whatTheClientReads(answer)) expect(text).not.toContain(KEY);
    expect(gw.logs.join('')).not.toContain(KEY);
  }

  describe.each(SPELLINGS)('the key %s in a provider error body', (_spelling, spelled) => {
    beforeEach(() => {
      upstream.answer = (seen, res) => void res.writeHead(400, { 'content-type': 'application/json' }).end(errorBody(seen.format, spelled));
    });

    it.each(ROUTES.flatMap((route) => [[`${route.name}`, route, false], [`${route.name}, streamed`, route, true]] as const))('%s', async (_name, route, stream) => {
      const answer = await callRoute(gw.url, route, stream);
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expectNoKey(answer);
      // The provider's message still reaches the client, the key in it redacted.
      expect(whatTheClientReads(answer).join('\n')).toContain('[redacted]');
    });
  });

  describe.each(SPELLINGS)('the key %s in an error event, split across two writes, after the stream began', (_spelling, spelled) => {
    beforeEach(() => {
      upstream.answer = async (seen, res) => {
        const { first, errorParts } = streamWithError(seen.format, spelled);
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(first);
        // Flushed before the rest is written, so the gateway reads the key in two pieces.
        await new Promise<void>((resolve) => res.write(errorParts[0], () => resolve()));
        res.end(errorParts[1]);
      };
    });

    it.each(ROUTES.map((route) => [route.name, route] as const))('%s', async (_name, route) => {
      const answer = await callRoute(gw.url, route, true);
      expect(answer.status).toBe(200);
      expectNoKey(answer);
    });
  });

  describe.each(SPELLINGS)('the key %s in an error element of a streamed JSON array, split across two writes', (_spelling, spelled) => {
    beforeEach(() => {
      upstream.answer = async (_seen, res) => {
        const { first, errorParts, last } = jsonArrayWithError(spelled);
        res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
        res.write(first);
        // Flushed before the rest is written, so the gateway reads the key in two pieces.
        await new Promise<void>((resolve) => res.write(errorParts[0], () => resolve()));
        res.write(errorParts[1]);
        res.end(last);
      };
    });

    it(GEMINI_JSON_ARRAY_ROUTE.name, async () => {
      const answer = await callRoute(gw.url, GEMINI_JSON_ARRAY_ROUTE, true);
      expect(answer.status).toBe(200);
      expect(upstream.seen[0]).toMatchObject({ format: 'gemini', stream: true });
      const elements = JSON.parse(answer.text) as unknown[];
      expect(elements).toHaveLength(2);
      for (const text of decodedStrings(elements)) expect(text).not.toContain(KEY);
      expectNoKey(answer);
      // The first element is relayed as it came, and the error still reaches the client, the key in it redacted.
      expect(answer.text.startsWith(jsonArrayWithError(spelled).first)).toBe(true);
      expect((elements[1] as { error: { message: string } }).error.message).toBe('API key not valid: [redacted]');
    });
  });

  describe('the key in response headers', () => {
    beforeEach(() => {
      upstream.answer = (seen, res) => {
        res.writeHead(200, {
          'content-type': seen.stream ? 'text/event-stream' : 'application/json',
          // Allow-listed names, scrubbed; the rest never relayed.
          'x-request-id': `req-${KEY}`,
          'request-id': KEY,
          'x-ratelimit-remaining-requests': KEY,
          'anthropic-ratelimit-tokens-remaining': KEY,
          'x-echo-key': KEY,
          'x-goog-api-key': KEY,
          'set-cookie': `session=${KEY}`,
        });
        res.end(successBody(seen.format, seen.stream));
      };
    });

    it.each(ROUTES.flatMap((route) => [[`${route.name}`, route, false], [`${route.name}, streamed`, route, true]] as const))('%s', async (_name, route, stream) => {
      const answer = await callRoute(gw.url, route, stream);
      expect(answer.status).toBe(200);
      expectNoKey(answer);
      expect(answer.headers.get('x-echo-key')).toBeNull();
      expect(answer.headers.get('set-cookie')).toBeNull();
    });

    it.each(RELAYED_ROUTES.map((route) => [route.name, route] as const))("%s: relays the provider's request-id and rate-limit headers, scrubbed", async (_name, route) => {
      const answer = await callRoute(gw.url, route, false);
      const format = upstream.seen[0].format;
      if (format === 'openai') {
        expect(answer.headers.get('x-ratelimit-remaining-requests')).toBe('[redacted]');
        expect(answer.headers.get('x-request-id')).toBe('req-[redacted]');
      }
      if (format === 'anthropic') {
        expect(answer.headers.get('anthropic-ratelimit-tokens-remaining')).toBe('[redacted]');
        expect(answer.headers.get('request-id')).toBe('[redacted]');
      }
      if (format === 'gemini') expect(answer.headers.get('request-id')).toBeNull();
    });
  });
});

describe('security: client credentials never reach a provider', () => {
  let upstream: HostileUpstream;
  let gw: TestGateway;

  beforeAll(async () => {
    upstream = await HostileUpstream.start();
    upstream.answer = (seen, res) => void res.writeHead(200, { 'content-type': seen.stream ? 'text/event-stream' : 'application/json' }).end(successBody(seen.format, seen.stream));
    gw = await startGateway(gatewayConfig(upstream.url, KEY));
  });
  afterAll(async () => {
    await gw.close();
    await upstream.close();
  });
  beforeEach(() => upstream.reset());

  it.each(ROUTES.flatMap((route) => [[`${route.name}`, route, false], [`${route.name}, streamed`, route, true]] as const))('%s', async (_name, route, stream) => {
    const answer = await callRoute(gw.url, route, stream, CLIENT_CREDENTIALS);
    expect(answer.status).toBe(200);
    expect(upstream.seen).toHaveLength(1);
    const sent = upstream.seen[0].headers;
    expect(sent['x-amz-security-token']).toBeUndefined();
    expect(JSON.stringify(sent)).not.toContain(CLIENT_SECRET);
    // The connection's own key went instead.
    expect(JSON.stringify(sent)).toContain(KEY);
  });
});

describe('security: custom header values (credentials in practice) never reach a client', () => {
  const HEADER_SECRET = 'hdr-secret-0123456789';
  let upstream: HostileUpstream;
  let gw: TestGateway;

  beforeAll(async () => {
    upstream = await HostileUpstream.start();
    // The same connections, each also sending a custom credential header the upstream will echo.
    const config = gatewayConfig(upstream.url, KEY).replaceAll(`api_key: "${KEY}" }`, `api_key: "${KEY}", headers: { x-custom-auth: "${HEADER_SECRET}" } }`);
    gw = await startGateway(config);
    upstream.answer = (seen, res) => void res.writeHead(401, { 'content-type': 'application/json' }).end(errorBody(seen.format, jsonEscaped(HEADER_SECRET)));
  });
  afterAll(async () => {
    await gw.close();
    await upstream.close();
  });
  beforeEach(() => upstream.reset());

  it.each(ROUTES.map((route) => [route.name, route] as const))('%s', async (_name, route) => {
    const answer = await callRoute(gw.url, route, false);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    // The header went to the provider, and its echo came back redacted.
    expect(upstream.seen[0].headers['x-custom-auth']).toBe(HEADER_SECRET);
    for (const text of whatTheClientReads(answer)) expect(text).not.toContain(HEADER_SECRET);
    expect(gw.logs.join('')).not.toContain(HEADER_SECRET);
  });
});
