import OpenAI from 'openai';
import { OpenAiFake, respondOpenAi } from '../fakes/openai-fake';
import { startGateway, type TestGateway } from '../support/start-gateway';
import { readChatStream } from '../support/read-chat-stream';

const SERVER_KEY = 'sk-live-server-only-42';

/** The official OpenAI SDK, given a placeholder key, against the gateway in front of a local OpenAI-style upstream. */
describe('official openai SDK against the unified APIs', () => {
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

  const compat = () => new OpenAI({ apiKey: '<API_KEY>', baseURL: `${gw.url}/gateway/native/v1`, maxRetries: 0 });
  /** Route 1 has no OpenAI path of its own; the SDK's generic `post` reaches it with the endpoint in the base URL. */
  const native = (endpoint: string) => new OpenAI({ apiKey: '<API_KEY>', baseURL: `${gw.url}/gateway/${endpoint}/native`, maxRetries: 0 });

  function expectServerCredentials() {
    expect(upstream.last.headers.authorization).toBe(`Bearer ${SERVER_KEY}`);
    expect(upstream.last.rawBody).not.toContain('<API_KEY>');
  }

  describe('route 2: /gateway/native/v1', () => {
    it('chat.completions.create', async () => {
      const completion = await compat().chat.completions.create({ model: 'my-chat', messages: [{ role: 'user', content: 'Hello' }], temperature: 0.5 });
      expect(completion.choices[0].message.content).toBe('reply to: Hello');
      expect(completion.usage?.total_tokens).toBe(18);
      expect(upstream.last.body.model).toBe('gpt-4o-mini');
      expectServerCredentials();
    });

    it('chat.completions.create with stream: true', async () => {
      const stream = await compat().chat.completions.create({
        model: 'my-chat',
        messages: [{ role: 'user', content: 'Hello' }],
        stream: true,
        stream_options: { include_usage: true },
      });
      const { text, usages } = await readChatStream(stream);
      expect(text).toBe('Hello from upstream');
      expect(usages.map((u) => u.prompt_tokens)).toEqual([11]);
      expectServerCredentials();
    });

    it('the stream helper accumulates streamed tool calls', async () => {
      upstream.enqueue(respondOpenAi.stream([], { toolCall: { name: 'lookup', args: ['{"q":', '"x"}'] } }));
      const runner = compat().chat.completions.stream({
        model: 'my-chat',
        messages: [{ role: 'user', content: 'find x' }],
        tools: [{ type: 'function', function: { name: 'lookup', parameters: { type: 'object', properties: { q: { type: 'string' } } } } }],
      });
      const final = await runner.finalChatCompletion();
      expect(final.choices[0].message.tool_calls?.[0]).toMatchObject({ type: 'function', function: { name: 'lookup', arguments: '{"q":"x"}' } });
    });

    it('embeddings.create (the SDK asks for base64 and decodes it)', async () => {
      const result = await compat().embeddings.create({ model: 'my-embed', input: ['one', 'two'] });
      expect(result.data.map((d) => d.embedding)).toEqual([[0.25, -0.5, 0.125], [1.25, -0.5, 0.125]]);
      expect(upstream.last.body.model).toBe('text-embedding-3-small');
      expectServerCredentials();
    });

    it('models.list pages through the endpoints', async () => {
      const ids: string[] = [];
      for await (const model of compat().models.list()) ids.push(model.id);
      expect(ids.sort()).toEqual(['demo', 'my-chat', 'my-embed']);
      expect((await compat().models.retrieve('demo')).id).toBe('demo');
    });

    it('errors surface as the SDK exception types', async () => {
      await expect(compat().chat.completions.create({ model: 'missing', messages: [{ role: 'user', content: 'x' }] })).rejects.toBeInstanceOf(OpenAI.NotFoundError);
      await expect(compat().chat.completions.create({ model: 'my-chat', messages: [{ role: 'user', content: 'x' }], temperature: 5 })).rejects.toMatchObject({
        status: 400,
        param: 'temperature',
        code: 'invalid_parameter',
      });
      upstream.enqueue(respondOpenAi.status(429, { error: { message: 'slow down', type: 'requests', code: 'rate_limit_exceeded' } }));
      await expect(compat().chat.completions.create({ model: 'my-chat', messages: [{ role: 'user', content: 'x' }] })).rejects.toBeInstanceOf(OpenAI.RateLimitError);
    });

    it('works against the built-in mock provider with no keys at all', async () => {
      const completion = await compat().chat.completions.create({ model: 'demo', messages: [{ role: 'user', content: 'echo me' }] });
      expect(completion.choices[0].message.content).toBe('echo me');
    });
  });

  describe('route 1: /gateway/{endpoint}/native/invocations', () => {
    it('chat', async () => {
      const completion = await native('my-chat').post<OpenAI.ChatCompletion>('/invocations', { body: { messages: [{ role: 'user', content: 'Hi' }] } });
      expect(completion.object).toBe('chat.completion');
      expect(completion.choices[0].message.content).toBe('reply to: Hi');
      expect(upstream.last.body.model).toBe('gpt-4o-mini');
      expectServerCredentials();
    });

    it('chat, streamed', async () => {
      const stream = await native('my-chat').post<OpenAI.ChatCompletionChunk>('/invocations', {
        body: { messages: [{ role: 'user', content: 'Hi' }], stream: true },
        stream: true,
      } as never) as unknown as AsyncIterable<OpenAI.ChatCompletionChunk>;
      let text = '';
      for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
      expect(text).toBe('Hello from upstream');
    });

    it('embeddings', async () => {
      const result = await native('my-embed').post<OpenAI.CreateEmbeddingResponse>('/invocations', { body: { input: 'one' } });
      expect(result.object).toBe('list');
      expect(result.data[0].embedding).toEqual([0.25, -0.5, 0.125]);
      expectServerCredentials();
    });
  });
});
