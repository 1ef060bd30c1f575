import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { MAX_HOPS } from '@model-gateway/core/testing';
import { OpenAiFake } from '../fakes/openai-fake';
import { adminClient } from '../support/admin-client';
import { postJson, startGateway, type TestGateway } from '../support/start-gateway';

/**
 * A plain HTTP forwarder in front of a gateway, so a connection can name an address known
 * before the gateway starts: it counts the requests that pass and the hop count each carries.
 */
class CountingForwarder {
  readonly seen: Array<{ path: string; hops: string | undefined }> = [];
  /** Where requests go, e.g. a gateway's URL; set once that gateway listens. */
  target = '';

  private constructor(private readonly server: http.Server) {}

  static async start(): Promise<CountingForwarder> {
    const server = http.createServer();
    const forwarder = new CountingForwarder(server);
    server.on('request', (req, res) => forwarder.forward(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return forwarder;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private forward(req: http.IncomingMessage, res: http.ServerResponse): void {
    const hops = req.headers['x-gateway-hops'];
    this.seen.push({ path: req.url ?? '', hops: Array.isArray(hops) ? hops.join(',') : hops });
    const target = new URL(req.url ?? '/', this.target);
    const upstream = http.request(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  }
}

const chat = (gw: TestGateway, route: 'native' | 'openai', model: string, headers: Record<string, string> = {}) =>
  postJson(`${gw.url}/gateway/${route}/v1/chat/completions`, { model, messages: [{ role: 'user', content: 'hi' }] }, headers);

/**
 * An endpoint whose connection leads back to the gateway (directly, or through another
 * gateway) used to call itself hundreds of levels deep until the deadline. Every upstream
 * request now carries x-gateway-hops, and a gateway refuses a request that has already
 * passed through MAX_HOPS gateways: the client gets 508 loop_detected after a bounded
 * number of requests, on unified and passthrough routes alike.
 */
describe('a gateway that calls itself', () => {
  let forwarder: CountingForwarder;
  let gw: TestGateway;
  beforeAll(async () => {
    forwarder = await CountingForwarder.start();
    gw = await startGateway(`
providers:
  unified-back: { type: openai, base_url: "${forwarder.url}/gateway/native/v1", api_key: sk-loop-0123456789 }
  relay-back: { type: openai, base_url: "${forwarder.url}/gateway/openai/v1", api_key: sk-loop-0123456789 }
endpoints:
  - { name: unified-loop, kind: chat, provider: unified-back, model: unified-loop }
  - { name: relay-loop, kind: chat, provider: relay-back, model: relay-loop }
`);
    forwarder.target = gw.url;
  });
  afterAll(async () => {
    await gw.close();
    await forwarder.close();
  });
  beforeEach(() => void (forwarder.seen.length = 0));

  const expectedHops = Array.from({ length: MAX_HOPS }, (_, i) => String(i + 1));

  it('unified route: 508 loop_detected after MAX_HOPS calls to itself, each with one more hop', async () => {
    const answer = await chat(gw, 'native', 'unified-loop');
    expect(answer.status).toBe(508);
    expect(answer.body.error).toMatchObject({ code: 'loop_detected' });
    expect(forwarder.seen.map((r) => r.hops)).toEqual(expectedHops);
    expect(forwarder.seen.every((r) => r.path === '/gateway/native/v1/chat/completions')).toBe(true);
  });

  it('passthrough route (relayed through http-proxy-3 at every hop): the same bound', async () => {
    const answer = await chat(gw, 'openai', 'relay-loop');
    expect(answer.status).toBe(508);
    expect(answer.text).toContain('loop_detected');
    expect(forwarder.seen.map((r) => r.hops)).toEqual(expectedHops);
    expect(forwarder.seen.every((r) => r.path === '/gateway/openai/v1/chat/completions')).toBe(true);
  });

  it('routes of other formats (translated to the looping connection) answer 508 in their own error shape', async () => {
    const anthropic = await postJson(`${gw.url}/gateway/anthropic/v1/messages`, { model: 'unified-loop', max_tokens: 5, messages: [{ role: 'user', content: 'hi' }] });
    expect(anthropic.status).toBe(508);
    expect(anthropic.body).toMatchObject({ type: 'error', error: { type: 'api_error' } });
    const gemini = await postJson(`${gw.url}/gateway/gemini/v1beta/models/unified-loop:generateContent`, { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] });
    expect(gemini.status).toBe(508);
    expect(gemini.body.error).toMatchObject({ code: 508 });
    expect(gemini.headers.get('x-gateway-error-code')).toBe('loop_detected');
    expect(forwarder.seen).toHaveLength(2 * MAX_HOPS);
  });

  it('a streamed call is refused the same way, before any byte is streamed', async () => {
    const answer = await postJson(`${gw.url}/gateway/native/v1/chat/completions`, { model: 'unified-loop', stream: true, messages: [{ role: 'user', content: 'hi' }] });
    expect(answer.status).toBe(508);
    expect(forwarder.seen).toHaveLength(MAX_HOPS);
  });

  it('a client cannot lower the count: what it claims is where counting starts', async () => {
    const answer = await chat(gw, 'native', 'unified-loop', { 'x-gateway-hops': '2' });
    expect(answer.status).toBe(508);
    expect(forwarder.seen.map((r) => r.hops)).toEqual(expectedHops.slice(2));
    const claimsZero = await chat(gw, 'openai', 'relay-loop', { 'x-gateway-hops': '0' });
    expect(claimsZero.status).toBe(508);
    expect(forwarder.seen).toHaveLength(2 + MAX_HOPS);
  });

  it('a client at the limit, or with a malformed count, is refused before anything is sent', async () => {
    const atLimit = await chat(gw, 'native', 'unified-loop', { 'x-gateway-hops': String(MAX_HOPS) });
    expect(atLimit.status).toBe(508);
    const malformed = await chat(gw, 'openai', 'relay-loop', { 'x-gateway-hops': '-1' });
    expect(malformed.status).toBe(400);
    expect(malformed.text).toContain('x-gateway-hops');
    expect(forwarder.seen).toHaveLength(0);
  });
});

describe('two gateways pointing at each other', () => {
  const forwarders: CountingForwarder[] = [];
  const gateways: TestGateway[] = [];
  beforeAll(async () => {
    forwarders.push(await CountingForwarder.start(), await CountingForwarder.start());
    // Gateway 0 calls gateway 1 through forwarder 1, and gateway 1 calls gateway 0 through forwarder 0.
    for (const other of [forwarders[1], forwarders[0]]) {
      gateways.push(await startGateway(`
providers:
  other: { type: openai, base_url: "${other.url}/gateway/openai/v1", api_key: sk-loop-0123456789 }
endpoints:
  - { name: ping, kind: chat, provider: other, model: ping }
`));
    }
    forwarders[0].target = gateways[0].url;
    forwarders[1].target = gateways[1].url;
  });
  afterAll(async () => {
    await Promise.all(gateways.map((g) => g.close()));
    await Promise.all(forwarders.map((f) => f.close()));
  });

  it.each(['native', 'openai'] as const)('%s route: 508 loop_detected; the two together saw MAX_HOPS calls', async (route) => {
    for (const forwarder of forwarders) forwarder.seen.length = 0;
    const answer = await chat(gateways[0], route, 'ping');
    expect(answer.status).toBe(508);
    expect(answer.text).toContain('loop_detected');
    // Gateway 1 received hops 1 and 3, gateway 0 hops 2 and 4 (refused).
    expect(forwarders[1].seen.map((r) => r.hops)).toEqual(['1', '3']);
    expect(forwarders[0].seen.map((r) => r.hops)).toEqual(['2', '4']);
  });
});

describe('every upstream request carries the hop count, set by the gateway over the client\'s', () => {
  let upstream: OpenAiFake;
  let gw: TestGateway;
  beforeAll(async () => {
    upstream = await OpenAiFake.start();
    gw = await startGateway(`
providers:
  fake: { type: openai, base_url: "${upstream.baseUrl}", api_key: sk-fake-0123456789 }
endpoints:
  - { name: plain, kind: chat, provider: fake, model: gpt-4o-mini }
`);
  });
  afterAll(async () => {
    await gw.close();
    await upstream.close();
  });
  beforeEach(() => upstream.reset());

  it.each([
    ['native', undefined, '1'],
    ['native', '2', '3'],
    ['openai', undefined, '1'],
    ['openai', '0', '1'],
    ['openai', '2', '3'],
  ] as const)('%s route, client sent %p: the provider sees %p', async (route, sent, seen) => {
    const answer = await chat(gw, route, 'plain', sent === undefined ? {} : { 'x-gateway-hops': sent });
    expect(answer.status).toBe(200);
    expect(upstream.requests[0].headers['x-gateway-hops']).toBe(seen);
  });

  it('a connection test sends it too', async () => {
    const tested = await adminClient(gw.url).post('/api/connections/fake/test', { model: 'gpt-4o-mini' });
    expect(tested.body).toMatchObject({ ok: true });
    expect(upstream.requests[0].headers['x-gateway-hops']).toBe('1');
  });
});

describe('a connection created through the admin API at the gateway\'s own address', () => {
  const TOKEN = 'admin-token-0123456789';
  let upstream: OpenAiFake;
  beforeAll(async () => {
    upstream = await OpenAiFake.start();
  });
  afterAll(() => upstream.close());

  it('is refused with a 400 naming base_url, in every loopback spelling, even with private base URLs allowed', async () => {
    const gw = await startGateway('admin: { allow_private_base_urls: true }\n');
    try {
      const api = adminClient(gw.url);
      const port = new URL(gw.url).port;
      for (const host of ['127.0.0.1', 'localhost', '127.1', '[::ffff:127.0.0.1]', '[::1]', '0.0.0.0']) {
        const created = await api.post('/api/connections', { name: 'myself', type: 'openai', base_url: `http://${host}:${port}/gateway/native/v1`, api_key: 'sk-self-0123456789' });
        expect(created.status).toBe(400);
        expect(created.body.error).toMatchObject({ code: 'invalid_parameter', param: 'base_url' });
        expect(created.body.error.message).toContain("is this gateway's own address");
      }
      // Another server on the same host is fine.
      expect((await api.post('/api/connections', { name: 'neighbour', type: 'openai', base_url: upstream.baseUrl, api_key: 'sk-self-0123456789' })).status).toBe(201);
    } finally {
      await gw.close();
    }
  });

  it('is refused on a gateway listening on every interface, at loopback and the machine\'s own addresses', async () => {
    const gw = await startGateway(`admin: { allow_private_base_urls: true, token: ${TOKEN} }\n`, { host: '0.0.0.0' });
    try {
      const port = new URL(gw.url).port;
      const api = adminClient(`http://127.0.0.1:${port}`, TOKEN);
      const lan = Object.values(os.networkInterfaces()).flat().find((info) => info && !info.internal && info.family === 'IPv4');
      for (const host of ['127.0.0.1', 'localhost', '[::1]', ...(lan ? [lan.address] : [])]) {
        const created = await api.post('/api/connections', { name: 'myself', type: 'openai', base_url: `http://${host}:${port}/gateway/openai/v1`, api_key: 'sk-self-0123456789' });
        expect(created.status).toBe(400);
        expect(created.body.error.param).toBe('base_url');
      }
      const replaced = await api.post('/api/connections', { name: 'neighbour', type: 'openai', base_url: upstream.baseUrl, api_key: 'sk-self-0123456789' });
      expect(replaced.status).toBe(201);
      const moved = await api.put('/api/connections/neighbour', { type: 'openai', base_url: `http://localhost:${port}/gateway/native/v1`, api_key: 'sk-self-0123456789' });
      expect(moved.status).toBe(400);
      expect(moved.body.error.param).toBe('base_url');
    } finally {
      await gw.close();
    }
  });
});
