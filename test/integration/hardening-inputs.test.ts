import http from 'node:http';
import { OpenAiFake } from '../fakes/openai-fake';
import { startGateway, type TestGateway } from '../support/start-gateway';

/**
 * Inputs an attacker (or a web page) can send: each gets a 4xx in the shape of the
 * route it reached, and none reaches the provider. Over real HTTP to a real gateway.
 */
describe('hardening: hostile inputs are refused before any upstream call', () => {
  let upstream: OpenAiFake;
  let gw: TestGateway;

  beforeAll(async () => {
    upstream = await OpenAiFake.start();
    gw = await startGateway(`
server:
  public_url: "http://gw.example.com:9999/base"
  allowed_hosts: [gateway-internal]
  cors: { allowed_origins: ["https://app.example.com"] }
providers:
  up: { type: openai, base_url: "${upstream.baseUrl}", api_key: sk-up }
endpoints:
  - { name: chat-ep, kind: chat, provider: up, model: m }
`);
  });
  afterAll(async () => {
    await gw.close();
    await upstream.close();
  });
  beforeEach(() => upstream.reset());

  const chatBody = { messages: [{ role: 'user', content: 'hi' }] };

  async function send(method: string, path: string, body?: string, headers: Record<string, string> = {}) {
    const res = await fetch(`${gw.url}${path}`, { method, body, headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers } });
    const text = await res.text();
    let json: any;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, json, text };
  }

  describe('a malformed percent-encoding in the path is a 400, never a 500', () => {
    it.each([
      ['POST', '/gateway/%zz/native/invocations', 'openai'],
      ['POST', '/gateway/%/native/invocations', 'openai'],
      ['POST', '/gateway/chat-ep%ff/native/invocations', 'openai'],
      ['GET', '/api/providers/%', 'openai'],
      ['GET', '/api/providers/%E0%A4%A', 'openai'],
      ['POST', '/gateway/anthropic/v1/messages%zz', 'anthropic'],
      ['POST', '/gateway/gemini/v1beta/models/%zz:generateContent', 'gemini'],
      ['GET', '/%zz', 'openai'],
      ['POST', '/no/such/%zz/route', 'openai'],
    ])('%s %s -> 400 invalid_path in the %s shape', async (method, path, shape) => {
      const res = await send(method, path, method === 'POST' ? JSON.stringify(chatBody) : undefined);
      expect(res.status).toBe(400);
      expect(res.headers.get('x-request-id')).toBeTruthy();
      if (shape === 'openai') expect(res.json.error).toMatchObject({ code: 'invalid_path', type: 'invalid_request_error', message: expect.stringContaining('percent-encoding') });
      if (shape === 'anthropic') expect(res.json).toMatchObject({ type: 'error', error: { type: 'invalid_request_error', message: expect.stringContaining('percent-encoding') } });
      if (shape === 'gemini') expect(res.json.error).toMatchObject({ code: 400, message: expect.stringContaining('percent-encoding') });
      expect(upstream.requests).toHaveLength(0);
    });

    it('a well-formed escape still routes (%2D is "-")', async () => {
      const res = await send('POST', '/gateway/chat%2Dep/native/invocations', JSON.stringify(chatBody));
      expect(res.status).toBe(200);
      expect(upstream.requests).toHaveLength(1);
    });
  });

  describe('JSON nested thousands of levels deep is a 400 before any work', () => {
    const deep = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

    it.each([
      ['/gateway/chat-ep/native/invocations', (d: string) => `{"messages":[{"role":"user","content":"x"}],"tools":[{"type":"function","function":{"name":"f","parameters":{"a":${d}}}}]}`],
      ['/gateway/native/v1/chat/completions', (d: string) => `{"model":"chat-ep","messages":[{"role":"user","content":"x"}],"metadata":{"a":${d}}}`],
      ['/gateway/openai/v1/chat/completions', (d: string) => `{"model":"chat-ep","messages":[{"role":"user","content":"x"}],"x":${d}}`],
      ['/gateway/anthropic/v1/messages', (d: string) => `{"model":"chat-ep","max_tokens":5,"messages":[{"role":"user","content":"x"}],"x":${d}}`],
    ])('%s with 5000 levels -> 400 invalid_json naming the limit', async (path, body) => {
      const res = await send('POST', path, body(deep(5000)));
      expect(res.status).toBe(400);
      expect(res.text).toContain('more than 128 levels deep');
      expect(upstream.requests).toHaveLength(0);
    });

    it('a realistic nested tool schema (20 levels) passes intact', async () => {
      let schema: Record<string, unknown> = { type: 'string' };
      for (let i = 0; i < 20; i++) schema = { type: 'object', properties: { inner: schema } };
      const tools = [{ type: 'function', function: { name: 'f', parameters: schema } }];
      const res = await send('POST', '/gateway/chat-ep/native/invocations', JSON.stringify({ ...chatBody, tools }));
      expect(res.status).toBe(200);
      expect(upstream.last.body.tools[0].function.parameters).toEqual(schema);
    });
  });

  describe('a JSON route takes only a body declared as JSON (what a web page cannot send unasked)', () => {
    it.each([
      ['text/plain;charset=UTF-8'],
      ['application/x-www-form-urlencoded'],
      ['multipart/form-data; boundary=----x'],
    ])('Content-Type %s -> 415 saying what to send', async (type) => {
      const res = await send('POST', '/gateway/chat-ep/native/invocations', JSON.stringify(chatBody), { 'content-type': type });
      expect(res.status).toBe(415);
      expect(res.json.error).toMatchObject({ code: 'unsupported_media_type', message: expect.stringContaining('Content-Type: application/json') });
      expect(upstream.requests).toHaveLength(0);
    });

    it('an untyped body -> 415, in the route\'s own shape (Anthropic here)', async () => {
      const res = await fetch(`${gw.url}/gateway/anthropic/v1/messages`, {
        method: 'POST',
        body: new TextEncoder().encode(JSON.stringify({ model: 'chat-ep', max_tokens: 5, ...chatBody })),
      });
      expect(res.status).toBe(415);
      expect(await res.json()).toMatchObject({ type: 'error', error: { message: expect.stringContaining('no Content-Type') } });
      expect(upstream.requests).toHaveLength(0);
    });
  });

  describe('Origin: browsers may call only from the gateway\'s own origin or a listed one', () => {
    it('a foreign origin -> 403 origin_not_allowed, nothing sent upstream', async () => {
      const res = await send('POST', '/gateway/chat-ep/native/invocations', JSON.stringify(chatBody), { origin: 'https://evil.example' });
      expect(res.status).toBe(403);
      expect(res.json.error).toMatchObject({ code: 'origin_not_allowed', type: 'permission_error', message: expect.stringContaining('server.cors.allowed_origins') });
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      expect(upstream.requests).toHaveLength(0);
    });

    it('"null" (sandboxed frames, file: pages) is a foreign origin too', async () => {
      const res = await send('GET', '/gateway/native/v1/models', undefined, { origin: 'null' });
      expect(res.status).toBe(403);
    });

    it('the same origin as the Host the request came to is served (the web UI)', async () => {
      const res = await send('POST', '/gateway/chat-ep/native/invocations', JSON.stringify(chatBody), { origin: gw.url });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    });

    it('a proxy in front changes Host: public_url\'s origin is the gateway\'s own', async () => {
      const answer = (origin: string) => rawPost('/gateway/chat-ep/native/invocations', JSON.stringify(chatBody), { host: 'gateway-internal:8080', origin });
      expect((await answer('http://gw.example.com:9999')).status).toBe(200);
      expect((await answer('http://gw.example.com')).status).toBe(403);
    });

    it('a listed origin is served with CORS headers its scripts need', async () => {
      const res = await send('POST', '/gateway/chat-ep/native/invocations', JSON.stringify(chatBody), { origin: 'https://app.example.com' });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
      expect(res.headers.get('vary')).toContain('Origin');
      expect(res.headers.get('access-control-expose-headers')).toContain('x-request-id');
    });

    it('a listed origin is still refused on the management routes (/api/), with no CORS headers, preflight included', async () => {
      const read = await send('GET', '/api/providers', undefined, { origin: 'https://app.example.com' });
      expect(read.status).toBe(403);
      expect(read.json.error.message).toContain("only the gateway's own origin");
      expect(read.headers.get('access-control-allow-origin')).toBeNull();
      const preflight = await fetch(`${gw.url}/api/usage`, { method: 'OPTIONS', headers: { origin: 'https://app.example.com', 'access-control-request-method': 'GET' } });
      expect(preflight.status).toBe(403);
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    });

    it('a listed origin still has to send JSON', async () => {
      const res = await send('POST', '/gateway/chat-ep/native/invocations', JSON.stringify(chatBody), { origin: 'https://app.example.com', 'content-type': 'text/plain' });
      expect(res.status).toBe(415);
      expect(upstream.requests).toHaveLength(0);
    });

    it('preflight from a listed origin -> 204 allowing the method and the headers asked for', async () => {
      const res = await fetch(`${gw.url}/gateway/openai/v1/chat/completions`, {
        method: 'OPTIONS',
        headers: { origin: 'https://app.example.com', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type,x-stainless-os' },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
      expect(res.headers.get('access-control-allow-methods')).toContain('POST');
      expect(res.headers.get('access-control-allow-headers')).toBe('authorization,content-type,x-stainless-os');
      expect(Number(res.headers.get('access-control-max-age'))).toBeGreaterThan(0);
      expect(upstream.requests).toHaveLength(0);
    });

    it('preflight from any other origin -> 403 without CORS headers (the browser then sends nothing)', async () => {
      const res = await fetch(`${gw.url}/gateway/openai/v1/chat/completions`, {
        method: 'OPTIONS',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
      expect(res.status).toBe(403);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      expect(res.headers.get('access-control-allow-methods')).toBeNull();
    });
  });

  /** A POST with a Host header of our choosing (fetch always sends the URL's). */
  function rawPost(path: string, body: string, headers: Record<string, string>): Promise<{ status: number }> {
    const { hostname, port } = new URL(gw.url);
    return new Promise((resolve, reject) => {
      const req = http.request({ hostname, port, path, method: 'POST', headers: { 'content-type': 'application/json', ...headers } }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
      });
      req.on('error', reject);
      req.end(body);
    });
  }
});
