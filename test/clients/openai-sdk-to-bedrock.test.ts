import OpenAI from 'openai';
import { FIXTURES, scenarioMarker } from '../conformance/conformance-fixtures';
import { bearerProblem, sigV4Problem } from '../fakes/bedrock-credentials';
import { BedrockFake } from '../fakes/bedrock-fake';
import { startGateway, type TestGateway } from '../support/start-gateway';
import { readChatStream } from '../support/read-chat-stream';

const KEYS = { accessKeyId: 'AKIACLIENTTEST0001', secretAccessKey: 'client/test+Secret/0123456789EXAMPLE', region: 'us-east-1' };
const API_KEY = 'bedrock-api-key-client-test-0123456789';
const CLAUDE = 'us.anthropic.claude-3-7-sonnet-20250219-v1:0';
const weather: OpenAI.ChatCompletionTool = { type: 'function', function: FIXTURES.tool as unknown as OpenAI.FunctionDefinition };

/**
 * The official OpenAI SDK, with a placeholder key, on the gateway's OpenAI-compatible
 * API in front of a local Bedrock (Converse, ConverseStream frames, InvokeModel). The
 * fake refuses (403) any request whose SigV4 signature or bearer key does not verify.
 */
describe('official openai SDK against Bedrock-backed endpoints', () => {
  let fake: BedrockFake;
  let gw: TestGateway;

  beforeAll(async () => {
    fake = await BedrockFake.start({
      authCheck: (seen) => (String(seen.headers.authorization).startsWith('Bearer ') ? bearerProblem(seen, API_KEY) : sigV4Problem(seen, KEYS)),
    });
    gw = await startGateway(
      JSON.stringify({
        providers: {
          aws: { type: 'bedrock', base_url: fake.baseUrl, region: KEYS.region, access_key_id: KEYS.accessKeyId, secret_access_key: KEYS.secretAccessKey },
          aws_key: { type: 'bedrock', base_url: fake.baseUrl, api_key: API_KEY },
        },
        endpoints: [
          { name: 'claude', kind: 'chat', provider: 'aws', model: CLAUDE },
          { name: 'claude-by-key', kind: 'chat', provider: 'aws_key', model: CLAUDE },
          { name: 'titan', kind: 'embeddings', provider: 'aws', model: 'amazon.titan-embed-text-v2:0' },
          { name: 'cohere', kind: 'embeddings', provider: 'aws', model: 'cohere.embed-english-v3' },
        ],
      }),
    );
  });
  afterAll(async () => {
    await gw.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  const client = () => new OpenAI({ apiKey: '<API_KEY>', baseURL: `${gw.url}/gateway/native/v1`, maxRetries: 0 });
  const messages = (scenario: string): OpenAI.ChatCompletionMessageParam[] => [
    { role: 'system', content: FIXTURES.system },
    { role: 'user', content: scenarioMarker(scenario) },
  ];

  /** Every request reached Bedrock signed with the gateway's keys, and nothing of the client's placeholder. */
  function expectSigned() {
    expect(fake.requests.length).toBeGreaterThan(0);
    for (const seen of fake.requests) {
      expect(sigV4Problem(seen, KEYS)).toBeUndefined();
      expect(JSON.stringify(seen.headers) + seen.rawBody).not.toContain('<API_KEY>');
    }
  }

  it('chat.completions.create', async () => {
    const completion = await client().chat.completions.create({ model: 'claude', messages: messages('chat'), max_tokens: 100 });
    expect(completion.choices[0].message.content).toBe(FIXTURES.answer);
    expect(completion.choices[0].finish_reason).toBe('stop');
    expect(completion.usage).toMatchObject({ prompt_tokens: 20, completion_tokens: 7, total_tokens: 27 });
    expect(fake.last.pathname).toBe(`/model/${encodeURIComponent(CLAUDE)}/converse`);
    expect(fake.last.body.inferenceConfig).toEqual({ maxTokens: 100 });
    expect(fake.last.view.system).toBe(FIXTURES.system);
    expectSigned();
  });

  it('chat.completions.create with stream: true', async () => {
    const stream = await client().chat.completions.create({ model: 'claude', messages: messages('stream'), stream: true, stream_options: { include_usage: true } });
    const { text, finishes, usages } = await readChatStream(stream);
    expect(text).toBe(FIXTURES.answer);
    expect(finishes).toEqual(['stop']);
    expect(usages).toHaveLength(1);
    expect(usages[0]).toMatchObject({ prompt_tokens: 20, completion_tokens: 7 });
    expect(fake.last.pathname).toBe(`/model/${encodeURIComponent(CLAUDE)}/converse-stream`);
    expectSigned();
  });

  it('a tool call, then the tool result sent back', async () => {
    const first = await client().chat.completions.create({ model: 'claude', messages: messages('tools'), tools: [weather], tool_choice: 'auto' });
    const call = first.choices[0].message.tool_calls?.[0] as OpenAI.ChatCompletionMessageFunctionToolCall | undefined;
    expect(first.choices[0].finish_reason).toBe('tool_calls');
    expect(call).toMatchObject({ id: FIXTURES.toolCalls[0].id, type: 'function', function: { name: 'get_weather' } });
    expect(JSON.parse(call!.function.arguments)).toEqual({ city: 'Paris' });
    expect(fake.last.body.toolConfig).toEqual({
      tools: [{ toolSpec: { name: 'get_weather', description: FIXTURES.tool.description, inputSchema: { json: FIXTURES.tool.parameters } } }],
      toolChoice: { auto: {} },
    });

    const second = await client().chat.completions.create({
      model: 'claude',
      tools: [weather],
      messages: [...messages('tool-result'), first.choices[0].message, { role: 'tool', tool_call_id: call!.id, content: FIXTURES.toolResult }],
    });
    expect(second.choices[0].message.content).toBe(FIXTURES.answer);
    expect(fake.last.body.messages.at(-1)).toEqual({
      role: 'user',
      content: [{ toolResult: { toolUseId: FIXTURES.toolCalls[0].id, content: [{ text: FIXTURES.toolResult }] } }],
    });
    expectSigned();
  });

  it('a streamed tool call, its arguments assembled from the deltas', async () => {
    const stream = await client().chat.completions.create({ model: 'claude', messages: messages('stream-tools'), tools: [weather], stream: true });
    const calls = new Map<number, { id?: string; name: string; arguments: string }>();
    let finish: string | null = null;
    for await (const chunk of stream) {
      for (const delta of chunk.choices[0]?.delta?.tool_calls ?? []) {
        const call = calls.get(delta.index) ?? { name: '', arguments: '' };
        if (delta.id) call.id = delta.id;
        call.name += delta.function?.name ?? '';
        call.arguments += delta.function?.arguments ?? '';
        calls.set(delta.index, call);
      }
      finish = chunk.choices[0]?.finish_reason ?? finish;
    }
    expect([...calls.values()]).toEqual([{ id: FIXTURES.toolCalls[0].id, name: 'get_weather', arguments: JSON.stringify({ city: 'Paris' }) }]);
    expect(finish).toBe('tool_calls');
  });

  it('embeddings.create with Titan: one InvokeModel call per input, vectors in input order', async () => {
    const response = await client().embeddings.create({ model: 'titan', input: [...FIXTURES.embeddings.inputs], encoding_format: 'float' });
    expect(response.data.map((d) => d.index)).toEqual([0, 1]);
    response.data.forEach((item, i) => FIXTURES.embeddings.vectors[i].forEach((v, j) => expect(item.embedding[j]).toBeCloseTo(v, 6)));
    expect(response.usage).toMatchObject({ prompt_tokens: 4, total_tokens: 4 });
    expect(fake.requests.map((r) => r.body.inputText).sort()).toEqual([...FIXTURES.embeddings.inputs].sort());
    expectSigned();
  });

  it('embeddings.create with Cohere, in the SDK\'s default base64 encoding', async () => {
    const response = await client().embeddings.create({ model: 'cohere', input: [...FIXTURES.embeddings.inputs] });
    response.data.forEach((item, i) => FIXTURES.embeddings.vectors[i].forEach((v, j) => expect(item.embedding[j]).toBeCloseTo(v, 6)));
    expect(fake.requests).toHaveLength(1);
    expect(fake.last.body).toEqual({ texts: FIXTURES.embeddings.inputs, input_type: 'search_document', embedding_types: ['float'] });
    expect(response.usage.prompt_tokens).toBe(4);
  });

  it('a connection with a Bedrock API key sends it as a bearer token and no SigV4 headers', async () => {
    const completion = await client().chat.completions.create({ model: 'claude-by-key', messages: messages('chat') });
    expect(completion.choices[0].message.content).toBe(FIXTURES.answer);
    expect(bearerProblem(fake.last, API_KEY)).toBeUndefined();
    expect(fake.last.headers.authorization).toBe(`Bearer ${API_KEY}`);
  });

  it('a linked image is a 400 that says Bedrock needs inline bytes, before any call to Bedrock', async () => {
    const error = await client()
      .chat.completions.create({
        model: 'claude',
        messages: [{ role: 'user', content: [{ type: 'text', text: 'What is this?' }, { type: 'image_url', image_url: { url: 'https://example.com/cat.png' } }] }],
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as InstanceType<typeof OpenAI.BadRequestError>).message).toMatch(/inline bytes/);
    expect(fake.requests).toHaveLength(0);
  });
});
