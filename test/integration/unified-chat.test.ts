import { OpenAiFake, respondOpenAi, OPENAI_USAGE } from '../fakes/openai-fake';
import { postJson, readSseData, startGateway, type TestGateway } from '../support/start-gateway';

const SERVER_KEY = 'sk-server-held-0123456789';

describe('unified chat APIs over real HTTP against an OpenAI-compatible upstream', () => {
  let upstream: OpenAiFake;
  let gw: TestGateway;

  beforeAll(async () => {
    upstream = await OpenAiFake.start();
    gw = await startGateway(`
providers:
  up: { type: openai, base_url: "${upstream.baseUrl}", api_key: "${SERVER_KEY}", organization: org-1 }
endpoints:
  - { name: chat-ep, kind: chat, provider: up, model: gpt-4o-mini }
  - { name: embed-ep, kind: embeddings, provider: up, model: text-embedding-3-small }
`);
  });
  afterAll(async () => {
    await gw.close();
    await upstream.close();
  });
  beforeEach(() => upstream.reset());

  const routes = [
    ['native invocations', (gwUrl: string) => `${gwUrl}/gateway/chat-ep/native/invocations`, {}],
    ['OpenAI-compatible', (gwUrl: string) => `${gwUrl}/gateway/native/v1/chat/completions`, { model: 'chat-ep' }],
  ] as const;

  describe.each(routes)('%s', (_name, url, modelField) => {
    it('sends the configured model and the server-held key, never the client credentials', async () => {
      const res = await postJson(url(gw.url), { ...modelField, messages: [{ role: 'user', content: 'hi' }], temperature: 0.2, logit_bias: { '50256': -100 } }, {
        authorization: 'Bearer client-placeholder',
        'x-api-key': 'client-x-api-key',
      });
      expect(res.status).toBe(200);
      expect(upstream.requests).toHaveLength(1);
      const sent = upstream.last;
      expect(sent.path).toBe('/v1/chat/completions');
      expect(sent.body.model).toBe('gpt-4o-mini');
      expect(sent.headers.authorization).toBe(`Bearer ${SERVER_KEY}`);
      expect(sent.headers['x-api-key']).toBeUndefined();
      expect(sent.headers['openai-organization']).toBe('org-1');
      expect(sent.rawBody).not.toContain('client-placeholder');
      // Unknown fields pass through to an OpenAI-family provider untouched.
      expect(sent.body.logit_bias).toEqual({ '50256': -100 });
      expect(sent.body.temperature).toBe(0.2);
    });

    it("answers in OpenAI's chat.completion shape with usage", async () => {
      const res = await postJson(url(gw.url), { ...modelField, messages: [{ role: 'user', content: 'ping' }] });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-request-id')).toMatch(/.+/);
      expect(res.body).toEqual({
        id: 'chatcmpl-upstream-1',
        object: 'chat.completion',
        created: 1_700_000_000,
        model: 'gpt-4o-mini-2024-01-01',
        system_fingerprint: 'fp_test',
        choices: [{ index: 0, message: { role: 'assistant', content: 'reply to: ping', refusal: null }, logprobs: null, finish_reason: 'stop' }],
        usage: OPENAI_USAGE,
      });
    });

    it('streams chat.completion.chunk events ending in [DONE], asking the upstream for usage but forwarding it only on request', async () => {
      const response = await fetch(url(gw.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...modelField, stream: true, messages: [{ role: 'user', content: 'hi' }] }),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const events = await readSseData(response);
      expect(upstream.last.body.stream_options).toEqual({ include_usage: true });
      expect(events[events.length - 1]).toBe('[DONE]');
      const chunks = events.slice(0, -1).map((e) => JSON.parse(e));
      expect(chunks.every((c) => c.object === 'chat.completion.chunk')).toBe(true);
      expect(chunks.map((c) => c.choices[0]?.delta?.content ?? '').join('')).toBe('Hello from upstream');
      expect(chunks.slice(0, -1).every((c) => c.choices[0].finish_reason === null)).toBe(true);
      expect(chunks[chunks.length - 1].choices[0].finish_reason).toBe('stop');
      expect(chunks.some((c) => c.usage)).toBe(false);
    });

    it('forwards the usage chunk when the client asked for include_usage', async () => {
      const response = await fetch(url(gw.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...modelField, stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'hi' }] }),
      });
      const events = await readSseData(response);
      const usageChunk = JSON.parse(events[events.length - 2]);
      expect(usageChunk.choices).toEqual([]);
      expect(usageChunk.usage).toEqual(OPENAI_USAGE);
    });
  });

  it('relays streamed tool-call argument deltas', async () => {
    upstream.enqueue(respondOpenAi.stream([], { toolCall: { name: 'get_weather', args: ['{"city":', '"Paris"}'] } }));
    const response = await fetch(`${gw.url}/gateway/native/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'chat-ep',
        stream: true,
        messages: [{ role: 'user', content: 'weather?' }],
        tools: [{ type: 'function', function: { name: 'get_weather', description: 'Weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }],
        tool_choice: 'auto',
      }),
    });
    const chunks = (await readSseData(response)).slice(0, -1).map((e) => JSON.parse(e));
    const calls = chunks.flatMap((c) => c.choices[0]?.delta?.tool_calls ?? []);
    expect(calls[0]).toMatchObject({ index: 0, id: 'call_1', type: 'function', function: { name: 'get_weather' } });
    expect(calls.map((c) => c.function?.arguments ?? '').join('')).toBe('{"city":"Paris"}');
    expect(upstream.last.body.tools[0].function.name).toBe('get_weather');
    expect(chunks[chunks.length - 1].choices[0].finish_reason).toBe('tool_calls');
  });

  it('serves embeddings on the native route and the OpenAI-compatible route', async () => {
    const native = await postJson(`${gw.url}/gateway/embed-ep/native/invocations`, { input: ['a', 'b'] });
    expect(native.status).toBe(200);
    expect(upstream.last.body).toEqual({ model: 'text-embedding-3-small', input: ['a', 'b'] });
    expect(native.body).toEqual({
      object: 'list',
      model: 'text-embedding-3-small',
      data: [
        { object: 'embedding', index: 0, embedding: [0.25, -0.5, 0.125] },
        { object: 'embedding', index: 1, embedding: [1.25, -0.5, 0.125] },
      ],
      usage: { prompt_tokens: 5, total_tokens: 5 },
    });
    const compat = await postJson(`${gw.url}/gateway/native/v1/embeddings`, { model: 'embed-ep', input: 'a', encoding_format: 'base64' });
    expect(compat.status).toBe(200);
    const vector = Buffer.from(compat.body.data[0].embedding, 'base64');
    expect([vector.readFloatLE(0), vector.readFloatLE(4), vector.readFloatLE(8)]).toEqual([0.25, -0.5, 0.125]);
  });

  it('lists endpoints as OpenAI models without revealing provider models', async () => {
    const res = await fetch(`${gw.url}/gateway/native/v1/models`);
    const body = (await res.json()) as any;
    expect(body.object).toBe('list');
    expect(body.data.map((m: { id: string }) => m.id).sort()).toEqual(['chat-ep', 'embed-ep']);
    expect(JSON.stringify(body)).not.toContain('gpt-4o-mini');
  });

  it('never writes the provider key to a log line', async () => {
    await postJson(`${gw.url}/gateway/chat-ep/native/invocations`, { messages: [{ role: 'user', content: 'hi' }] });
    expect(gw.logs.length).toBeGreaterThan(0);
    expect(gw.logs.join('\n')).not.toContain(SERVER_KEY);
  });
});
