import { FunctionCallingConfigMode, GoogleGenAI, Type } from '@google/genai';
import { eventually } from '../support/eventually';
import { ANTHROPIC_USAGE, AnthropicFake, respondAnthropic } from '../fakes/anthropic-fake';
import { startGateway, type TestGateway } from '../support/start-gateway';

const SERVER_KEY = 'sk-ant-server-held-55';
const CLIENT_KEY = 'placeholder-gemini-key';

/** Anthropic's input_tokens leave the cache out; Gemini's promptTokenCount includes it. */
const PROMPT_TOKENS = ANTHROPIC_USAGE.input_tokens + ANTHROPIC_USAGE.cache_read_input_tokens + ANTHROPIC_USAGE.cache_creation_input_tokens;

/**
 * The official google-genai SDK on /gateway/gemini calling an endpoint served by the
 * anthropic provider: the gateway decodes the generateContent body, sends Anthropic a
 * Messages call and answers (JSON or SSE stream) as Gemini responses.
 */
describe('google-genai SDK -> Anthropic-backed endpoint (translated)', () => {
  let upstream: AnthropicFake;
  let gw: TestGateway;

  beforeAll(async () => {
    upstream = await AnthropicFake.start();
    gw = await startGateway(`
providers:
  claude: { type: anthropic, base_url: "${upstream.baseUrl}", api_key: "${SERVER_KEY}" }
endpoints:
  - { name: claude-chat, kind: chat, provider: claude, model: claude-haiku-4-5 }
  - { name: mock-embed, kind: embeddings, provider: mock, model: echo }
`);
  });
  afterAll(async () => {
    await gw.close();
    await upstream.close();
  });
  beforeEach(() => upstream.reset());

  // Under jest the SDK cannot find undici's global dispatcher; handing it fetch works around that.
  const client = () =>
    new GoogleGenAI({ apiKey: CLIENT_KEY, httpOptions: { baseUrl: `${gw.url}/gateway/gemini`, fetch: (url: Parameters<typeof fetch>[0], init?: RequestInit) => fetch(url, init) } as never });

  function expectServerCredentials(): void {
    expect(upstream.last.headers['x-api-key']).toBe(SERVER_KEY);
    expect(upstream.last.headers['x-goog-api-key']).toBeUndefined();
    expect(JSON.stringify(upstream.last.headers)).not.toContain(CLIENT_KEY);
  }

  it('generateContent: the upstream gets a Messages body, the client a GenerateContentResponse', async () => {
    const response = await client().models.generateContent({
      model: 'claude-chat',
      contents: [{ role: 'user', parts: [{ text: 'Hello' }] }],
      config: { systemInstruction: 'Be terse.', maxOutputTokens: 64, temperature: 0.3, stopSequences: ['END'] },
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

    expect(response.text).toBe('reply to: Hello');
    expect(response.candidates?.[0].finishReason).toBe('STOP');
    expect(response.responseId).toBe('msg_fake_1');
    expect(response.usageMetadata).toMatchObject({
      promptTokenCount: PROMPT_TOKENS,
      candidatesTokenCount: ANTHROPIC_USAGE.output_tokens,
      totalTokenCount: PROMPT_TOKENS + ANTHROPIC_USAGE.output_tokens,
      cachedContentTokenCount: ANTHROPIC_USAGE.cache_read_input_tokens,
    });
  });

  it('generateContentStream: SSE items with the text, the last one finishing with usage; the call is accounted', async () => {
    const stream = await client().models.generateContentStream({ model: 'claude-chat', contents: 'Hi there' });
    const pieces: string[] = [];
    const finishes: string[] = [];
    let usage: unknown;
    for await (const chunk of stream) {
      if (chunk.text) pieces.push(chunk.text);
      for (const candidate of chunk.candidates ?? []) if (candidate.finishReason) finishes.push(candidate.finishReason);
      if (chunk.usageMetadata) usage = chunk.usageMetadata;
    }
    expect(pieces).toEqual(['Hello', ' from', ' upstream']);
    expect(finishes).toEqual(['STOP']);
    expect(usage).toMatchObject({ promptTokenCount: PROMPT_TOKENS, candidatesTokenCount: ANTHROPIC_USAGE.output_tokens });
    expect(upstream.last.body).toMatchObject({ stream: true, messages: [{ role: 'user', content: 'Hi there' }] });
    expectServerCredentials();
    await eventually(() => {
      const record = gw.logs.filter((l) => l.includes('"apiStyle":"gemini-passthrough"') && l.includes('"msg":"usage"')).map((l) => JSON.parse(l).usage).pop();
      expect(record.usage).toMatchObject({ inputTokens: PROMPT_TOKENS, outputTokens: ANTHROPIC_USAGE.output_tokens });
      expect(record.stream).toBe(true);
    });
  });

  it('a function call: declarations go as Anthropic tools, tool_use comes back as a functionCall', async () => {
    upstream.enqueue(respondAnthropic.message({ text: null, toolUse: { id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } } }));
    const response = await client().models.generateContent({
      model: 'claude-chat',
      contents: 'Weather in Paris?',
      config: {
        tools: [{ functionDeclarations: [{ name: 'get_weather', description: 'Current weather', parameters: { type: Type.OBJECT, properties: { city: { type: Type.STRING } }, required: ['city'] } }] }],
        toolConfig: { functionCallingConfig: { mode: FunctionCallingConfigMode.ANY } },
      },
    });
    expect(upstream.last.body).toMatchObject({
      tools: [{ name: 'get_weather', description: 'Current weather', input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }],
      tool_choice: { type: 'any' },
    });
    expect(response.functionCalls).toEqual([{ id: 'toolu_1', name: 'get_weather', args: { city: 'Paris' } }]);
    expect(response.candidates?.[0].finishReason).toBe('STOP');
  });

  it('a streamed function call: input_json_delta pieces are gathered into one functionCall', async () => {
    upstream.enqueue(respondAnthropic.stream(['Let me check.'], { toolUse: { id: 'toolu_2', name: 'get_weather', inputJson: ['{"city":', '"Paris"}'] } }));
    const stream = await client().models.generateContentStream({
      model: 'claude-chat',
      contents: 'Weather?',
      config: { tools: [{ functionDeclarations: [{ name: 'get_weather', parametersJsonSchema: { type: 'object', properties: { city: { type: 'string' } } } }] }] },
    });
    let text = '';
    const calls: unknown[] = [];
    for await (const chunk of stream) {
      text += chunk.text ?? '';
      calls.push(...(chunk.functionCalls ?? []));
    }
    expect(text).toBe('Let me check.');
    expect(calls).toEqual([{ id: 'toolu_2', name: 'get_weather', args: { city: 'Paris' } }]);
  });

  it('the function response turn reaches Anthropic as tool_use and tool_result blocks', async () => {
    await client().models.generateContent({
      model: 'claude-chat',
      contents: [
        { role: 'user', parts: [{ text: 'Weather in Paris?' }] },
        { role: 'model', parts: [{ functionCall: { id: 'toolu_1', name: 'get_weather', args: { city: 'Paris' } } }] },
        { role: 'user', parts: [{ functionResponse: { id: 'toolu_1', name: 'get_weather', response: { output: '18C and sunny' } } }] },
      ],
      config: { tools: [{ functionDeclarations: [{ name: 'get_weather' }] }] },
    });
    expect(upstream.last.body.messages).toEqual([
      { role: 'user', content: 'Weather in Paris?' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: '18C and sunny' }] },
    ]);
  });

  it("what Anthropic cannot do is a 400 in Gemini's shape naming the field, and nothing goes upstream", async () => {
    const error = await client()
      .models.generateContent({ model: 'claude-chat', contents: 'x', config: { tools: [{ googleSearch: {} }] } })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400 });
    expect(String((error as Error).message)).toContain('tools[0].googleSearch');
    expect(upstream.requests).toHaveLength(0);
  });

  it("Anthropic's errors reach the SDK with their status, the key scrubbed", async () => {
    upstream.enqueue(respondAnthropic.error(429, 'rate_limit_error', `slow down ${SERVER_KEY}`, { 'retry-after': '7' }));
    const limited = await client().models.generateContent({ model: 'claude-chat', contents: 'x' }).catch((e: unknown) => e);
    expect(limited).toMatchObject({ status: 429 });
    expect(String((limited as Error).message)).toContain('slow down');
    expect(String((limited as Error).message)).not.toContain(SERVER_KEY);
  });

  it('embedContent (batchEmbedContents on the wire) reaches an embeddings endpoint of another format, one vector per content in order', async () => {
    const result = await client().models.embedContent({ model: 'mock-embed', contents: ['alpha', 'beta and gamma'] });
    const vectors = result.embeddings?.map((e) => e.values) ?? [];
    expect(vectors).toHaveLength(2);
    expect(vectors[0]).not.toEqual(vectors[1]);
    const again = await client().models.embedContent({ model: 'mock-embed', contents: 'beta and gamma' });
    expect(again.embeddings?.[0].values).toEqual(vectors[1]);
  });

  it('the JSON-array stream form (no alt=sse) is translated too: one parseable array, its last element finishing with usage', async () => {
    const res = await fetch(`${gw.url}/gateway/gemini/v1beta/models/claude-chat:streamGenerateContent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': CLIENT_KEY },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'array please' }] }] }),
    });
    expect(res.status).toBe(200);
    const items = JSON.parse(await res.text()) as Array<{ candidates?: Array<{ content: { parts: Array<{ text?: string }> }; finishReason?: string }>; usageMetadata?: unknown }>;
    expect(items.flatMap((i) => i.candidates?.[0].content.parts.map((p) => p.text) ?? []).join('')).toBe('Hello from upstream');
    expect(items[items.length - 1]).toMatchObject({ candidates: [{ finishReason: 'STOP' }], usageMetadata: { promptTokenCount: PROMPT_TOKENS } });
    expect(upstream.last.body.stream).toBe(true);
  });
});
