import OpenAI from 'openai';
import { OpenAiFake, respondOpenAi, OPENAI_USAGE } from '../fakes/openai-fake';
import { eventually } from '../support/eventually';
import { startGateway, type TestGateway } from '../support/start-gateway';

const SERVER_KEY = 'sk-passthrough-server-7';
type ApiError = InstanceType<typeof OpenAI.APIError>;

/** The official OpenAI SDK with a placeholder key against /gateway/openai/v1 (and the vendor-a alias). */
describe('OpenAI passthrough with the official openai SDK', () => {
  let upstream: OpenAiFake;
  let gw: TestGateway;

  beforeAll(async () => {
    upstream = await OpenAiFake.start();
    gw = await startGateway(`
providers:
  up: { type: openai, base_url: "${upstream.baseUrl}", api_key: "${SERVER_KEY}" }
endpoints:
  - { name: my-chat, kind: chat, provider: up, model: gpt-4o-mini }
  - { name: my-embed, kind: embeddings, provider: up, model: text-embedding-3-small }
  - { name: demo, kind: chat, provider: mock, model: echo }
`);
  });
  afterAll(async () => {
    await gw.close();
    await upstream.close();
  });
  beforeEach(() => upstream.reset());

  const client = (vendor = 'openai') =>
    new OpenAI({ apiKey: 'placeholder-client-key', baseURL: `${gw.url}/gateway/${vendor}/v1`, maxRetries: 0, defaultHeaders: { 'openai-beta': 'assistants=v2' } });

  function expectRelayedWithServerKey() {
    const sent = upstream.last;
    expect(sent.headers.authorization).toBe(`Bearer ${SERVER_KEY}`);
    expect(sent.rawBody).not.toContain('placeholder-client-key');
    expect(JSON.stringify(sent.headers)).not.toContain('placeholder-client-key');
    // Feature headers pass through.
    expect(sent.headers['openai-beta']).toBe('assistants=v2');
  }

  it.each(['openai', 'vendor-a'])('chat.completions.create via /gateway/%s/v1 relays the body with only model changed', async (vendor) => {
    const completion = await client(vendor).chat.completions.create({
      model: 'my-chat',
      messages: [{ role: 'user', content: 'Hello' }],
      temperature: 0.3,
      // A field the gateway knows nothing about reaches the provider untouched.
      ...({ store: true, metadata: { team: 'a' } } as object),
    });
    expect(completion.choices[0].message.content).toBe('reply to: Hello');
    expect(upstream.last.path).toBe('/v1/chat/completions');
    expect(upstream.last.body).toEqual({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hello' }], temperature: 0.3, store: true, metadata: { team: 'a' } });
    expectRelayedWithServerKey();
  });

  it('streams, hiding the usage chunk the gateway asked for on its own', async () => {
    const stream = await client().chat.completions.create({ model: 'my-chat', messages: [{ role: 'user', content: 'Hi' }], stream: true });
    const chunks: OpenAI.ChatCompletionChunk[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks.map((c) => c.choices[0]?.delta?.content ?? '').join('')).toBe('Hello from upstream');
    expect(chunks.every((c) => c.choices.length > 0)).toBe(true);
    expect(upstream.last.body.stream_options).toEqual({ include_usage: true });
    expectRelayedWithServerKey();
  });

  it('streams the usage chunk to a client that asked for it', async () => {
    const stream = await client().chat.completions.create({ model: 'my-chat', messages: [{ role: 'user', content: 'Hi' }], stream: true, stream_options: { include_usage: true } });
    let usage: OpenAI.CompletionUsage | null | undefined;
    for await (const chunk of stream) usage = chunk.usage ?? usage;
    expect(usage?.total_tokens).toBe(OPENAI_USAGE.total_tokens);
  });

  it('relays a streamed tool call', async () => {
    upstream.enqueue(respondOpenAi.stream([], { toolCall: { name: 'lookup', args: ['{"q":', '"x"}'] } }));
    const final = await client()
      .chat.completions.stream({ model: 'my-chat', messages: [{ role: 'user', content: 'x' }], tools: [{ type: 'function', function: { name: 'lookup', parameters: { type: 'object' } } }] })
      .finalChatCompletion();
    expect(final.choices[0].message.tool_calls?.[0]).toMatchObject({ function: { name: 'lookup', arguments: '{"q":"x"}' } });
  });

  it('embeddings.create', async () => {
    const result = await client().embeddings.create({ model: 'my-embed', input: 'one' });
    expect(result.data[0].embedding).toEqual([0.25, -0.5, 0.125]);
    expect(upstream.last.body.model).toBe('text-embedding-3-small');
    expectRelayedWithServerKey();
  });

  it('accounts usage from relayed bodies and streams', async () => {
    await client().chat.completions.create({ model: 'my-chat', messages: [{ role: 'user', content: 'count me' }] });
    const stream = await client().chat.completions.create({ model: 'my-chat', messages: [{ role: 'user', content: 'and me' }], stream: true });
    for await (const _ of stream) void _;
    await eventually(() => {
      const lines = gw.logs.filter((l) => l.includes('"apiStyle":"openai-passthrough"') && l.includes('"msg":"usage"')).map((l) => JSON.parse(l).usage);
      const recent = lines.slice(-2);
      expect(recent).toHaveLength(2);
      for (const record of recent) {
        expect(record.usage).toMatchObject({ inputTokens: 11, outputTokens: 7, totalTokens: 18, cachedInputTokens: 3, reasoningTokens: 2 });
        expect(record).toMatchObject({ endpoint: 'my-chat', provider: 'up', model: 'gpt-4o-mini', status: 200 });
        expect(record.costUsd).toBeGreaterThan(0);
      }
      expect(recent.map((r: { stream: boolean }) => r.stream)).toEqual([false, true]);
    });
  });

  it("provider errors reach the SDK as its usual exceptions, in OpenAI's own body, key scrubbed", async () => {
    upstream.enqueue(respondOpenAi.status(401, { error: { message: `Incorrect API key provided: ${SERVER_KEY}`, type: 'invalid_request_error', code: 'invalid_api_key', param: null } }));
    const unauthorized = await client().chat.completions.create({ model: 'my-chat', messages: [{ role: 'user', content: 'x' }] }).catch((e: unknown) => e);
    expect(unauthorized).toBeInstanceOf(OpenAI.AuthenticationError);
    expect((unauthorized as ApiError).message).toContain('[redacted]');
    expect((unauthorized as ApiError).message).not.toContain(SERVER_KEY);

    upstream.enqueue(respondOpenAi.status(429, { error: { message: 'Rate limit', type: 'requests', code: 'rate_limit_exceeded' } }, { 'retry-after': '3' }));
    const limited = await client().chat.completions.create({ model: 'my-chat', messages: [{ role: 'user', content: 'x' }] }).catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(OpenAI.RateLimitError);
    expect((limited as ApiError).headers?.get('retry-after')).toBe('3');

    upstream.enqueue(respondOpenAi.status(500, { error: { message: 'boom', type: 'server_error' } }));
    await expect(client().chat.completions.create({ model: 'my-chat', messages: [{ role: 'user', content: 'x' }] })).rejects.toBeInstanceOf(OpenAI.InternalServerError);
  });

  it('gateway errors are OpenAI-shaped: unknown endpoint, missing model; a provider of another format is translated', async () => {
    await expect(client().chat.completions.create({ model: 'nope', messages: [{ role: 'user', content: 'x' }] })).rejects.toBeInstanceOf(OpenAI.NotFoundError);
    // The mock does not speak OpenAI's wire format: the call goes through the canonical model instead of the relay.
    const translated = await client().chat.completions.create({ model: 'demo', messages: [{ role: 'user', content: 'x' }] });
    expect(translated.object).toBe('chat.completion');
    expect(translated.choices[0].message.role).toBe('assistant');
    const res = await fetch(`${gw.url}/gateway/openai/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ messages: [] }) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).error.param).toBe('model');
  });

  it('a mid-stream upstream reset ends the SDK stream with an error, not a hang', async () => {
    upstream.enqueue(respondOpenAi.stream(['a', 'b', 'c', 'd'], { resetAfter: 2, intervalMs: 10 }));
    const stream = await client().chat.completions.create({ model: 'my-chat', messages: [{ role: 'user', content: 'x' }], stream: true });
    const consume = async () => {
      for await (const _ of stream) void _;
    };
    await expect(consume()).rejects.toThrow();
  });

  it('a client that disconnects aborts the upstream call', async () => {
    upstream.enqueue(respondOpenAi.stream(Array.from({ length: 100 }, (_, i) => `t${i}`), { intervalMs: 20 }));
    const controller = new AbortController();
    const stream = await client().chat.completions.create({ model: 'my-chat', messages: [{ role: 'user', content: 'x' }], stream: true }, { signal: controller.signal });
    const iterator = stream[Symbol.asyncIterator]();
    await iterator.next();
    controller.abort();
    await upstream.waitForEarlyClose();
  });

  it('never lets a provider set-cookie through', async () => {
    upstream.enqueue(respondOpenAi.status(200, { object: 'list', model: 'x', data: [], usage: { prompt_tokens: 0, total_tokens: 0 } }, { 'set-cookie': 'session=provider' }));
    const res = await fetch(`${gw.url}/gateway/openai/v1/embeddings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'my-embed', input: 'x' }) });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toBeNull();
  });
});
