import OpenAI from 'openai';
import type { ResponseInputItem, ResponseStreamEvent } from 'openai/resources/responses/responses';
import { eventually } from '../support/eventually';
import { ANTHROPIC_USAGE, AnthropicFake, respondAnthropic } from '../fakes/anthropic-fake';
import { startGateway, type TestGateway } from '../support/start-gateway';

const SERVER_KEY = 'sk-ant-server-only-7';

const WEATHER_TOOL = {
  type: 'function' as const,
  name: 'get_weather',
  description: 'Current weather for a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  strict: false,
};

/** Collects a streamed response: its event types, the text deltas and the final event. */
async function drain(stream: AsyncIterable<ResponseStreamEvent>) {
  const events: ResponseStreamEvent[] = [];
  for await (const event of stream) events.push(event);
  const text = events.flatMap((e) => (e.type === 'response.output_text.delta' ? [e.delta] : [])).join('');
  return { events, types: events.map((e) => e.type), text, last: events[events.length - 1] };
}

/**
 * The official OpenAI SDK's Responses API (`client.responses.create`) against providers
 * that do not speak it: the gateway decodes the stateless subset into the canonical model
 * and encodes the answer (and the stream's item lifecycle) back.
 */
describe('OpenAI Responses API across formats', () => {
  let anthropic: AnthropicFake;
  let gw: TestGateway;

  beforeAll(async () => {
    anthropic = await AnthropicFake.start();
    gw = await startGateway(`
providers:
  claude: { type: anthropic, base_url: "${anthropic.baseUrl}", api_key: "${SERVER_KEY}" }
endpoints:
  - { name: mock-chat, kind: chat, provider: mock, model: mock-model }
  - { name: claude-chat, kind: chat, provider: claude, model: claude-sonnet-4-5 }
`);
  });
  afterAll(async () => {
    await gw.close();
    await anthropic.close();
  });
  beforeEach(() => anthropic.reset());

  describe('a mock endpoint on the unified API (/gateway/native/v1/responses)', () => {
    const client = () => new OpenAI({ apiKey: 'placeholder', baseURL: `${gw.url}/gateway/native/v1`, maxRetries: 0 });

    it('responses.create answers a response object with output_text and usage', async () => {
      const response = await client().responses.create({ model: 'mock-chat', input: 'Hello there', instructions: 'Be brief.' });
      expect(response).toMatchObject({ object: 'response', status: 'completed', instructions: 'Be brief.', store: false });
      expect(response.id).toMatch(/^resp_/);
      expect(response.output_text).toBe('Hello there');
      // The mock counts words: "Be brief." and "Hello there" in, "Hello there" out.
      expect(response.usage).toEqual({ input_tokens: 4, input_tokens_details: { cached_tokens: 0, cache_write_tokens: 0 }, output_tokens: 2, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 6 });
      await eventually(() => {
        const record = gw.logs.filter((l) => l.includes('"msg":"usage"')).map((l) => JSON.parse(l).usage).pop();
        expect(record).toMatchObject({ apiStyle: 'openai-responses', endpoint: 'mock-chat', providerType: 'mock', status: 200 });
      });
    });

    it('stream: true gives the item lifecycle with increasing sequence numbers, ending in response.completed', async () => {
      const { types, text, events, last } = await drain(await client().responses.create({ model: 'mock-chat', input: 'one two three', stream: true }));
      expect(text).toBe('one two three');
      expect(types.slice(0, 4)).toEqual(['response.created', 'response.in_progress', 'response.output_item.added', 'response.content_part.added']);
      expect(types.slice(-4)).toEqual(['response.output_text.done', 'response.content_part.done', 'response.output_item.done', 'response.completed']);
      expect(events.map((e) => e.sequence_number)).toEqual(events.map((_, i) => i));
      expect(last).toMatchObject({ type: 'response.completed', response: { status: 'completed', usage: { input_tokens: 3, output_tokens: 3 } } });
    });

    it('the SDK\'s stream helper accumulates the events into a whole response', async () => {
      const final = await client().responses.stream({ model: 'mock-chat', input: 'alpha beta' }).finalResponse();
      expect(final.output).toEqual([expect.objectContaining({ type: 'message', status: 'completed', content: [expect.objectContaining({ type: 'output_text', text: 'alpha beta' })] })]);
      expect(final.usage?.output_tokens).toBe(2);
    });

    it('a function tool call, then a follow-up with its function_call_output', async () => {
      const first = await client().responses.create({ model: 'mock-chat', input: 'Paris', tools: [WEATHER_TOOL], tool_choice: 'required' });
      const call = first.output.find((item) => item.type === 'function_call');
      expect(call).toMatchObject({ type: 'function_call', name: 'get_weather', arguments: '{"text":"Paris"}', status: 'completed' });
      if (call?.type !== 'function_call') throw new Error('expected a function call');

      const followUp = await client().responses.create({
        model: 'mock-chat',
        tools: [WEATHER_TOOL],
        input: [{ role: 'user', content: 'Paris' }, ...(first.output as ResponseInputItem[]), { type: 'function_call_output', call_id: call.call_id, output: '18 degrees' }],
      });
      expect(followUp.status).toBe('completed');
      // The mock answers the last user text; the tool result counted as input ("Paris" + "18 degrees").
      expect(followUp.output_text).toBe('Paris');
      expect(followUp.usage?.input_tokens).toBe(3);
    });

    it('a streamed function call sends argument deltas and a done item', async () => {
      const { types, events } = await drain(await client().responses.create({ model: 'mock-chat', input: 'Rome', tools: [WEATHER_TOOL], tool_choice: 'required', stream: true }));
      expect(types).toContain('response.function_call_arguments.delta');
      const done = events.find((e) => e.type === 'response.output_item.done');
      expect(done).toMatchObject({ item: { type: 'function_call', name: 'get_weather', arguments: '{"text":"Rome"}' } });
    });

    it('previous_response_id is a 400 naming it, and a provider failure keeps its status', async () => {
      const stateful = await client().responses.create({ model: 'mock-chat', input: 'x', previous_response_id: 'resp_1' }).catch((e: unknown) => e);
      expect(stateful).toBeInstanceOf(OpenAI.BadRequestError);
      expect(stateful).toMatchObject({ param: 'previous_response_id', code: 'invalid_parameter' });
      const limited = await client().responses.create({ model: 'mock-chat', input: 'x', mock: { fail_status: 429 } } as never).catch((e: unknown) => e);
      expect(limited).toBeInstanceOf(OpenAI.RateLimitError);
    });
  });

  describe('an Anthropic endpoint through the OpenAI passthrough (/gateway/openai/v1/responses)', () => {
    const client = () => new OpenAI({ apiKey: 'placeholder', baseURL: `${gw.url}/gateway/openai/v1`, maxRetries: 0 });

    it('responses.create reaches Anthropic\'s Messages API with the server key, and reads its usage', async () => {
      const response = await client().responses.create({ model: 'claude-chat', input: 'Hello', instructions: 'Be brief.', max_output_tokens: 200 });
      expect(response.output_text).toBe('reply to: Hello');
      expect(response.model).toBe('claude-sonnet-4-5');
      const { input_tokens, output_tokens, cache_read_input_tokens, cache_creation_input_tokens } = ANTHROPIC_USAGE;
      const input = input_tokens + cache_read_input_tokens + cache_creation_input_tokens;
      expect(response.usage).toEqual({
        input_tokens: input,
        input_tokens_details: { cached_tokens: cache_read_input_tokens, cache_write_tokens: cache_creation_input_tokens },
        output_tokens,
        output_tokens_details: { reasoning_tokens: 0 },
        total_tokens: input + output_tokens,
      });

      expect(anthropic.last.pathname).toBe('/v1/messages');
      expect(anthropic.last.headers['x-api-key']).toBe(SERVER_KEY);
      expect(anthropic.last.rawBody).not.toContain('placeholder');
      expect(anthropic.last.body).toMatchObject({
        model: 'claude-sonnet-4-5',
        max_tokens: 200,
        system: 'Be brief.',
        messages: [{ role: 'user', content: 'Hello' }],
      });
    });

    it('stream: true translates Anthropic\'s event stream into Responses events', async () => {
      const { text, types, last } = await drain(await client().responses.create({ model: 'claude-chat', input: 'Hi', stream: true }));
      expect(text).toBe('Hello from upstream');
      expect(types[0]).toBe('response.created');
      expect(last).toMatchObject({ type: 'response.completed', response: { status: 'completed', usage: { output_tokens: ANTHROPIC_USAGE.output_tokens } } });
      expect(anthropic.last.body.stream).toBe(true);
    });

    it('a tool_use answer is a function_call item, and its output goes back as a tool_result', async () => {
      anthropic.enqueue(respondAnthropic.message({ text: null, toolUse: { id: 'toolu_01', name: 'get_weather', input: { city: 'Paris' } } }));
      const first = await client().responses.create({ model: 'claude-chat', input: 'Weather in Paris?', tools: [WEATHER_TOOL] });
      expect(first.output).toEqual([expect.objectContaining({ type: 'function_call', call_id: 'toolu_01', name: 'get_weather', arguments: '{"city":"Paris"}' })]);
      expect(anthropic.last.body.tools).toEqual([expect.objectContaining({ name: 'get_weather', description: 'Current weather for a city', input_schema: WEATHER_TOOL.parameters })]);

      anthropic.enqueue(respondAnthropic.message({ text: 'It is 18 degrees in Paris.' }));
      const followUp = await client().responses.create({
        model: 'claude-chat',
        tools: [WEATHER_TOOL],
        input: [{ role: 'user', content: 'Weather in Paris?' }, ...(first.output as ResponseInputItem[]), { type: 'function_call_output', call_id: 'toolu_01', output: '18 degrees' }],
      });
      expect(followUp.output_text).toBe('It is 18 degrees in Paris.');
      expect(anthropic.last.body.messages).toEqual([
        { role: 'user', content: 'Weather in Paris?' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_01', name: 'get_weather', input: { city: 'Paris' } }] },
        { role: 'user', content: [expect.objectContaining({ type: 'tool_result', tool_use_id: 'toolu_01' })] },
      ]);
      expect(JSON.stringify(anthropic.last.body.messages[2])).toContain('18 degrees');
    });

    it('a streamed tool_use becomes function_call argument deltas', async () => {
      anthropic.enqueue(respondAnthropic.stream([], { toolUse: { id: 'toolu_02', name: 'get_weather', inputJson: ['{"city":', '"Paris"}'] } }));
      const { events } = await drain(await client().responses.create({ model: 'claude-chat', input: 'Weather?', tools: [WEATHER_TOOL], stream: true }));
      const deltas = events.flatMap((e) => (e.type === 'response.function_call_arguments.delta' ? [e.delta] : []));
      expect(deltas.length).toBeGreaterThanOrEqual(2);
      expect(deltas.join('')).toBe('{"city":"Paris"}');
      const done = events.find((e) => e.type === 'response.output_item.done');
      expect(done).toMatchObject({ item: { type: 'function_call', call_id: 'toolu_02', name: 'get_weather', arguments: '{"city":"Paris"}' } });
    });

    it('a failure after the first byte ends the stream with an error event and response.failed', async () => {
      anthropic.enqueue(respondAnthropic.stream(['Hel', 'lo'], { errorAfter: { pieces: 1, type: 'overloaded_error', message: 'Overloaded' } }));
      const { text, types, last } = await drain(await client().responses.create({ model: 'claude-chat', input: 'Hi', stream: true }));
      expect(text).toBe('Hel');
      expect(types.slice(-2)).toEqual(['error', 'response.failed']);
      expect(last).toMatchObject({ type: 'response.failed', response: { status: 'failed', error: { message: expect.stringContaining('Overloaded') } } });
      expect(types).not.toContain('response.completed');
    });

    it('previous_response_id is a 400 naming it; nothing reaches Anthropic', async () => {
      const error = await client().responses.create({ model: 'claude-chat', input: 'x', previous_response_id: 'resp_1' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OpenAI.BadRequestError);
      expect(error).toMatchObject({ status: 400, param: 'previous_response_id', code: 'invalid_parameter' });
      expect(anthropic.requests).toHaveLength(0);
    });
  });
});
