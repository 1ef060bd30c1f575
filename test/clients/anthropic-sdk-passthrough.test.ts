import Anthropic from '@anthropic-ai/sdk';
import { ANTHROPIC_USAGE, AnthropicFake, respondAnthropic } from '../fakes/anthropic-fake';
import { eventually } from '../support/eventually';
import { startGateway, type TestGateway } from '../support/start-gateway';

const SERVER_KEY = 'sk-ant-server-held-99';

/** The official Anthropic SDK, with a placeholder key, against /gateway/anthropic (and the vendor-b alias). */
describe('Anthropic passthrough with the official @anthropic-ai/sdk', () => {
  let upstream: AnthropicFake;
  let gw: TestGateway;

  beforeAll(async () => {
    upstream = await AnthropicFake.start();
    gw = await startGateway(`
providers:
  claude: { type: anthropic, base_url: "${upstream.baseUrl}", api_key: "${SERVER_KEY}" }
  up: { type: openai, base_url: "http://127.0.0.1:9/v1", api_key: x }
endpoints:
  - { name: my-claude, kind: chat, provider: claude, model: claude-haiku-4-5 }
  - { name: openai-chat, kind: chat, provider: up, model: gpt-4o-mini }
`);
  });
  afterAll(async () => {
    await gw.close();
    await upstream.close();
  });
  beforeEach(() => upstream.reset());

  const client = (vendor = 'anthropic') => new Anthropic({ apiKey: 'placeholder-key', baseURL: `${gw.url}/gateway/${vendor}`, maxRetries: 0 });

  function expectServerCredentials() {
    const headers = upstream.last.headers;
    expect(headers['x-api-key']).toBe(SERVER_KEY);
    expect(headers.authorization).toBeUndefined();
    expect(JSON.stringify(headers)).not.toContain('placeholder-key');
    expect(headers['anthropic-version']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  }

  it.each(['anthropic', 'vendor-b'])('messages.create via /gateway/%s relays the body with only the model changed', async (vendor) => {
    const message = await client(vendor).messages.create({ model: 'my-claude', max_tokens: 64, messages: [{ role: 'user', content: 'Hello' }], stop_sequences: ['END'] });
    expect(message.content[0]).toMatchObject({ type: 'text', text: 'reply to: Hello' });
    expect(upstream.last.pathname).toBe('/v1/messages');
    expect(upstream.last.body).toEqual({ model: 'claude-haiku-4-5', max_tokens: 64, messages: [{ role: 'user', content: 'Hello' }], stop_sequences: ['END'] });
    expectServerCredentials();
  });

  it('passes feature headers such as anthropic-beta', async () => {
    await client().messages.create({ model: 'my-claude', max_tokens: 8, messages: [{ role: 'user', content: 'x' }] }, { headers: { 'anthropic-beta': 'prompt-caching-2024-07-31' } });
    expect(upstream.last.headers['anthropic-beta']).toBe('prompt-caching-2024-07-31');
  });

  it('streams with the SDK, tool use included', async () => {
    const stream = client().messages.stream({ model: 'my-claude', max_tokens: 64, messages: [{ role: 'user', content: 'Hi' }] });
    let text = '';
    stream.on('text', (delta) => (text += delta));
    const final = await stream.finalMessage();
    expect(text).toBe(final.content.map((b) => (b.type === 'text' ? b.text : '')).join(''));
    expect(text.length).toBeGreaterThan(0);
    expectServerCredentials();

    upstream.enqueue(respondAnthropic.stream([], { toolUse: { name: 'get_weather', inputJson: ['{"city":', '"Paris"}'] } }));
    const tool = await client()
      .messages.stream({ model: 'my-claude', max_tokens: 64, messages: [{ role: 'user', content: 'weather?' }], tools: [{ name: 'get_weather', input_schema: { type: 'object' } }] })
      .finalMessage();
    expect(tool.content.find((b) => b.type === 'tool_use')).toMatchObject({ name: 'get_weather', input: { city: 'Paris' } });
  });

  it('accounts usage, adding cache reads and writes to the input once', async () => {
    await client().messages.create({ model: 'my-claude', max_tokens: 8, messages: [{ role: 'user', content: 'x' }] });
    const stream = client().messages.stream({ model: 'my-claude', max_tokens: 8, messages: [{ role: 'user', content: 'y' }] });
    await stream.finalMessage();
    const input = ANTHROPIC_USAGE.input_tokens + ANTHROPIC_USAGE.cache_creation_input_tokens + ANTHROPIC_USAGE.cache_read_input_tokens;
    await eventually(() => {
      const records = gw.logs.filter((l) => l.includes('"apiStyle":"anthropic-passthrough"') && l.includes('"msg":"usage"')).map((l) => JSON.parse(l).usage);
      expect(records.slice(-2).map((r: { usage: unknown }) => r.usage)).toEqual([
        { inputTokens: input, outputTokens: ANTHROPIC_USAGE.output_tokens, totalTokens: input + ANTHROPIC_USAGE.output_tokens, cachedInputTokens: 5, cacheWriteTokens: 4 },
        expect.objectContaining({ inputTokens: input, cachedInputTokens: 5, cacheWriteTokens: 4 }),
      ]);
    });
  });

  it("provider errors reach the SDK as its own exception types, in Anthropic's shape", async () => {
    upstream.enqueue(respondAnthropic.error(401, 'authentication_error', `invalid x-api-key ${SERVER_KEY}`));
    const unauthorized = await client().messages.create({ model: 'my-claude', max_tokens: 8, messages: [{ role: 'user', content: 'x' }] }).catch((e: unknown) => e);
    expect(unauthorized).toBeInstanceOf(Anthropic.AuthenticationError);
    expect(String((unauthorized as Error).message)).not.toContain(SERVER_KEY);

    upstream.enqueue(respondAnthropic.error(429, 'rate_limit_error', 'slow down', { 'retry-after': '2' }));
    await expect(client().messages.create({ model: 'my-claude', max_tokens: 8, messages: [{ role: 'user', content: 'x' }] })).rejects.toBeInstanceOf(Anthropic.RateLimitError);

    upstream.enqueue(respondAnthropic.error(500, 'api_error', 'boom'));
    await expect(client().messages.create({ model: 'my-claude', max_tokens: 8, messages: [{ role: 'user', content: 'x' }] })).rejects.toBeInstanceOf(Anthropic.InternalServerError);
  });

  it("the gateway's own errors are Anthropic-shaped too", async () => {
    const missing = await client().messages.create({ model: 'nope', max_tokens: 8, messages: [{ role: 'user', content: 'x' }] }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(Anthropic.NotFoundError);
    // An OpenAI-backed endpoint is translated; its provider (nothing listens there) fails as the gateway's own error, in Anthropic's shape.
    const unreachable = await client().messages.create({ model: 'openai-chat', max_tokens: 8, messages: [{ role: 'user', content: 'x' }] }).catch((e: unknown) => e);
    expect(unreachable).toBeInstanceOf(Anthropic.InternalServerError);
    expect((unreachable as { status?: number }).status).toBe(502);
    expect((unreachable as { error?: any }).error).toEqual({ type: 'error', error: { type: expect.any(String), message: expect.stringContaining('could not be reached') } });
  });

  it('a mid-stream upstream reset ends the SDK stream with an error, not a hang', async () => {
    upstream.enqueue(respondAnthropic.stream(['a', 'b', 'c', 'd'], { resetAfter: 2, intervalMs: 10 }));
    await expect(client().messages.stream({ model: 'my-claude', max_tokens: 8, messages: [{ role: 'user', content: 'x' }] }).finalMessage()).rejects.toThrow();
  });

  it('a client that disconnects aborts the upstream call', async () => {
    upstream.enqueue(respondAnthropic.stream(Array.from({ length: 100 }, (_, i) => `t${i}`), { intervalMs: 20 }));
    const controller = new AbortController();
    const stream = await client().messages.create({ model: 'my-claude', max_tokens: 8, stream: true, messages: [{ role: 'user', content: 'x' }] }, { signal: controller.signal });
    const iterator = stream[Symbol.asyncIterator]();
    await iterator.next();
    controller.abort();
    await upstream.waitForEarlyClose();
  });
});
