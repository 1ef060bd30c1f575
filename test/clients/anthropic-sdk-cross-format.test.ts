import Anthropic from '@anthropic-ai/sdk';
import { eventually } from '../support/eventually';
import { OpenAiFake, respondOpenAi, OPENAI_USAGE } from '../fakes/openai-fake';
import { startGateway, type TestGateway } from '../support/start-gateway';

const SERVER_KEY = 'sk-openai-server-held-77';
const CLIENT_KEY = 'placeholder-anthropic-key';

const weatherTool = {
  name: 'get_weather',
  description: 'Current weather for a city',
  input_schema: { type: 'object' as const, properties: { city: { type: 'string' } }, required: ['city'] },
};

/**
 * The official Anthropic SDK on /gateway/anthropic calling an endpoint served by an
 * OpenAI-type provider: the gateway translates the Messages body to Chat Completions
 * and the answer (JSON or stream) back to Anthropic's objects and events.
 */
describe('Anthropic SDK -> OpenAI-backed endpoint (translated)', () => {
  let upstream: OpenAiFake;
  let gw: TestGateway;

  beforeAll(async () => {
    upstream = await OpenAiFake.start();
    gw = await startGateway(`
providers:
  up: { type: openai, base_url: "${upstream.baseUrl}", api_key: "${SERVER_KEY}" }
endpoints:
  - { name: gpt-chat, kind: chat, provider: up, model: gpt-4o-mini }
`);
  });
  afterAll(async () => {
    await gw.close();
    await upstream.close();
  });
  beforeEach(() => upstream.reset());

  const client = () => new Anthropic({ apiKey: CLIENT_KEY, baseURL: `${gw.url}/gateway/anthropic`, maxRetries: 0 });

  function expectServerCredentials(): void {
    expect(upstream.last.headers.authorization).toBe(`Bearer ${SERVER_KEY}`);
    expect(upstream.last.headers['x-api-key']).toBeUndefined();
    expect(JSON.stringify(upstream.last.headers)).not.toContain(CLIENT_KEY);
  }

  it('messages.create: the upstream gets Chat Completions JSON, the client an Anthropic message', async () => {
    const message = await client().messages.create({
      model: 'gpt-chat',
      max_tokens: 64,
      system: 'Be terse.',
      messages: [{ role: 'user', content: 'Hello' }],
      stop_sequences: ['END'],
    });
    expect(upstream.last.path).toBe('/v1/chat/completions');
    expect(upstream.last.body).toEqual({
      model: 'gpt-4o-mini',
      messages: [{ role: 'system', content: 'Be terse.' }, { role: 'user', content: 'Hello' }],
      max_tokens: 64,
      stop: ['END'],
    });
    expectServerCredentials();

    expect(message).toMatchObject({
      type: 'message',
      role: 'assistant',
      content: [{ type: 'text', text: 'reply to: Hello' }],
      stop_reason: 'end_turn',
      stop_sequence: null,
    });
    // OpenAI's prompt_tokens include the cached ones; Anthropic's input_tokens do not.
    const cached = OPENAI_USAGE.prompt_tokens_details.cached_tokens;
    expect(message.usage).toMatchObject({ input_tokens: OPENAI_USAGE.prompt_tokens - cached, cache_read_input_tokens: cached, output_tokens: OPENAI_USAGE.completion_tokens });
  });

  it('messages.stream: text events and a final message with usage, from an OpenAI stream', async () => {
    const stream = client().messages.stream({ model: 'gpt-chat', max_tokens: 64, messages: [{ role: 'user', content: 'Hi' }] });
    let text = '';
    stream.on('text', (delta) => (text += delta));
    const final = await stream.finalMessage();
    expect(text).toBe('Hello from upstream');
    expect(final.content).toEqual([expect.objectContaining({ type: 'text', text: 'Hello from upstream' })]);
    expect(final.stop_reason).toBe('end_turn');
    expect(final.usage).toMatchObject({ output_tokens: OPENAI_USAGE.completion_tokens, input_tokens: OPENAI_USAGE.prompt_tokens - OPENAI_USAGE.prompt_tokens_details.cached_tokens });
    // The gateway always asks an OpenAI upstream for the usage chunk, to account the call.
    expect(upstream.last.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    expectServerCredentials();
  });

  it('a tool call: tools and tool_choice go as OpenAI functions, the call comes back as tool_use', async () => {
    upstream.enqueue(respondOpenAi.chat({ content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] }));
    const message = await client().messages.create({
      model: 'gpt-chat',
      max_tokens: 64,
      messages: [{ role: 'user', content: 'Weather in Paris?' }],
      tools: [weatherTool],
      tool_choice: { type: 'any', disable_parallel_tool_use: true },
    });
    expect(upstream.last.body).toMatchObject({
      tools: [{ type: 'function', function: { name: 'get_weather', description: weatherTool.description, parameters: weatherTool.input_schema } }],
      tool_choice: 'required',
      parallel_tool_calls: false,
    });
    expect(message.stop_reason).toBe('tool_use');
    expect(message.content).toEqual([{ type: 'tool_use', id: 'call_1', name: 'get_weather', input: { city: 'Paris' } }]);
  });

  it('a streamed tool call arrives as input_json_delta events the SDK assembles', async () => {
    upstream.enqueue(respondOpenAi.stream([], { toolCall: { name: 'get_weather', args: ['{"city":', '"Paris"}'] } }));
    const stream = client().messages.stream({ model: 'gpt-chat', max_tokens: 64, messages: [{ role: 'user', content: 'Weather?' }], tools: [weatherTool] });
    const partials: string[] = [];
    stream.on('inputJson', (partial) => partials.push(partial));
    const final = await stream.finalMessage();
    expect(partials).toEqual(['{"city":', '"Paris"}']);
    expect(final.stop_reason).toBe('tool_use');
    expect(final.content).toEqual([expect.objectContaining({ type: 'tool_use', id: 'call_1', name: 'get_weather', input: { city: 'Paris' } })]);
  });

  it('the tool result turn reaches OpenAI as an assistant tool_calls message and a tool message', async () => {
    await client().messages.create({
      model: 'gpt-chat',
      max_tokens: 64,
      tools: [weatherTool],
      messages: [
        { role: 'user', content: 'Weather in Paris?' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'call_1', name: 'get_weather', input: { city: 'Paris' } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_1', content: '18C and sunny' }] },
      ],
    });
    expect(upstream.last.body.messages).toEqual([
      { role: 'user', content: 'Weather in Paris?' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
      { role: 'tool', tool_call_id: 'call_1', content: '18C and sunny' },
    ]);
  });

  it("a stream the OpenAI upstream cuts ends with Anthropic's error event, which the SDK raises", async () => {
    upstream.enqueue(respondOpenAi.stream(['a', 'b', 'c', 'd'], { resetAfter: 2, intervalMs: 10 }));
    const stream = client().messages.stream({ model: 'gpt-chat', max_tokens: 8, messages: [{ role: 'user', content: 'x' }] });
    let text = '';
    stream.on('text', (delta) => (text += delta));
    const error = await stream.finalMessage().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.APIError);
    expect((error as InstanceType<typeof Anthropic.APIError>).error).toEqual({ type: 'error', error: { type: 'api_error', message: 'Provider "up" could not be reached (UND_ERR_SOCKET).' } });
    expect(text).toBe('ab');
  });

  it('accounts the translated call with the canonical usage', async () => {
    await client().messages.create({ model: 'gpt-chat', max_tokens: 8, messages: [{ role: 'user', content: 'x' }] });
    await eventually(() => {
      const records = gw.logs.filter((l) => l.includes('"apiStyle":"anthropic-passthrough"') && l.includes('"msg":"usage"')).map((l) => JSON.parse(l).usage);
      expect(records.at(-1)).toMatchObject({ providerType: 'openai', usage: { inputTokens: OPENAI_USAGE.prompt_tokens, outputTokens: OPENAI_USAGE.completion_tokens, cachedInputTokens: 3 } });
    });
  });

  it("errors reach the SDK as Anthropic's exception types", async () => {
    upstream.enqueue(respondOpenAi.status(429, { error: { message: 'slow down', type: 'rate_limit_error' } }, { 'retry-after': '3' }));
    const limited = await client().messages.create({ model: 'gpt-chat', max_tokens: 8, messages: [{ role: 'user', content: 'x' }] }).catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(Anthropic.RateLimitError);
    expect((limited as InstanceType<typeof Anthropic.RateLimitError>).error).toEqual({ type: 'error', error: { type: 'rate_limit_error', message: 'slow down' } });

    const count = upstream.requests.length;
    const unsupported = await client()
      .messages.create({ model: 'gpt-chat', max_tokens: 8, messages: [{ role: 'user', content: 'x' }], tools: [{ type: 'web_search_20250305', name: 'web_search' }] })
      .catch((e: unknown) => e);
    expect(unsupported).toBeInstanceOf(Anthropic.BadRequestError);
    expect(String((unsupported as Error).message)).toContain('tools[0].type');
    expect(upstream.requests.length).toBe(count);
  });
});
