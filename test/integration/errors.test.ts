import net from 'node:net';
import { OpenAiFake, respondOpenAi } from '../fakes/openai-fake';
import { postJson, readSseData, startGateway, type TestGateway } from '../support/start-gateway';
import { waitFor } from '../support/eventually';

const KEY = 'sk-server-secret-abcdef123456';

describe('errors: bad input gets a clear error in OpenAI shape, nothing reaches the upstream', () => {
  let upstream: OpenAiFake;
  let gw: TestGateway;
  let deadPort: number;

  beforeAll(async () => {
    upstream = await OpenAiFake.start();
    deadPort = await closedPort();
    gw = await startGateway(`
server: { body_limit: 2kb }
providers:
  up: { type: openai, base_url: "${upstream.baseUrl}", api_key: "${KEY}" }
  dead: { type: openai, base_url: "http://127.0.0.1:${deadPort}/v1", api_key: x }
endpoints:
  - { name: chat-ep, kind: chat, provider: up, model: m }
  - { name: embed-ep, kind: embeddings, provider: up, model: e }
  - { name: dead-ep, kind: chat, provider: dead, model: m }
  - { name: slow-ep, kind: chat, provider: up, model: m, timeouts: { first_byte_ms: 300, idle_ms: 300 } }
  - { name: total-ep, kind: chat, provider: up, model: m, timeouts: { total_ms: 300 } }
`);
  });
  afterAll(async () => {
    await gw.close();
    await upstream.close();
  });
  beforeEach(() => upstream.reset());

  const chatUrl = () => `${gw.url}/gateway/native/v1/chat/completions`;
  const messages = [{ role: 'user', content: 'hi' }];

  function expectOpenAiError(res: { status: number; headers: Headers; body: any }, status: number, code: string) {
    expect(res.status).toBe(status);
    expect(res.headers.get('x-request-id')).toMatch(/.+/);
    expect(Object.keys(res.body.error).sort()).toEqual(['code', 'message', 'param', 'type']);
    expect(res.body.error).toMatchObject({ message: expect.any(String), type: expect.any(String), code });
  }

  it('invalid JSON -> 400 invalid_json', async () => {
    const res = await postJson(chatUrl(), '{"model": "chat-ep", "messages": [');
    expectOpenAiError(res, 400, 'invalid_json');
    expect(upstream.requests).toHaveLength(0);
  });

  it.each([
    [{ model: 'chat-ep', messages: [] }, 'messages'],
    [{ model: 'chat-ep' }, 'messages'],
    [{ model: 'chat-ep', messages, temperature: 3 }, 'temperature'],
    [{ model: 'chat-ep', messages, top_p: -0.1 }, 'top_p'],
    [{ model: 'chat-ep', messages, n: 0 }, 'n'],
    [{ model: 'chat-ep', messages, presence_penalty: 2.5 }, 'presence_penalty'],
    [{ model: 'chat-ep', messages, frequency_penalty: -3 }, 'frequency_penalty'],
    [{ model: 'chat-ep', messages: [{ role: 'wizard', content: 'x' }] }, 'messages[0].role'],
    [{ model: 'chat-ep', messages, response_format: { type: 'yaml' } }, 'response_format.type'],
    [{ messages }, 'model'],
  ])('schema violation %j -> 400 naming %s', async (body, param) => {
    const res = await postJson(chatUrl(), body);
    expectOpenAiError(res, 400, 'invalid_parameter');
    expect(res.body.error.param).toBe(param);
    expect(res.body.error.message).toContain(param.split('[')[0]);
    expect(upstream.requests).toHaveLength(0);
  });

  it('unknown endpoint -> 404 on both unified routes', async () => {
    expectOpenAiError(await postJson(chatUrl(), { model: 'nope', messages }), 404, 'endpoint_not_found');
    expectOpenAiError(await postJson(`${gw.url}/gateway/nope/native/invocations`, { messages }), 404, 'endpoint_not_found');
  });

  it('chat body to an embeddings endpoint, and the reverse -> 400 endpoint_kind_mismatch', async () => {
    expectOpenAiError(await postJson(`${gw.url}/gateway/embed-ep/native/invocations`, { messages }), 400, 'endpoint_kind_mismatch');
    expectOpenAiError(await postJson(`${gw.url}/gateway/chat-ep/native/invocations`, { input: 'x' }), 400, 'endpoint_kind_mismatch');
    expectOpenAiError(await postJson(chatUrl(), { model: 'embed-ep', messages }), 400, 'endpoint_kind_mismatch');
    expectOpenAiError(await postJson(`${gw.url}/gateway/native/v1/embeddings`, { model: 'chat-ep', input: 'x' }), 400, 'endpoint_kind_mismatch');
    expect(upstream.requests).toHaveLength(0);
  });

  it('a body over the limit -> 413 before any upstream call', async () => {
    const res = await postJson(chatUrl(), { model: 'chat-ep', messages: [{ role: 'user', content: 'x'.repeat(4096) }] });
    expectOpenAiError(res, 413, 'request_too_large');
    expect(upstream.requests).toHaveLength(0);
  });

  it('unknown route -> 404 route_not_found', async () => {
    expectOpenAiError(await postJson(`${gw.url}/gateway/native/v1/nothing`, {}), 404, 'route_not_found');
  });

  it('upstream 4xx -> same status with the provider message', async () => {
    upstream.enqueue(respondOpenAi.status(404, { error: { message: `The model does not exist (key ${KEY}).`, type: 'invalid_request_error', code: 'model_not_found', param: 'model' } }));
    const res = await postJson(chatUrl(), { model: 'chat-ep', messages });
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({ message: 'The model does not exist (key [redacted]).', type: 'invalid_request_error', code: 'model_not_found', param: 'model' });
    expect(res.text).not.toContain(KEY);
  });

  it('upstream 401 -> 502 provider_auth_error: the refused key is the gateway\'s, never shown', async () => {
    upstream.enqueue(respondOpenAi.status(401, { error: { message: `Incorrect API key provided: ${KEY}.`, type: 'invalid_request_error', code: 'invalid_api_key', param: null } }));
    const res = await postJson(chatUrl(), { model: 'chat-ep', messages });
    expectOpenAiError(res, 502, 'provider_auth_error');
    expect(res.body.error.message).toContain("rejected the gateway's credentials (HTTP 401): Incorrect API key provided: [redacted].");
    expect(res.text).not.toContain(KEY);
    expect(gw.logs.join('')).not.toContain(KEY);
  });

  it('upstream 429 keeps its status and Retry-After', async () => {
    upstream.enqueue(respondOpenAi.status(429, { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } }, { 'retry-after': '7' }));
    const res = await postJson(chatUrl(), { model: 'chat-ep', messages });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('7');
    expect(res.body.error.message).toBe('Rate limit reached');
  });

  it('upstream 5xx -> 502', async () => {
    upstream.enqueue(respondOpenAi.status(503, { error: { message: 'overloaded' } }));
    const res = await postJson(chatUrl(), { model: 'chat-ep', messages });
    expectOpenAiError(res, 502, 'upstream_error');
    expect(res.body.error.message).toContain('503');
  });

  it('upstream unreachable -> 502', async () => {
    expectOpenAiError(await postJson(chatUrl(), { model: 'dead-ep', messages }), 502, 'upstream_unreachable');
  });

  it('upstream drops the connection -> 502', async () => {
    upstream.enqueue(respondOpenAi.reset());
    expectOpenAiError(await postJson(chatUrl(), { model: 'chat-ep', messages }), 502, 'upstream_unreachable');
  });

  it('first-byte timeout -> 504', async () => {
    upstream.enqueue(respondOpenAi.hang());
    // The upstream never answers, so the 504 is the timeout's (no duration asserted: load stretches any).
    const res = await postJson(chatUrl(), { model: 'slow-ep', messages });
    expectOpenAiError(res, 504, 'upstream_timeout');
    await upstream.waitForEarlyClose();
  });

  it('total timeout on a non-streaming call -> 504', async () => {
    upstream.enqueue(respondOpenAi.delay(1500, respondOpenAi.chat()));
    // A 504 naming the total deadline, where waiting would have brought the answer: the deadline ended it first.
    const res = await postJson(chatUrl(), { model: 'total-ep', messages });
    expectOpenAiError(res, 504, 'upstream_timeout');
    expect(res.body.error.message).toContain('total');
  });

  it('idle gap in a stream after the first chunk ends the stream with an in-band error and no [DONE]', async () => {
    upstream.enqueue(respondOpenAi.stream(['a', 'b', 'c'], { hangAfter: 1 }));
    const response = await fetch(chatUrl(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'slow-ep', stream: true, messages }) });
    expect(response.status).toBe(200);
    const events = await readSseData(response);
    expect(events).not.toContain('[DONE]');
    const last = JSON.parse(events[events.length - 1]);
    expect(last.error.code).toBe('upstream_timeout');
  });

  it('a mid-stream upstream reset ends the client stream with an error, not a hang', async () => {
    upstream.enqueue(respondOpenAi.stream(['a', 'b', 'c', 'd'], { resetAfter: 2, intervalMs: 10 }));
    const response = await fetch(chatUrl(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'chat-ep', stream: true, messages }) });
    const events = await readSseData(response);
    expect(events).not.toContain('[DONE]');
    expect(JSON.parse(events[events.length - 1]).error.code).toBe('upstream_unreachable');
  });

  it('a failure before the first chunk is a plain HTTP error, not a broken stream', async () => {
    upstream.enqueue(respondOpenAi.status(500, { error: { message: 'boom' } }));
    const res = await postJson(chatUrl(), { model: 'chat-ep', stream: true, messages });
    expectOpenAiError(res, 502, 'upstream_error');
  });

  it('a client that disconnects aborts the upstream call (non-streaming)', async () => {
    upstream.enqueue(respondOpenAi.hang());
    const controller = new AbortController();
    const pending = fetch(chatUrl(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'chat-ep', messages }), signal: controller.signal }).catch(() => 'aborted');
    await waitFor(() => upstream.requests.length === 1);
    controller.abort();
    await pending;
    await upstream.waitForEarlyClose();
    await waitFor(() => gw.logs.some((l) => l.includes('"status":499')));
  });

  it('a client that disconnects mid-stream aborts the upstream stream', async () => {
    upstream.enqueue(respondOpenAi.stream(Array.from({ length: 200 }, (_, i) => `t${i} `), { intervalMs: 20 }));
    const controller = new AbortController();
    const response = await fetch(chatUrl(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'chat-ep', stream: true, messages }), signal: controller.signal });
    const reader = response.body!.getReader();
    await reader.read();
    controller.abort();
    await upstream.waitForEarlyClose();
  });
});

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

