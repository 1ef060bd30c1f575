import OpenAI from 'openai';
import { eventually } from '../support/eventually';
import { OpenAiFake } from '../fakes/openai-fake';
import { respondResponses } from '../fakes/openai-responses';
import { postJson, startGateway, type TestGateway } from '../support/start-gateway';
import { readChatStream } from '../support/read-chat-stream';

/**
 * The OpenAI passthrough routes (/gateway/openai/v1) in front of an endpoint whose provider
 * does not speak OpenAI's format (the mock): the call goes through the canonical model and
 * the client still gets OpenAI's answers. An OpenAI endpoint on the same routes is relayed.
 */
describe('OpenAI passthrough routes translate for other providers', () => {
  let upstream: OpenAiFake;
  let gw: TestGateway;

  beforeAll(async () => {
    upstream = await OpenAiFake.start();
    gw = await startGateway(`
providers:
  up: { type: openai, base_url: "${upstream.baseUrl}", api_key: "sk-translation-test" }
endpoints:
  - { name: mock-chat, kind: chat, provider: mock, model: mock-model }
  - { name: mock-embed, kind: embeddings, provider: mock, model: mock-embed }
  - { name: openai-chat, kind: chat, provider: up, model: gpt-4.1-mini }
`);
  });
  afterAll(async () => {
    await gw.close();
    await upstream.close();
  });
  beforeEach(() => upstream.reset());

  const client = () => new OpenAI({ apiKey: 'placeholder', baseURL: `${gw.url}/gateway/openai/v1`, maxRetries: 0 });
  const usageRecords = () => gw.logs.filter((l) => l.includes('"msg":"usage"')).map((l) => JSON.parse(l).usage);

  it('chat.completions.create reaches the mock through translation', async () => {
    const completion = await client().chat.completions.create({ model: 'mock-chat', messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hello there' }] });
    expect(completion.object).toBe('chat.completion');
    expect(completion.choices[0]).toMatchObject({ message: { role: 'assistant', content: 'Hello there' }, finish_reason: 'stop' });
    expect(completion.usage).toMatchObject({ prompt_tokens: 4, completion_tokens: 2, total_tokens: 6 });
    expect(upstream.requests).toHaveLength(0);
    await eventually(() => {
      expect(usageRecords().pop()).toMatchObject({ apiStyle: 'openai-passthrough', providerType: 'mock', endpoint: 'mock-chat', status: 200 });
    });
  });

  it('streams chat chunks, and the usage chunk only to a client that asked for it', async () => {
    const collect = async (includeUsage: boolean) => {
      const stream = await client().chat.completions.create({
        model: 'mock-chat',
        messages: [{ role: 'user', content: 'one two three' }],
        stream: true,
        ...(includeUsage && { stream_options: { include_usage: true } }),
      });
      const { text, usages } = await readChatStream(stream);
      return { text, usage: usages };
    };
    expect(await collect(true)).toEqual({ text: 'one two three', usage: [expect.objectContaining({ prompt_tokens: 3, completion_tokens: 3 })] });
    expect(await collect(false)).toEqual({ text: 'one two three', usage: [] });
  });

  it('a forced tool call comes back as OpenAI tool_calls', async () => {
    const completion = await client().chat.completions.create({
      model: 'mock-chat',
      messages: [{ role: 'user', content: 'Paris' }],
      tools: [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { text: { type: 'string' } } } } }],
      tool_choice: 'required',
    });
    expect(completion.choices[0].finish_reason).toBe('tool_calls');
    expect(completion.choices[0].message.tool_calls?.[0]).toMatchObject({ type: 'function', function: { name: 'get_weather', arguments: '{"text":"Paris"}' } });
  });

  it('embeddings.create reaches the mock through translation (the SDK asks for base64 and decodes it)', async () => {
    const result = await client().embeddings.create({ model: 'mock-embed', input: ['one', 'two'] });
    expect(result.data).toHaveLength(2);
    expect(result.data[0].embedding).toHaveLength(8);
    expect(result.data[0].embedding).not.toEqual(result.data[1].embedding);
  });

  it('a bad chat body gets the unified API\'s 400 naming the parameter', async () => {
    const error = await client().chat.completions.create({ model: 'mock-chat', messages: [{ role: 'user', content: 'x' }], temperature: 5 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect(error).toMatchObject({ status: 400, code: 'invalid_parameter', param: 'temperature' });
  });

  it('a provider failure keeps OpenAI\'s error shape and status', async () => {
    const error = await client()
      .chat.completions.create({ model: 'mock-chat', messages: [{ role: 'user', content: 'x' }], mock: { fail_status: 429 } } as never)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.RateLimitError);
  });

  it('previous_response_id on a non-OpenAI endpoint is a clear 400 in OpenAI\'s error shape', async () => {
    const raw = await postJson(`${gw.url}/gateway/openai/v1/responses`, { model: 'mock-chat', input: 'Hi', previous_response_id: 'resp_123' });
    expect(raw.status).toBe(400);
    expect(raw.body).toEqual({
      error: {
        message: expect.stringContaining('stateless subset'),
        type: 'invalid_request_error',
        code: 'invalid_parameter',
        param: 'previous_response_id',
      },
    });
    const error = await client().responses.create({ model: 'mock-chat', input: 'Hi', previous_response_id: 'resp_123' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect(error).toMatchObject({ param: 'previous_response_id', code: 'invalid_parameter' });
  });

  it('previous_response_id on an OpenAI endpoint is relayed untouched', async () => {
    upstream.enqueue(respondResponses.response());
    const response = await client().responses.create({ model: 'openai-chat', input: 'Hi', previous_response_id: 'resp_123' });
    expect(response.output_text).toBe('reply to: Hi');
    expect(upstream.last.body).toEqual({ model: 'gpt-4.1-mini', input: 'Hi', previous_response_id: 'resp_123' });
  });

  it('OpenAI\'s own tools on a non-OpenAI endpoint are left out and named in a header; forcing one is a 400 without pointing back at this route', async () => {
    const { data, response } = await client().responses.create({ model: 'mock-chat', input: 'Hi', tools: [{ type: 'web_search' }] }).withResponse();
    expect(data.output_text).toBe('Hi');
    expect(response.headers.get('x-gateway-dropped-tools')).toBe('web_search');
    const error = await client().responses.create({ model: 'mock-chat', input: 'Hi', tools: [{ type: 'web_search' }], tool_choice: { type: 'web_search' } } as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect(error).toMatchObject({ param: 'tool_choice', code: 'unsupported_parameter' });
    expect((error as Error).message).toContain('web_search');
    expect((error as Error).message).not.toContain('/gateway/openai/v1/responses');
  });
});
