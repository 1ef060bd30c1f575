import OpenAI from 'openai';
import { ANTHROPIC_USAGE, AnthropicFake, respondAnthropic } from '../fakes/anthropic-fake';
import { startGateway, type TestGateway } from '../support/start-gateway';
import { readChatStream } from '../support/read-chat-stream';

const SERVER_KEY = 'sk-ant-server-held-31';
const CLIENT_KEY = 'placeholder-openai-key';

const weatherTool = {
  type: 'function' as const,
  function: { name: 'get_weather', description: 'Current weather for a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
};

/** Anthropic's input_tokens leave the cache out; OpenAI's prompt_tokens include it. */
const PROMPT_TOKENS = ANTHROPIC_USAGE.input_tokens + ANTHROPIC_USAGE.cache_read_input_tokens + ANTHROPIC_USAGE.cache_creation_input_tokens;

/**
 * The official OpenAI SDK on the unified API (/gateway/native/v1) calling an endpoint
 * served by the anthropic provider: Chat Completions in, the Messages API upstream.
 */
describe('OpenAI SDK -> Anthropic-backed endpoint', () => {
  let upstream: AnthropicFake;
  let gw: TestGateway;

  beforeAll(async () => {
    upstream = await AnthropicFake.start();
    gw = await startGateway(`
providers:
  claude: { type: anthropic, base_url: "${upstream.baseUrl}", api_key: "${SERVER_KEY}" }
endpoints:
  - { name: claude-chat, kind: chat, provider: claude, model: claude-haiku-4-5 }
`);
  });
  afterAll(async () => {
    await gw.close();
    await upstream.close();
  });
  beforeEach(() => upstream.reset());

  const client = () => new OpenAI({ apiKey: CLIENT_KEY, baseURL: `${gw.url}/gateway/native/v1`, maxRetries: 0 });

  function expectServerCredentials(): void {
    const headers = upstream.last.headers;
    expect(headers['x-api-key']).toBe(SERVER_KEY);
    expect(headers.authorization).toBeUndefined();
    expect(headers['anthropic-version']).toBe('2023-06-01');
    expect(JSON.stringify(headers)).not.toContain(CLIENT_KEY);
  }

  it('chat.completions.create: the upstream gets a Messages body, the client a chat.completion', async () => {
    const completion = await client().chat.completions.create({
      model: 'claude-chat',
      messages: [{ role: 'system', content: 'Be terse.' }, { role: 'user', content: 'Hello' }],
      max_tokens: 64,
      temperature: 0.3,
      stop: ['END'],
    });
    expect(upstream.last.pathname).toBe('/v1/messages');
    expect(upstream.last.body).toEqual({
      model: 'claude-haiku-4-5',
      max_tokens: 64,
      system: 'Be terse.',
      messages: [{ role: 'user', content: 'Hello' }],
      temperature: 0.3,
      stop_sequences: ['END'],
    });
    expectServerCredentials();

    expect(completion.object).toBe('chat.completion');
    expect(completion.choices[0]).toMatchObject({ index: 0, message: { role: 'assistant', content: 'reply to: Hello' }, finish_reason: 'stop' });
    expect(completion.usage).toMatchObject({
      prompt_tokens: PROMPT_TOKENS,
      completion_tokens: ANTHROPIC_USAGE.output_tokens,
      total_tokens: PROMPT_TOKENS + ANTHROPIC_USAGE.output_tokens,
      prompt_tokens_details: { cached_tokens: ANTHROPIC_USAGE.cache_read_input_tokens },
    });
  });

  it('a request without max_tokens gets the documented default, Anthropic requiring one', async () => {
    await client().chat.completions.create({ model: 'claude-chat', messages: [{ role: 'user', content: 'x' }] });
    expect(upstream.last.body.max_tokens).toBe(4096);
  });

  it('streams: text deltas, the finish reason and the usage chunk the client asked for', async () => {
    const stream = await client().chat.completions.create({
      model: 'claude-chat',
      messages: [{ role: 'user', content: 'Hi' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const { pieces, finishes, usages } = await readChatStream(stream);
    expect(pieces).toEqual(['Hello', ' from', ' upstream']);
    expect(finishes).toEqual(['stop']);
    expect(usages).toHaveLength(1);
    expect(usages[0]).toMatchObject({ prompt_tokens: PROMPT_TOKENS, completion_tokens: ANTHROPIC_USAGE.output_tokens });
    expect(upstream.last.body.stream).toBe(true);
    expectServerCredentials();
  });

  it('a tool call: functions go as Anthropic tools, tool_use comes back as tool_calls', async () => {
    upstream.enqueue(respondAnthropic.message({ text: null, toolUse: { id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } } }));
    const completion = await client().chat.completions.create({
      model: 'claude-chat',
      messages: [{ role: 'user', content: 'Weather in Paris?' }],
      tools: [weatherTool],
      tool_choice: 'required',
      parallel_tool_calls: false,
    });
    expect(upstream.last.body).toMatchObject({
      tools: [{ name: 'get_weather', description: weatherTool.function.description, input_schema: weatherTool.function.parameters }],
      tool_choice: { type: 'any', disable_parallel_tool_use: true },
    });
    expect(completion.choices[0].finish_reason).toBe('tool_calls');
    expect(completion.choices[0].message.content).toBeNull();
    expect(completion.choices[0].message.tool_calls).toEqual([{ id: 'toolu_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }]);
  });

  it('a streamed tool call: input_json_delta pieces become argument deltas the SDK assembles', async () => {
    upstream.enqueue(respondAnthropic.stream(['Let me check.'], { toolUse: { id: 'toolu_1', name: 'get_weather', inputJson: ['{"city":', '"Paris"}'] } }));
    const stream = client().chat.completions.stream({ model: 'claude-chat', messages: [{ role: 'user', content: 'Weather?' }], tools: [weatherTool] });
    const argumentDeltas: string[] = [];
    stream.on('tool_calls.function.arguments.delta', (event) => argumentDeltas.push(event.arguments_delta));
    const final = await stream.finalChatCompletion();
    // The first delta opens the call with empty arguments, as OpenAI's own streams do.
    expect(argumentDeltas).toEqual(['', '{"city":', '"Paris"}']);
    expect(final.choices[0].finish_reason).toBe('tool_calls');
    expect(final.choices[0].message.content).toBe('Let me check.');
    expect(final.choices[0].message.tool_calls).toEqual([expect.objectContaining({ id: 'toolu_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } })]);
  });

  it('the tool result turn reaches Anthropic as tool_use and tool_result blocks', async () => {
    await client().chat.completions.create({
      model: 'claude-chat',
      tools: [weatherTool],
      messages: [
        { role: 'user', content: 'Weather in Paris?' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'toolu_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
        { role: 'tool', tool_call_id: 'toolu_1', content: '18C and sunny' },
      ],
    });
    expect(upstream.last.body.messages).toEqual([
      { role: 'user', content: 'Weather in Paris?' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: '18C and sunny' }] },
    ]);
  });

  it('a parameter Anthropic cannot honour is a 400 naming it, and nothing goes upstream', async () => {
    const error = await client().chat.completions.create({ model: 'claude-chat', messages: [{ role: 'user', content: 'x' }], n: 2 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as InstanceType<typeof OpenAI.BadRequestError>).param).toBe('n');
    expect(upstream.requests).toHaveLength(0);
  });

  it("Anthropic's errors reach the SDK as OpenAI's exception types, the key scrubbed", async () => {
    upstream.enqueue(respondAnthropic.error(429, 'rate_limit_error', 'slow down', { 'retry-after': '7' }));
    const limited = await client().chat.completions.create({ model: 'claude-chat', messages: [{ role: 'user', content: 'x' }] }).catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(OpenAI.RateLimitError);
    expect((limited as InstanceType<typeof OpenAI.RateLimitError>).headers?.get('retry-after')).toBe('7');

    upstream.enqueue(respondAnthropic.error(400, 'invalid_request_error', `messages: bad input (key ${SERVER_KEY})`));
    const rejected = await client().chat.completions.create({ model: 'claude-chat', messages: [{ role: 'user', content: 'x' }] }).catch((e: unknown) => e);
    expect(rejected).toBeInstanceOf(OpenAI.BadRequestError);
    expect(String((rejected as Error).message)).toContain('messages: bad input');
    expect(String((rejected as Error).message)).not.toContain(SERVER_KEY);
  });
});
