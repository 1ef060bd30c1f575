import net from 'node:net';
import { OpenAiFake, respondOpenAi } from '../fakes/openai-fake';
import { OtlpReceiver, type ReceivedSpan } from '../fakes/otlp-receiver';
import { postJson, startGateway, type TestGateway } from '../support/start-gateway';
import { eventually } from '../support/eventually';

/**
 * The tracing plugin against a fake OTLP/HTTP collector: the span tree of a call, the caller's
 * traceparent continued, the attempt's traceparent sent upstream, GenAI attributes, fallbacks,
 * content capture, no secret in any span, both encodings, inert without the env vars, and a dead
 * collector costing calls nothing. Spans are read after `close()`, which must flush them.
 */

const PROVIDER_KEY = 'sk-upstream-secret-7f3a9c';
const GATEWAY_KEY = 'mgw-client-secret-42b1e0';
const CALLER_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN = '00f067aa0ba902b7';
const traceparent = `00-${CALLER_TRACE}-${CALLER_SPAN}-01`;

let a: OpenAiFake;
let b: OpenAiFake;
let receiver: OtlpReceiver;
let gw: TestGateway | undefined;

beforeAll(async () => {
  [a, b, receiver] = await Promise.all([OpenAiFake.start(), OpenAiFake.start(), OtlpReceiver.start()]);
});

afterAll(async () => {
  await Promise.all([a.close(), b.close(), receiver.close()]);
});

beforeEach(() => {
  a.reset();
  b.reset();
  receiver.exports.length = 0;
});

afterEach(async () => {
  await gw?.close();
  gw = undefined;
});

const config = `
providers:
  a: { type: openai, base_url: "${'${A}'}", api_key: "${PROVIDER_KEY}" }
  b: { type: openai, base_url: "${'${B}'}", api_key: "${PROVIDER_KEY}" }
endpoints:
  - { name: chat-ep, kind: chat, provider: a, model: m-a, fallbacks: [{ provider: b, model: m-b }] }
  - { name: embed-ep, kind: embeddings, provider: a, model: e-a }
`;

function start(env: Record<string, string>): Promise<TestGateway> {
  const text = config.replace('${A}', a.baseUrl).replace('${B}', b.baseUrl);
  return startGateway(text, { env: { ...withoutOtel(process.env), ...env } });
}

/** The test decides the tracing env alone: a developer's own OTEL_* settings must not leak in. */
function withoutOtel(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter(([name, value]) => !name.startsWith('OTEL_') && value !== undefined)) as Record<string, string>;
}

const tracing = (extra: Record<string, string> = {}) => ({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_SERVICE_NAME: 'gw-under-test', ...extra });

const chat = (path = '/gateway/native/v1/chat/completions', headers: Record<string, string> = {}, body: Record<string, unknown> = {}) =>
  postJson(`${gw!.url}${path}`, { model: 'chat-ep', messages: [{ role: 'user', content: 'hello tracing' }], ...body }, headers);

const byKind = (kind: ReceivedSpan['kind']) => receiver.spans.filter((span) => span.kind === kind);

/** Every attribute value of every span and resource, as one string to search for secrets. */
const everything = () => JSON.stringify(receiver.spans.map((span) => [span.name, span.attributes, span.resource]));

describe('tracing over OTLP', () => {
  it('continues the caller\'s trace: a SERVER span, a CLIENT attempt span under it, the attempt\'s traceparent upstream; no secret anywhere', async () => {
    gw = await start(tracing({ OTEL_EXPORTER_OTLP_TRACES_HEADERS: 'x-collector-tenant=team%20a' }));
    const res = await chat(`/gateway/native/v1/chat/completions?key=${GATEWAY_KEY}`, { traceparent, authorization: `Bearer ${GATEWAY_KEY}` });
    expect(res.status).toBe(200);
    // Probes are never traced.
    expect((await fetch(`${gw.url}/health`)).status).toBe(200);
    await gw.close();
    gw = undefined;

    expect(receiver.exports.length).toBeGreaterThan(0);
    for (const received of receiver.exports) {
      expect(received.contentType).toBe('application/x-protobuf');
      expect(received.headers['x-collector-tenant']).toBe('team a');
    }
    const [server] = byKind('SERVER');
    const clients = byKind('CLIENT');
    expect(byKind('SERVER')).toHaveLength(1);
    expect(clients).toHaveLength(1);
    expect(server.traceId).toBe(CALLER_TRACE);
    expect(server.parentSpanId).toBe(CALLER_SPAN);
    expect(server.resource['service.name']).toBe('gw-under-test');
    expect(server.attributes).toMatchObject({
      'http.request.method': 'POST',
      'url.path': '/gateway/native/v1/chat/completions',
      'http.response.status_code': 200,
      'model_gateway.endpoint': 'chat-ep',
      'model_gateway.route': 'openai-chat',
    });
    const [client] = clients;
    expect(client.traceId).toBe(CALLER_TRACE);
    expect(client.parentSpanId).toBe(server.spanId);
    expect(client.name).toBe('chat m-a');
    expect(client.attributes).toMatchObject({
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': 'openai',
      'gen_ai.request.model': 'm-a',
      // The model the answer named (the fake answers with a dated name), not the one asked for.
      'gen_ai.response.model': 'm-a-2024-01-01',
      'gen_ai.usage.input_tokens': 11,
      'gen_ai.usage.output_tokens': 7,
      'model_gateway.endpoint': 'chat-ep',
      'model_gateway.attempt': 0,
      'http.response.status_code': 200,
    });
    expect(client.attributes).not.toHaveProperty('error.type');
    expect(client.endNanos).toBeGreaterThanOrEqual(client.startNanos);
    // The provider was told the attempt span, in the caller's trace.
    expect(a.last.headers.traceparent).toBe(`00-${CALLER_TRACE}-${client.spanId}-01`);
    // No content without the capture flag; no key in any name, attribute or resource.
    expect(client.attributes).not.toHaveProperty('gen_ai.input.messages');
    expect(client.attributes).not.toHaveProperty('gen_ai.output.messages');
    expect(everything()).not.toContain(PROVIDER_KEY);
    expect(everything()).not.toContain(GATEWAY_KEY);
    expect(everything()).not.toContain('hello tracing');
  });

  it('shows a fallback as two attempt spans, error.type on the failed one; a new trace when the caller sent none', async () => {
    gw = await start(tracing());
    a.enqueue(respondOpenAi.status(503, { error: { message: 'overloaded' } }));
    const res = await chat();
    expect(res.status).toBe(200);
    expect(res.headers.get('x-gateway-target')).toBe('b/m-b');
    await gw.close();
    gw = undefined;

    const [server] = byKind('SERVER');
    expect(server.parentSpanId).toBe('');
    expect(server.traceId).toMatch(/^[0-9a-f]{32}$/);
    const attempts = byKind('CLIENT').sort((x, y) => Number(x.attributes['model_gateway.attempt']) - Number(y.attributes['model_gateway.attempt']));
    expect(attempts.map((span) => [span.name, span.attributes['model_gateway.attempt'], span.parentSpanId, span.traceId])).toEqual([
      ['chat m-a', 0, server.spanId, server.traceId],
      ['chat m-b', 1, server.spanId, server.traceId],
    ]);
    expect(attempts[0].attributes['error.type']).toEqual(expect.any(String));
    expect(attempts[0].statusCode).toBe(2);
    expect(attempts[0].attributes).not.toHaveProperty('gen_ai.usage.input_tokens');
    expect(attempts[1].attributes).not.toHaveProperty('error.type');
    expect(attempts[1].attributes['gen_ai.usage.output_tokens']).toBe(7);
    // Each provider saw its own attempt span.
    expect(a.last.headers.traceparent).toBe(`00-${server.traceId}-${attempts[0].spanId}-01`);
    expect(b.last.headers.traceparent).toBe(`00-${server.traceId}-${attempts[1].spanId}-01`);
  });

  it('an error answer is a SERVER span with the status and error.type', async () => {
    gw = await start(tracing());
    a.enqueue(respondOpenAi.status(400, { error: { message: 'bad input', type: 'invalid_request_error', code: null, param: null } }));
    const res = await chat();
    expect(res.status).toBe(400);
    await gw.close();
    gw = undefined;
    const [server] = byKind('SERVER');
    expect(server.attributes['http.response.status_code']).toBe(400);
    expect(server.attributes['error.type']).toBe(res.body.error.code ?? res.body.error.type);
    expect(byKind('CLIENT')[0].attributes['error.type']).toEqual(expect.any(String));
  });

  it("names the model a streamed answer's chunks named, without the capture flag", async () => {
    gw = await start(tracing());
    a.enqueue(respondOpenAi.stream(['str', 'eamed']));
    const streamed = await fetch(`${gw.url}/gateway/native/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'chat-ep', stream: true, messages: [{ role: 'user', content: 'stream please' }] }),
    });
    expect(await streamed.text()).toContain('eamed');
    await gw.close();
    gw = undefined;
    const clients = byKind('CLIENT');
    expect(clients).toHaveLength(1);
    expect(clients[0].attributes['gen_ai.response.model']).toBe('m-a-2024-01-01');
  });

  it('with http/json and the capture flag: the conventions\' message attributes, for whole and streamed answers, embeddings and relays traced too', async () => {
    gw = await start(tracing({ OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/json', OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT: 'true' }));
    expect((await chat('/gateway/native/v1/chat/completions', { 'x-gateway-caller': 'whole' })).status).toBe(200);
    a.enqueue(respondOpenAi.stream(['str', 'eamed']));
    const streamed = await fetch(`${gw.url}/gateway/native/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-gateway-caller': 'streamed' },
      body: JSON.stringify({ model: 'chat-ep', stream: true, messages: [{ role: 'system', content: 'be brief' }, { role: 'user', content: 'stream please' }] }),
    });
    expect(await streamed.text()).toContain('eamed');
    expect((await postJson(`${gw.url}/gateway/native/v1/embeddings`, { model: 'embed-ep', input: 'vectorise me' })).status).toBe(200);
    const relayed = await chat('/gateway/openai/v1/chat/completions', { 'x-gateway-caller': 'relayed' });
    expect(relayed.status).toBe(200);
    await gw.close();
    gw = undefined;

    for (const received of receiver.exports) expect(received.contentType).toBe('application/json');
    const servers = byKind('SERVER');
    expect(servers).toHaveLength(4);
    const childOf = (caller: string) => {
      const server = servers.find((span) => span.attributes['model_gateway.caller'] === caller);
      const children = byKind('CLIENT').filter((span) => span.parentSpanId === server?.spanId);
      expect(children).toHaveLength(1);
      return children[0];
    };
    const whole = childOf('whole');
    expect(JSON.parse(String(whole.attributes['gen_ai.input.messages']))).toEqual([{ role: 'user', parts: [{ type: 'text', content: 'hello tracing' }] }]);
    expect(JSON.parse(String(whole.attributes['gen_ai.output.messages']))).toEqual([
      { role: 'assistant', parts: [{ type: 'text', content: 'reply to: hello tracing' }], finish_reason: 'stop' },
    ]);
    const stream = childOf('streamed');
    expect(JSON.parse(String(stream.attributes['gen_ai.input.messages']))).toEqual([
      { role: 'system', parts: [{ type: 'text', content: 'be brief' }] },
      { role: 'user', parts: [{ type: 'text', content: 'stream please' }] },
    ]);
    expect(JSON.parse(String(stream.attributes['gen_ai.output.messages']))).toEqual([{ role: 'assistant', parts: [{ type: 'text', content: 'streamed' }], finish_reason: 'stop' }]);
    expect(stream.attributes['gen_ai.usage.output_tokens']).toBe(7);
    const embedServer = servers.find((span) => span.attributes['model_gateway.endpoint'] === 'embed-ep')!;
    const embed = byKind('CLIENT').find((span) => span.parentSpanId === embedServer.spanId)!;
    expect(embed.name).toBe('embeddings e-a');
    expect(embed.attributes['gen_ai.operation.name']).toBe('embeddings');
    // A relayed call's bytes are not decoded for content, but it is an attempt like any other, and the provider gets its traceparent.
    const relay = childOf('relayed');
    expect(relay.attributes['gen_ai.request.model']).toBe('m-a');
    expect(servers.find((span) => span.attributes['model_gateway.caller'] === 'relayed')!.attributes['model_gateway.route']).toBe('openai-passthrough');
    expect(a.last.headers.traceparent).toBe(`00-${relay.traceId}-${relay.spanId}-01`);
    expect(everything()).not.toContain(PROVIDER_KEY);
  });
});

describe('tracing switched off or unreachable', () => {
  it('without an endpoint variable: no hooks, nothing exported, no traceparent upstream', async () => {
    gw = await start({ OTEL_SERVICE_NAME: 'not-enough', OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT: 'true' });
    const pipeline = (gw.gateway as unknown as { pipeline: { plugins: ReadonlyArray<{ name: string }> } }).pipeline;
    expect(pipeline.plugins.map((plugin) => plugin.name)).not.toContain('tracing');
    expect((await chat('/gateway/native/v1/chat/completions', { traceparent })).status).toBe(200);
    expect(a.last.headers).not.toHaveProperty('traceparent');
    await gw.close();
    gw = undefined;
    expect(receiver.exports).toEqual([]);
  });

  it('a collector on a closed port: calls still answer 200, and the log says so once', async () => {
    const closedPort = await freePort();
    gw = await start({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `http://127.0.0.1:${closedPort}/v1/traces`, OTEL_BSP_SCHEDULE_DELAY: '20', OTEL_EXPORTER_OTLP_TRACES_TIMEOUT: '500' });
    for (let i = 0; i < 3; i++) expect((await chat()).status).toBe(200);
    await eventually(() => expect(gw!.logs.join('')).toContain('spans could not be exported'));
    for (let i = 0; i < 3; i++) expect((await chat()).status).toBe(200);
    const warnings = gw.logs.filter((line) => line.includes('spans could not be exported'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).not.toContain(PROVIDER_KEY);
  });
});

/** A port nothing listens on: bound, read, and closed again. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
