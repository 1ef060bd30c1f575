import OpenAI from 'openai';
import { OpenAiFake, respondOpenAi } from './openai-fake';
import { respondResponses, RESPONSES_USAGE } from './openai-responses';

/**
 * A fake is only worth something if real clients accept it: here the official openai
 * SDK drives the OpenAI fake (no gateway), so a wrong field or frame fails here rather
 * than as a puzzling gateway failure later.
 */

describe('OpenAiFake + respondResponses with openai responses API', () => {
  let upstream: OpenAiFake;
  let client: OpenAI;

  beforeAll(async () => {
    upstream = await OpenAiFake.start();
    client = new OpenAI({ apiKey: 'sk-client-placeholder', baseURL: upstream.baseUrl, maxRetries: 0 });
  });
  afterAll(() => upstream.close());
  beforeEach(() => upstream.reset());

  it('answers responses.create with a Responses object', async () => {
    upstream.enqueue(respondResponses.response());
    const response = await client.responses.create({ model: 'gpt-4.1-mini', input: 'hello responses' });
    expect(response).toMatchObject({ object: 'response', status: 'completed', model: 'gpt-4.1-mini-2024-01-01', usage: RESPONSES_USAGE });
    expect(response.id).toMatch(/^resp_/);
    expect(response.output_text).toBe('reply to: hello responses');
    expect(upstream.last).toMatchObject({ method: 'POST', path: '/v1/responses' });
    expect(upstream.last.headers.authorization).toBe('Bearer sk-client-placeholder');
  });

  it('answers with a function_call output item', async () => {
    upstream.enqueue(respondResponses.response({ text: null, functionCall: { name: 'get_weather', arguments: '{"city":"Paris"}' } }));
    const response = await client.responses.create({ model: 'gpt-4.1-mini', input: [{ role: 'user', content: 'weather?' }] });
    expect(response.output).toEqual([{ type: 'function_call', id: 'fc_fake_1', call_id: 'call_fake_1', name: 'get_weather', arguments: '{"city":"Paris"}', status: 'completed' }]);
  });

  it('streams the Responses event sequence with increasing sequence numbers', async () => {
    upstream.enqueue(respondResponses.stream(['Hello', ' from', ' upstream']));
    const events = [];
    for await (const event of await client.responses.create({ model: 'gpt-4.1-mini', input: 'hi', stream: true })) events.push(event);
    expect(events.map((e) => e.type)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      ...Array(3).fill('response.output_text.delta'),
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.completed',
    ]);
    expect(events.map((e) => e.sequence_number)).toEqual(events.map((_, i) => i));
    const completed = events.at(-1);
    expect(completed?.type === 'response.completed' && completed.response.usage).toEqual(RESPONSES_USAGE);
  });

  it('streams text plus a function call that the SDK stream helper accumulates', async () => {
    upstream.enqueue(respondResponses.stream(['Checking.'], { functionCall: { name: 'get_weather', args: ['{"city":', '"Paris"}'] } }));
    const final = await client.responses.stream({ model: 'gpt-4.1-mini', input: 'weather?' }).finalResponse();
    // finalResponse() sets output_text only for auto-parsed requests, so the items are checked.
    expect(final.output[0]).toMatchObject({ type: 'message', content: [{ type: 'output_text', text: 'Checking.' }] });
    expect(final.output[1]).toMatchObject({ type: 'function_call', name: 'get_weather', arguments: '{"city":"Paris"}' });
  });

  it('sends an event: line naming each data.type', async () => {
    upstream.enqueue(respondResponses.stream(['x']));
    const response = await fetch(`${upstream.baseUrl}/responses`, { method: 'POST', body: '{"model":"m","stream":true}' });
    for (const frame of (await response.text()).trim().split('\n\n')) {
      const [eventLine, dataLine] = frame.split('\n');
      expect(JSON.parse(dataLine.replace(/^data: /, '')).type).toBe(eventLine.replace(/^event: /, ''));
    }
  });

  it('fails the SDK stream when the socket is reset mid-way, and maps errors', async () => {
    upstream.enqueue(respondResponses.stream(['a', 'b'], { resetAfter: 1 }));
    const consume = async () => {
      for await (const _event of await client.responses.create({ model: 'm', input: 'hi', stream: true }));
    };
    await expect(consume()).rejects.toThrow();
    upstream.enqueue(respondOpenAi.error(400, 'invalid_request_error', 'bad input', 'invalid_value'));
    await expect(client.responses.create({ model: 'm', input: 'hi' })).rejects.toBeInstanceOf(OpenAI.BadRequestError);
  });
});
