import OpenAI from 'openai';
import { GeminiFake, GEMINI_USAGE, respondGemini } from '../fakes/gemini-fake';
import { startGateway, type TestGateway } from '../support/start-gateway';
import { readChatStream } from '../support/read-chat-stream';

const SERVER_KEY = 'AIza-server-held-key-77';
const CLIENT_KEY = 'placeholder-openai-key';

const weatherTool = {
  type: 'function' as const,
  function: { name: 'get_weather', description: 'Current weather for a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
};

/** Gemini's prompt count includes the cache already; its candidates count leaves thinking out, which OpenAI's completion tokens include. */
const PROMPT_TOKENS = GEMINI_USAGE.promptTokenCount;
const COMPLETION_TOKENS = GEMINI_USAGE.candidatesTokenCount + GEMINI_USAGE.thoughtsTokenCount;

/**
 * The official OpenAI SDK on the unified API (/gateway/native/v1) calling endpoints
 * served by the gemini provider: Chat Completions and Embeddings in, generateContent,
 * streamGenerateContent and batchEmbedContents upstream.
 */
describe('OpenAI SDK -> Gemini-backed endpoint', () => {
  let upstream: GeminiFake;
  let gw: TestGateway;

  beforeAll(async () => {
    upstream = await GeminiFake.start();
    gw = await startGateway(`
providers:
  google: { type: gemini, base_url: "${upstream.baseUrl}", api_key: "${SERVER_KEY}" }
endpoints:
  - { name: gem-chat, kind: chat, provider: google, model: gemini-2.5-flash }
  - { name: gem-embed, kind: embeddings, provider: google, model: gemini-embedding-001 }
`);
  });
  afterAll(async () => {
    await gw.close();
    await upstream.close();
  });
  beforeEach(() => upstream.reset());

  const client = () => new OpenAI({ apiKey: CLIENT_KEY, baseURL: `${gw.url}/gateway/native/v1`, maxRetries: 0 });

  function expectServerCredentials(): void {
    expect(upstream.last.headers['x-goog-api-key']).toBe(SERVER_KEY);
    expect(upstream.last.query.key).toBeUndefined();
    expect(upstream.last.headers.authorization).toBeUndefined();
    expect(JSON.stringify(upstream.last.headers)).not.toContain(CLIENT_KEY);
  }

  it('chat.completions.create: the upstream gets a generateContent body, the client a chat.completion', async () => {
    const completion = await client().chat.completions.create({
      model: 'gem-chat',
      messages: [{ role: 'system', content: 'Be terse.' }, { role: 'user', content: 'Hello' }],
      max_tokens: 64,
      temperature: 0.3,
      stop: ['END'],
    });
    expect(upstream.last.pathname).toBe('/v1beta/models/gemini-2.5-flash:generateContent');
    expect(upstream.last.body).toEqual({
      contents: [{ role: 'user', parts: [{ text: 'Hello' }] }],
      systemInstruction: { parts: [{ text: 'Be terse.' }] },
      generationConfig: { stopSequences: ['END'], temperature: 0.3, maxOutputTokens: 64 },
    });
    expectServerCredentials();

    expect(completion.object).toBe('chat.completion');
    expect(completion.choices[0]).toMatchObject({ index: 0, message: { role: 'assistant', content: 'reply to: Hello' }, finish_reason: 'stop' });
    expect(completion.usage).toMatchObject({
      prompt_tokens: PROMPT_TOKENS,
      completion_tokens: COMPLETION_TOKENS,
      total_tokens: GEMINI_USAGE.totalTokenCount,
      prompt_tokens_details: { cached_tokens: GEMINI_USAGE.cachedContentTokenCount },
      completion_tokens_details: { reasoning_tokens: GEMINI_USAGE.thoughtsTokenCount },
    });
  });

  it('streams over alt=sse: text deltas, one finish reason and the usage chunk the client asked for', async () => {
    const stream = await client().chat.completions.create({
      model: 'gem-chat',
      messages: [{ role: 'user', content: 'Hi' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const { pieces, finishes, usages } = await readChatStream(stream);
    expect(pieces).toEqual(['Hello', ' from', ' upstream']);
    expect(finishes).toEqual(['stop']);
    expect(usages).toHaveLength(1);
    expect(usages[0]).toMatchObject({ prompt_tokens: PROMPT_TOKENS, completion_tokens: COMPLETION_TOKENS });
    expect(upstream.last.rpc).toBe('streamGenerateContent');
    expect(upstream.last.query.alt).toBe('sse');
    expectServerCredentials();
  });

  it('a tool call: functions go as functionDeclarations, a functionCall comes back as tool_calls', async () => {
    upstream.enqueue(respondGemini.generate({ text: null, functionCall: { name: 'get_weather', args: { city: 'Paris' } } }));
    const completion = await client().chat.completions.create({
      model: 'gem-chat',
      messages: [{ role: 'user', content: 'Weather in Paris?' }],
      tools: [weatherTool],
      tool_choice: { type: 'function', function: { name: 'get_weather' } },
    });
    expect(upstream.last.body).toMatchObject({
      tools: [{ functionDeclarations: [{ name: 'get_weather', description: weatherTool.function.description, parametersJsonSchema: weatherTool.function.parameters }] }],
      toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['get_weather'] } },
    });
    const choice = completion.choices[0];
    expect(choice.finish_reason).toBe('tool_calls');
    expect(choice.message.content).toBeNull();
    expect(choice.message.tool_calls).toEqual([{ id: expect.stringMatching(/^call_/), type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }]);
  });

  it('a streamed tool call arrives as one delta carrying the whole arguments, which the SDK assembles', async () => {
    upstream.enqueue(respondGemini.stream(['Let me check.'], { functionCall: { name: 'get_weather', args: { city: 'Paris' } } }));
    const stream = client().chat.completions.stream({ model: 'gem-chat', messages: [{ role: 'user', content: 'Weather?' }], tools: [weatherTool] });
    const final = await stream.finalChatCompletion();
    expect(final.choices[0].finish_reason).toBe('tool_calls');
    expect(final.choices[0].message.content).toBe('Let me check.');
    expect(final.choices[0].message.tool_calls).toEqual([expect.objectContaining({ type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } })]);
  });

  it('the tool result turn reaches Gemini as functionCall and functionResponse parts, linked by name', async () => {
    await client().chat.completions.create({
      model: 'gem-chat',
      tools: [weatherTool],
      messages: [
        { role: 'user', content: 'Weather in Paris?' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'call_9', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
        { role: 'tool', tool_call_id: 'call_9', content: '18C and sunny' },
      ],
    });
    expect(upstream.last.body.contents).toEqual([
      { role: 'user', parts: [{ text: 'Weather in Paris?' }] },
      { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' }, id: 'call_9' } }] },
      { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { output: '18C and sunny' }, id: 'call_9' } }] },
    ]);
  });

  it('embeddings.create: one batchEmbedContents call, vectors in order (base64 too)', async () => {
    const result = await client().embeddings.create({ model: 'gem-embed', input: ['one', 'two'], dimensions: 3 });
    expect(upstream.last.pathname).toBe('/v1beta/models/gemini-embedding-001:batchEmbedContents');
    expect(upstream.last.body).toEqual({
      requests: [
        { model: 'models/gemini-embedding-001', content: { parts: [{ text: 'one' }] }, outputDimensionality: 3 },
        { model: 'models/gemini-embedding-001', content: { parts: [{ text: 'two' }] }, outputDimensionality: 3 },
      ],
    });
    expectServerCredentials();
    expect(result.data.map((d) => [d.index, d.embedding])).toEqual([[0, [0.25, -0.5, 0.125]], [1, [1.25, -0.5, 0.125]]]);
    // Without encoding_format the SDK asks for base64 and decodes it itself.
    const plain = await client().embeddings.create({ model: 'gem-embed', input: 'one' });
    expect(plain.data[0].embedding).toEqual([0.25, -0.5, 0.125]);
  });

  it("Gemini's errors reach the SDK as OpenAI's exception types, the key scrubbed", async () => {
    upstream.enqueue(respondGemini.error(429, 'RESOURCE_EXHAUSTED', 'Quota exceeded', { headers: { 'retry-after': '7' } }));
    const limited = await client().chat.completions.create({ model: 'gem-chat', messages: [{ role: 'user', content: 'x' }] }).catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(OpenAI.RateLimitError);
    expect((limited as InstanceType<typeof OpenAI.RateLimitError>).headers?.get('retry-after')).toBe('7');

    upstream.enqueue(respondGemini.error(400, 'INVALID_ARGUMENT', `contents: bad input (key ${SERVER_KEY})`));
    const rejected = await client().chat.completions.create({ model: 'gem-chat', messages: [{ role: 'user', content: 'x' }] }).catch((e: unknown) => e);
    expect(rejected).toBeInstanceOf(OpenAI.BadRequestError);
    expect(String((rejected as Error).message)).toContain('contents: bad input');
    expect(String((rejected as Error).message)).not.toContain(SERVER_KEY);
  });

  it('a hint Gemini cannot honour (parallel_tool_calls: false) is dropped and named, not refused', async () => {
    const { data, response } = await client()
      .chat.completions.create({ model: 'gem-chat', messages: [{ role: 'user', content: 'x' }], tools: [weatherTool], parallel_tool_calls: false })
      .withResponse();
    expect(data.choices[0].message.role).toBe('assistant');
    expect(response.headers.get('x-gateway-dropped-fields')).toContain('parallel_tool_calls');
    expect(upstream.requests).toHaveLength(1);
    expect(JSON.stringify(upstream.requests[0].body)).not.toMatch(/parallel/i);
  });
});
