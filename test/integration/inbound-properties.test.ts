import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { AnthropicFake } from '../fakes/anthropic-fake';
import { GeminiFake } from '../fakes/gemini-fake';
import { OpenAiFake, respondOpenAi } from '../fakes/openai-fake';
import type { Behaviour, RecordedRequest } from '../fakes/fake-server';
import { PROCESS_HOOK_TIMEOUT_MS, startGatewayProcess, type GatewayProcess } from '../support/gateway-process';
import { startGateway } from '../support/start-gateway';

/**
 * Property: whatever path, method, headers and body a client sends to any inbound
 * route, a gateway process answers without a 500 and stays up. A 502/503/504 is
 * allowed only when the fake upstreams were told to fail for that request.
 * The routes are read from the gateway's own plugins, so a route added later is
 * fuzzed too.
 */

const ENDPOINTS = ['oa', 'an', 'ge', 'mk', 'oa-emb', 'mk-emb'];
const UPSTREAM_LIMIT = 256 * 1024;

interface RouteShape {
  method: string;
  path: string;
  json: boolean;
}

type FailureMode = 'none' | 'status-500' | 'status-429' | 'status-400' | 'reset' | 'redirect' | 'oversized' | 'truncated-json' | 'cut-stream';

const failureModes: FailureMode[] = ['none', 'status-500', 'status-429', 'status-400', 'reset', 'redirect', 'oversized', 'truncated-json', 'cut-stream'];

function behaviourFor<R extends RecordedRequest>(mode: FailureMode): Behaviour<R> | undefined {
  const openAi = respondOpenAi as unknown as Record<string, (...args: any[]) => Behaviour<R>>;
  switch (mode) {
    case 'none':
      return undefined;
    case 'status-500':
      return openAi.status(500, { error: { message: 'boom' } });
    case 'status-429':
      return openAi.status(429, { error: { message: 'slow down' } }, { 'retry-after': '1' });
    case 'status-400':
      return openAi.status(400, { error: { message: 'bad' } });
    case 'reset':
      return openAi.reset();
    case 'redirect':
      return openAi.redirect(302, 'http://127.0.0.1:9/elsewhere');
    case 'oversized':
      return openAi.largeJson(UPSTREAM_LIMIT * 2);
    case 'truncated-json':
      return (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"id":"x","choi');
      };
    case 'cut-stream':
      return (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('data: {"id":"x","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"hi"}}]}\n\n');
        setTimeout(() => res.socket?.destroy(), 20);
      };
  }
}

// ------------------------------------------------------------------ arbitraries

const printable = (max: number) => fc.string({ unit: fc.constantFrom(...'abcXYZ019 -_.~:/%;=,"\'{}[]<>?&#+*!$()@\\'.split('')), maxLength: max });

/** A path segment: a real endpoint name, something near one, or junk with stray escapes. */
const segment = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...ENDPOINTS) },
  { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%ff', '%E0%A4%A', '..', '.', '%2e%2e', '%2F', 'a%00b', '') },
  // Node refuses a request target with spaces; the rest of printable ASCII goes as it is.
  { weight: 2, arbitrary: printable(12).map((s) => s.replace(/[/?# ]/g, '')) },
);

/** A concrete path for a route pattern: each `:param` and `*rest` filled in. */
function pathFor(pattern: string): fc.Arbitrary<string> {
  const parts = pattern.split('/');
  return fc.tuple(...parts.map((part) => {
    if (part.startsWith(':')) {
      // Gemini's `{endpoint}:{method}` segment, or anything else.
      return fc.oneof(
        { weight: 1, arbitrary: segment },
        { weight: 4, arbitrary: fc.tuple(segment, fc.constantFrom('generateContent', 'streamGenerateContent', 'generateContent', 'embedContent', 'countTokens', 'x')).map(([e, m]) => `${e}:${m}`) },
      );
    }
    if (part.startsWith('*')) return fc.array(segment, { minLength: 1, maxLength: 3 }).map((s) => s.join('/'));
    return fc.constant(part);
  })).map((filled) => filled.join('/'));
}

const query = fc.oneof(
  { weight: 3, arbitrary: fc.constant('') },
  { weight: 1, arbitrary: fc.array(fc.tuple(fc.constantFrom('alt', 'key', 'group_by', 'endpoint', 'from', 'limit', 'beta', 'api-version', 'x'), printable(8)), { maxLength: 3 })
    .map((pairs) => `?${pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`) },
  { weight: 1, arbitrary: fc.constantFrom('?%', '?a=%zz', '?&&=', '?alt=sse&alt=json') },
);

const role = fc.constantFrom('user', 'assistant', 'system', 'developer', 'tool', 'model', 'function', 'wizard', '');
const content = fc.oneof(
  printable(20),
  fc.array(fc.record({ type: fc.constantFrom('text', 'image_url', 'input_text', 'image', 'tool_result', 'x'), text: fc.option(printable(10)), image_url: fc.option(fc.record({ url: printable(20) })) }, { requiredKeys: ['type'] }), { maxLength: 3 }),
  fc.jsonValue({ maxDepth: 3 }),
);
const message = fc.record({ role, content, name: fc.option(printable(5)), tool_call_id: fc.option(printable(5)) }, { requiredKeys: ['role', 'content'] });

/** A body close enough to a real request to get past the first checks, with odd values anywhere. */
const plausibleBody = fc.record(
  {
    model: fc.oneof(fc.constantFrom(...ENDPOINTS), printable(10), fc.integer()),
    messages: fc.oneof(fc.array(message, { maxLength: 4 }), fc.jsonValue({ maxDepth: 2 })),
    input: fc.oneof(printable(20), fc.array(printable(10), { maxLength: 3 }), fc.array(fc.array(fc.integer(), { maxLength: 4 }), { maxLength: 2 }), fc.jsonValue({ maxDepth: 2 })),
    contents: fc.array(fc.record({ role: fc.constantFrom('user', 'model', 'x'), parts: fc.array(fc.record({ text: printable(10) }), { maxLength: 2 }) }), { maxLength: 2 }),
    system: fc.oneof(printable(10), fc.jsonValue({ maxDepth: 2 })),
    stream: fc.oneof(fc.boolean(), fc.jsonValue({ maxDepth: 1 })),
    max_tokens: fc.oneof(fc.integer({ min: -5, max: 100 }), fc.jsonValue({ maxDepth: 1 })),
    temperature: fc.oneof(fc.double({ noNaN: true }), fc.jsonValue({ maxDepth: 1 })),
    n: fc.integer({ min: -1, max: 3 }),
    tools: fc.jsonValue({ maxDepth: 4 }),
    tool_choice: fc.jsonValue({ maxDepth: 2 }),
    response_format: fc.jsonValue({ maxDepth: 3 }),
    stream_options: fc.jsonValue({ maxDepth: 2 }),
    generationConfig: fc.jsonValue({ maxDepth: 2 }),
    extra: fc.jsonValue({ maxDepth: 3 }),
  },
  { requiredKeys: [] },
).map((body) => JSON.stringify(body));

/**
 * A body the route's clients would send, with a random endpoint, text and stream flag:
 * a single user turn, or a tool round trip (tools, a call, its result) in the route's format.
 */
function validBodyFor(routePath: string): fc.Arbitrary<Record<string, unknown>> {
  const text = printable(20);
  const stream = fc.boolean();
  const embeddings = routePath.includes('embeddings');
  // Mostly an endpoint of the route's kind; now and then the other kind.
  const model = fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...ENDPOINTS.filter((e) => e.endsWith('-emb') === embeddings)) }, { weight: 1, arbitrary: fc.constantFrom(...ENDPOINTS) });
  const schema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };
  if (embeddings) return fc.record({ model, input: fc.oneof(text, fc.array(text, { minLength: 1, maxLength: 3 })) });
  if (routePath.endsWith('/responses')) {
    const input = fc.oneof(text, text.map((t) => [{ role: 'user', content: [{ type: 'input_text', text: t }] }, { type: 'function_call', call_id: 'c1', name: 'weather', arguments: '{"city":"x"}' }, { type: 'function_call_output', call_id: 'c1', output: 'sunny' }]));
    return fc.record({ model, input, stream, tools: fc.constant([{ type: 'function', name: 'weather', parameters: schema }]) }, { requiredKeys: ['model', 'input'] });
  }
  if (routePath.includes('/messages')) {
    const messages = fc.oneof(
      text.map((t) => [{ role: 'user', content: t }]),
      text.map((t) => [
        { role: 'user', content: [{ type: 'text', text: t }] },
        { role: 'assistant', content: [{ type: 'text', text: 'calling' }, { type: 'tool_use', id: 'tu1', name: 'weather', input: { city: 'x' } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'tu1', content: 'sunny' }] },
      ]),
    );
    return fc.record({ model, max_tokens: fc.integer({ min: 1, max: 64 }), messages, stream, system: text, tools: fc.constant([{ name: 'weather', input_schema: schema }]) }, { requiredKeys: ['model', 'max_tokens', 'messages'] });
  }
  if (routePath.includes('/models/:target')) {
    const contents = fc.oneof(
      text.map((t) => [{ role: 'user', parts: [{ text: t }] }]),
      text.map((t) => [
        { role: 'user', parts: [{ text: t }] },
        { role: 'model', parts: [{ functionCall: { name: 'weather', args: { city: 'x' } } }] },
        { role: 'user', parts: [{ functionResponse: { name: 'weather', response: { result: 'sunny' } } }] },
      ]),
    );
    return fc.record({ contents, systemInstruction: text.map((t) => ({ parts: [{ text: t }] })), tools: fc.constant([{ functionDeclarations: [{ name: 'weather', parameters: { type: 'OBJECT', properties: { city: { type: 'STRING' } } } }] }]) }, { requiredKeys: ['contents'] });
  }
  const messages = fc.oneof(
    text.map((t) => [{ role: 'user', content: t }]),
    text.map((t) => [
      { role: 'system', content: 'be brief' },
      { role: 'user', content: [{ type: 'text', text: t }] },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{"city":"x"}' } }] },
      { role: 'tool', tool_call_id: 'call_1', content: 'sunny' },
    ]),
  );
  const tools = fc.constant([{ type: 'function', function: { name: 'weather', parameters: schema } }]);
  if (routePath.includes('/native/invocations')) return fc.oneof(fc.record({ messages, stream, tools }, { requiredKeys: ['messages'] }), fc.record({ input: text }));
  return fc.record({ model, messages, stream, tools, tool_choice: fc.constantFrom('auto', 'none', 'required') }, { requiredKeys: ['model', 'messages'] });
}

/** `body` with the value at a random path inside it replaced: nulls and odd types where the format has objects. */
function replaceAt(body: Record<string, unknown>, steps: number[], value: unknown): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let node: Record<string | number, unknown> = copy;
  for (let i = 0; i < steps.length; i++) {
    const keys: Array<string | number> = Array.isArray(node) ? node.map((_, k) => k) : Object.keys(node);
    if (keys.length === 0) break;
    const key = keys[steps[i] % keys.length];
    const child = node[key];
    if (i === steps.length - 1 || typeof child !== 'object' || child === null) {
      node[key] = value;
      break;
    }
    node = child as Record<string | number, unknown>;
  }
  return copy;
}

/** A valid body, now and then with an odd extra field or a value deep inside replaced by anything. */
function bodyFor(routePath: string): fc.Arbitrary<string> {
  const extraKey = fc.oneof(fc.constantFrom('temperature', 'max_tokens', 'tools', 'tool_choice', 'response_format', 'stream_options', 'n', 'stop', 'seed', 'model', 'messages', 'input', 'system', 'generationConfig', 'metadata'), printable(6));
  const extended = fc
    .tuple(validBodyFor(routePath), fc.dictionary(extraKey, fc.jsonValue({ maxDepth: 3 }), { maxKeys: 2 }))
    .map(([valid, extra]) => JSON.stringify({ ...valid, ...extra }));
  const odd = fc.oneof(fc.constant(null), fc.constant([]), fc.constant({}), fc.constant(''), fc.integer(), fc.jsonValue({ maxDepth: 2 }));
  const mutated = fc
    .tuple(validBodyFor(routePath), fc.array(fc.nat(), { minLength: 1, maxLength: 6 }), odd)
    .map(([valid, steps, value]) => JSON.stringify(replaceAt(valid, steps, value)));
  return fc.oneof(
    { weight: 4, arbitrary: validBodyFor(routePath).map((b) => JSON.stringify(b)) },
    { weight: 2, arbitrary: extended },
    { weight: 4, arbitrary: mutated },
    { weight: 2, arbitrary: plausibleBody },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
    { weight: 1, arbitrary: fc.integer({ min: 100, max: 3000 }).map((d) => '['.repeat(d) + ']'.repeat(d)) },
    { weight: 1, arbitrary: fc.constant('') },
  );
}

/** `value` once in `every` draws, else null. */
const sometimes = <T>(value: fc.Arbitrary<T>, every: number) => fc.oneof({ weight: every - 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: value });

const headerValue = fc.string({ unit: fc.constantFrom(...'abcXYZ019 -_.~:/;=,*+'.split('')), maxLength: 24 });
/** Mostly what SDKs send, so most requests get past the first checks; sometimes anything. */
const headers = fc
  .record({
    type: fc.oneof(
      { weight: 24, arbitrary: fc.constant<string | null>('application/json') },
      { weight: 2, arbitrary: fc.constantFrom<string | null>('application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'application/problem+json', 'multipart/form-data', null) },
      { weight: 1, arbitrary: headerValue },
    ),
    origin: sometimes(fc.constantFrom('https://evil.example', 'null', 'http://127.0.0.1', 'https://app.example.com'), 12),
    encoding: sometimes(fc.constantFrom('gzip', 'identity', 'br', 'x'), 20),
    others: fc.record(
      {
        accept: fc.constantFrom('text/event-stream', 'application/json', '*/*'),
        authorization: headerValue.map((v) => `Bearer ${v}`),
        'x-api-key': headerValue,
        'x-goog-api-key': headerValue,
        'anthropic-version': fc.constantFrom('2023-06-01', 'x'),
        'anthropic-beta': headerValue,
        'x-request-id': headerValue,
        'x-stainless-retry-count': headerValue,
        'openai-organization': headerValue,
      },
      { requiredKeys: [] },
    ),
  })
  .map(({ type, origin, encoding, others }) => ({
    ...others,
    ...(type !== null && { 'content-type': type }),
    ...(origin !== null && { origin }),
    ...(encoding !== null && { 'content-encoding': encoding }),
  }));

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'];

// ------------------------------------------------------------------ the test

describe('property: no inbound request makes the gateway answer 500 or crash', () => {
  let openai: OpenAiFake;
  let anthropic: AnthropicFake;
  let gemini: GeminiFake;
  let gw: GatewayProcess;
  let dir: string;
  let routes: RouteShape[];

  beforeAll(async () => {
    [openai, anthropic, gemini] = await Promise.all([OpenAiFake.start(), AnthropicFake.start(), GeminiFake.start()]);
    const config = `
server: { upstream_body_limit: "${UPSTREAM_LIMIT}", body_limit: 64kb, cors: { allowed_origins: ["https://app.example.com"] } }
providers:
  oa-up: { type: openai, base_url: "${openai.baseUrl}", api_key: sk-oa-123456 }
  an-up: { type: anthropic, base_url: "${anthropic.baseUrl}", api_key: sk-an-123456 }
  ge-up: { type: gemini, base_url: "${gemini.baseUrl}", api_key: ge-123456 }
endpoints:
  - { name: oa, kind: chat, provider: oa-up, model: m, timeouts: { first_byte_ms: 3000, idle_ms: 3000, total_ms: 5000 } }
  - { name: an, kind: chat, provider: an-up, model: claude-x, timeouts: { first_byte_ms: 3000, idle_ms: 3000, total_ms: 5000 } }
  - { name: ge, kind: chat, provider: ge-up, model: gemini-x, timeouts: { first_byte_ms: 3000, idle_ms: 3000, total_ms: 5000 } }
  - { name: mk, kind: chat, provider: mock, model: echo }
  - { name: oa-emb, kind: embeddings, provider: oa-up, model: e }
  - { name: mk-emb, kind: embeddings, provider: mock, model: hash-embedding }
`;
    // The route list comes from the plugins of a gateway with this config.
    const inProcess = await startGateway(config);
    const { plugins, runtime } = inProcess.gateway;
    routes = [
      { method: 'GET', path: '/health', json: false },
      { method: 'GET', path: '/ready', json: false },
      ...plugins.routeGroups.flatMap((group) => group.routes(runtime)),
    ].map((r) => ({ method: r.method.toUpperCase(), path: r.path, json: !!r.json }));
    await inProcess.close();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mg-props-'));
    fs.writeFileSync(path.join(dir, 'gateway.yaml'), config);
    // No answer check: the upstreams misbehave on purpose (truncated JSON, foreign bodies relayed raw) and the property is about statuses, not shapes.
    gw = await startGatewayProcess(path.join(dir, 'gateway.yaml'), {}, { answerCheck: false });
    // Three fakes (each waits for the request oracle), a gateway in-process and one as a process: once over 20 s on a loaded machine.
  }, PROCESS_HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await gw?.stop();
    await Promise.all([openai?.close(), anthropic?.close(), gemini?.close()]);
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('covers every inbound route the plugins register', () => {
    // A sanity floor: the unified routes, the three passthroughs and the admin reads.
    expect(routes.length).toBeGreaterThan(20);
    for (const prefix of ['/gateway/:endpoint/native', '/gateway/native/v1', '/gateway/openai', '/gateway/anthropic', '/gateway/gemini', '/api/']) {
      expect(routes.some((r) => r.path.startsWith(prefix))).toBe(true);
    }
  });

  it('random paths, methods, headers and bodies on every route: status < 500 (or 502/503/504 when the upstream failed), process alive', async () => {
    // JSON routes do the work (decoding, routing, upstream calls): they are drawn more often.
    const route = fc.oneof(...routes.map((r) => ({ weight: r.json ? 4 : 1, arbitrary: fc.constant(r) })));
    const request = route.chain((route) =>
      fc.record({
        route: fc.constant(route),
        method: fc.oneof({ weight: 5, arbitrary: fc.constant(route.method) }, { weight: 1, arbitrary: fc.constantFrom(...METHODS) }),
        path: pathFor(route.path),
        query,
        headers,
        body: bodyFor(route.path),
        failure: fc.oneof({ weight: 3, arbitrary: fc.constant<FailureMode>('none') }, { weight: 2, arbitrary: fc.constantFrom(...failureModes) }),
      }),
    );
    const statuses = new Map<number, number>();
    let upstreamCalls = 0;
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        for (const fake of [openai, anthropic, gemini]) fake.reset();
        const behaviour = behaviourFor(r.failure);
        if (behaviour) {
          openai.enqueue(behaviour as never);
          anthropic.enqueue(behaviour as never);
          gemini.enqueue(behaviour as never);
        }
        const sendsBody = r.method !== 'GET' && r.method !== 'HEAD' && r.method !== 'OPTIONS';
        const answer = await rawRequest(gw.url, r.method, `${r.path}${r.query}`, r.headers, sendsBody ? r.body : undefined);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (process.env.PROPERTY_TRACE) console.log(r.method, r.path + r.query, JSON.stringify(r.headers).slice(0, 80), r.body.slice(0, 80), "->", answer.status, answer.text.slice(0, 120));
        upstreamCalls += openai.requests.length + anthropic.requests.length + gemini.requests.length;
        const upstreamFailed = r.failure !== 'none';
        // Passthrough routes relay a provider's own error as it came: the fake's 500, not one of the gateway's.
        const relayedUpstream500 = r.failure === 'status-500' && answer.status === 500 && answer.text.includes('"boom"');
        const allowed = answer.status < 500 || (upstreamFailed && [502, 503, 504].includes(answer.status)) || relayedUpstream500;
        if (answer.cut && !upstreamFailed) throw new Error(`HTTP ${answer.status}, body cut with no upstream failure: ${answer.text.slice(0, 300)}`);
        if (!allowed) throw new Error(`HTTP ${answer.status}: ${answer.text.slice(0, 300)}`);
        if (!gw.alive()) throw new Error(`the gateway process died:\n${gw.output.slice(-10).join('\n')}`);
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 1500), interruptAfterTimeLimit: 150_000, ...(process.env.PROPERTY_SEED && { seed: Number(process.env.PROPERTY_SEED) }) },
    );
    expect(gw.alive()).toBe(true);
    expect((await fetch(`${gw.url}/health`)).status).toBe(200);
    // The property is worth something only if many requests got through to real work.
    const runs = [...statuses.values()].reduce((a, b) => a + b, 0);
    const served = [...statuses].filter(([status]) => status < 300).reduce((sum, [, n]) => sum + n, 0);
    if (process.env.PROPERTY_STATS) console.log(JSON.stringify({ runs, upstreamCalls, statuses: Object.fromEntries(statuses) }));
    expect(served / runs).toBeGreaterThan(0.1);
    expect(upstreamCalls / runs).toBeGreaterThan(0.06);
    // No request ended in the gateway's bug path (logged with its stack at level 50).
    expect(gw.output.filter((line) => line.includes('"level":50'))).toEqual([]);
  }, 200_000);
});

/**
 * One request with exactly these headers (fetch would add and check its own); the whole
 * answer, streams included. `cut`: the answer's head came but its body was cut, as the
 * gateway does to a relayed body whose upstream failed midway.
 */
function rawRequest(base: string, method: string, target: string, headers: Record<string, string>, body: string | undefined): Promise<{ status: number; text: string; cut: boolean }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port, method, path: target, headers: { ...headers, connection: 'close' }, timeout: 20_000 }, (res) => {
      const chunks: Buffer[] = [];
      const done = (cut: boolean) => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), cut });
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(false));
      res.on('error', () => done(true));
    });
    req.on('timeout', () => req.destroy(new Error(`no complete answer to ${method} ${target} within 20 s`)));
    req.on('error', reject);
    req.end(body);
  });
}
