import OpenAI from 'openai';
import { OpenAiFake } from '../fakes/openai-fake';
import { eventually } from '../support/eventually';
import { RESPONSES_USAGE, respondResponses } from '../fakes/openai-responses';
import { startGateway, type TestGateway } from '../support/start-gateway';

const SERVER_KEY = 'sk-responses-server-3';

/** The Responses API through /gateway/openai/v1/responses with the official SDK. */
describe('OpenAI Responses API passthrough', () => {
  let upstream: OpenAiFake;
  let gw: TestGateway;

  beforeAll(async () => {
    upstream = await OpenAiFake.start();
    gw = await startGateway(`
providers:
  up: { type: openai, base_url: "${upstream.baseUrl}", api_key: "${SERVER_KEY}" }
endpoints:
  - { name: my-chat, kind: chat, provider: up, model: gpt-4.1-mini }
`);
  });
  afterAll(async () => {
    await gw.close();
    await upstream.close();
  });
  beforeEach(() => upstream.reset());

  const client = () => new OpenAI({ apiKey: 'placeholder', baseURL: `${gw.url}/gateway/openai/v1`, maxRetries: 0 });

  it('responses.create relays input and instructions, with the server key and configured model', async () => {
    upstream.enqueue(respondResponses.response());
    const response = await client().responses.create({ model: 'my-chat', input: 'Hello', instructions: 'Be brief.' });
    expect(response.output[0]).toMatchObject({ type: 'message' });
    expect(upstream.last.path).toBe('/v1/responses');
    expect(upstream.last.body).toEqual({ model: 'gpt-4.1-mini', input: 'Hello', instructions: 'Be brief.' });
    expect(upstream.last.headers.authorization).toBe(`Bearer ${SERVER_KEY}`);
  });

  it('streams events to the SDK and accounts usage from response.completed', async () => {
    upstream.enqueue(respondResponses.stream(['Hel', 'lo']));
    const stream = await client().responses.create({ model: 'my-chat', input: 'Hi', stream: true });
    const types: string[] = [];
    let text = '';
    for await (const event of stream) {
      types.push(event.type);
      if (event.type === 'response.output_text.delta') text += event.delta;
    }
    expect(text).toBe('Hello');
    expect(types[types.length - 1]).toBe('response.completed');
    await eventually(() => {
      const record = gw.logs.filter((l) => l.includes('"apiStyle":"openai-passthrough"') && l.includes('"msg":"usage"')).map((l) => JSON.parse(l).usage).pop();
      expect(record.usage).toEqual({
        inputTokens: RESPONSES_USAGE.input_tokens,
        outputTokens: RESPONSES_USAGE.output_tokens,
        totalTokens: RESPONSES_USAGE.total_tokens,
        cachedInputTokens: RESPONSES_USAGE.input_tokens_details.cached_tokens,
        reasoningTokens: RESPONSES_USAGE.output_tokens_details.reasoning_tokens,
      });
    });
  });

  it('relays a function call, streamed', async () => {
    upstream.enqueue(respondResponses.stream([], { functionCall: { name: 'get_weather', args: ['{"city":', '"Paris"}'] } }));
    const stream = await client().responses.create({
      model: 'my-chat',
      input: 'weather?',
      stream: true,
      tools: [{ type: 'function', name: 'get_weather', parameters: { type: 'object', properties: {} }, strict: false }],
    });
    const done: unknown[] = [];
    for await (const event of stream) if (event.type === 'response.output_item.done') done.push(event.item);
    expect(done).toContainEqual(expect.objectContaining({ type: 'function_call', name: 'get_weather', arguments: '{"city":"Paris"}' }));
    expect(upstream.last.body.tools[0].name).toBe('get_weather');
  });
});
