import OpenAI from 'openai';
import { FIXTURES, scenarioMarker } from '../conformance/conformance-fixtures';
import { OPENAI_USAGE, OpenAiFake, respondOpenAi } from './openai-fake';
import { respondResponses, RESPONSES_USAGE } from './openai-responses';
import { pauseSdkOracle, resumeSdkOracle } from '../support/sdk-validate/sdk-oracle';

afterEach(resumeSdkOracle);

/**
 * A fake is only worth something if real clients accept it: here the official openai
 * SDK drives the OpenAI fake (no gateway), so a wrong field or frame fails here rather
 * than as a puzzling gateway failure later.
 */

describe('OpenAiFake with the openai SDK: chat completions, embeddings and the Responses API', () => {
  let upstream: OpenAiFake;
  let client: OpenAI;
  const ask = (content: string) => ({ model: 'gpt-4o-mini', messages: [{ role: 'user' as const, content }] });

  beforeAll(async () => {
    upstream = await OpenAiFake.start();
    client = new OpenAI({ apiKey: 'sk-client-placeholder', baseURL: upstream.baseUrl, maxRetries: 0 });
  });
  afterAll(() => upstream.close());
  beforeEach(() => upstream.reset());

  it('echoes the last user turn and records the request with its kind and neutral view', async () => {
    const completion = await client.chat.completions.create(ask('hello chat'));
    expect(completion).toMatchObject({ object: 'chat.completion', model: 'gpt-4o-mini-2024-01-01', usage: OPENAI_USAGE });
    expect(completion.choices[0]).toMatchObject({ message: { role: 'assistant', content: 'reply to: hello chat' }, finish_reason: 'stop' });
    expect(upstream.last).toMatchObject({ method: 'POST', pathname: '/v1/chat/completions', kind: 'chat' });
    expect(upstream.last.view).toMatchObject({ model: 'gpt-4o-mini', stream: false, turns: [{ role: 'user', text: 'hello chat' }] });
  });

  it('refuses what Chat Completions refuses: unknown fields, Responses-only tool types, a user id over 64 characters', async () => {
    // The fake's own rule must answer, not the SDK-type oracle that would refuse the same body first.
    pauseSdkOracle();
    const refusal = (body: object) => client.chat.completions.create({ ...ask('x'), ...body } as never).then(() => undefined, (e: unknown) => e as InstanceType<typeof OpenAI.BadRequestError>);
    expect((await refusal({ client_metadata: { a: 1 } }))?.message).toContain('Unrecognized request argument supplied: client_metadata');
    expect((await refusal({ tools: [{ type: 'namespace', name: 'multi_agent_v1', tools: [] }] }))?.message).toContain("Invalid value: 'namespace'");
    expect((await refusal({ tools: [{ type: 'web_search', external_web_access: false }] }))?.message).toContain("Invalid value: 'web_search'");
    expect((await refusal({ user: 'u'.repeat(65) }))?.message).toContain("Invalid 'user': string too long");
    expect(await refusal({ user: 'u'.repeat(64), prompt_cache_key: 'k', tools: [{ type: 'function', function: { name: 'f' } }] })).toBeUndefined();
  });

  it('streams a tool call whose argument fragments the SDK helper assembles', async () => {
    upstream.enqueue(respondOpenAi.stream(['Checking.'], { toolCall: { name: 'get_weather', args: ['{"city":', '"Paris"}'] } }));
    const final = await client.chat.completions.stream(ask('weather?')).finalChatCompletion();
    expect(final.choices[0].finish_reason).toBe('tool_calls');
    expect(final.choices[0].message.content).toBe('Checking.');
    expect(final.choices[0].message.tool_calls).toEqual([{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }]);
  });

  it('answers a conformance scenario named in the last user turn with the fixtures, streamed in pieces', async () => {
    const stream = await client.chat.completions.create({ ...ask(scenarioMarker('stream')), stream: true, stream_options: { include_usage: true } });
    const pieces: string[] = [];
    let usage: unknown;
    for await (const chunk of stream) {
      if (chunk.choices[0]?.delta.content) pieces.push(chunk.choices[0].delta.content);
      usage = chunk.usage ?? usage;
    }
    expect(pieces.length).toBeGreaterThanOrEqual(2);
    expect(pieces.join('')).toBe(FIXTURES.answer);
    expect(usage).toMatchObject({ prompt_tokens: FIXTURES.usage.input, completion_tokens: FIXTURES.usage.output });
    const error = await client.chat.completions.create(ask(scenarioMarker('error-429'))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.RateLimitError);
    expect((error as InstanceType<typeof OpenAI.RateLimitError>).headers?.get('retry-after')).toBe(String(FIXTURES.retryAfterSeconds));
  });

  it('embeds the fixture inputs with their vectors and other texts by position, in base64 when asked (the SDK default)', async () => {
    const fixtures = await client.embeddings.create({ model: 'text-embedding-3-small', input: [...FIXTURES.embeddings.inputs] });
    fixtures.data.forEach((item, i) => FIXTURES.embeddings.vectors[i].forEach((v, j) => expect(item.embedding[j]).toBeCloseTo(v, 6)));
    expect(upstream.last.body.encoding_format).toBe('base64');
    const others = await client.embeddings.create({ model: 'text-embedding-3-small', input: ['one', 'two'], encoding_format: 'float' });
    expect(others.data.map((d) => d.embedding)).toEqual([[0.25, -0.5, 0.125], [1.25, -0.5, 0.125]]);
    expect(upstream.last).toMatchObject({ kind: 'embeddings', view: { inputs: ['one', 'two'] } });
  });

  it('answers a path it does not serve with a 404, and a queued behaviour before the script before the default', async () => {
    const unknown = await fetch(`${upstream.baseUrl}/completions`, { method: 'POST', body: '{}' });
    expect(unknown.status).toBe(404);
    expect(upstream.last.kind).toBeUndefined();

    const scripted = await OpenAiFake.start({ script: (req) => (req.body?.model === 'limited' ? respondOpenAi.error(429, 'requests', 'slow down') : undefined) });
    try {
      const scriptedClient = new OpenAI({ apiKey: 'k', baseURL: scripted.baseUrl, maxRetries: 0 });
      await expect(scriptedClient.chat.completions.create({ ...ask('x'), model: 'limited' })).rejects.toBeInstanceOf(OpenAI.RateLimitError);
      expect((await scriptedClient.chat.completions.create(ask('x'))).choices[0].message.content).toBe('reply to: x');
      scripted.enqueue(respondOpenAi.chat({ content: 'queued' }));
      expect((await scriptedClient.chat.completions.create({ ...ask('x'), model: 'limited' })).choices[0].message.content).toBe('queued');
    } finally {
      await scripted.close();
    }
  });

  it("speaks a provider's dialect: its paths, rules, reasoning field and error shape", async () => {
    const mistralLike = await OpenAiFake.start({
      basePath: '',
      paths: { chat: /^\/serving\/chat$/ },
      reasoning: 'reasoning',
      errorShape: 'flat',
      rules: (req) => (req.body?.seed !== undefined ? 'seed: Extra inputs are not permitted' : undefined),
    });
    try {
      const post = (body: unknown) => fetch(`${mistralLike.baseUrl}/serving/chat`, { method: 'POST', body: JSON.stringify(body) });
      const rejected = await post({ ...ask('x'), seed: 1 });
      expect(rejected.status).toBe(400);
      expect(await rejected.json()).toMatchObject({ object: 'error', message: 'seed: Extra inputs are not permitted' });
      const reasoned = (await (await post({ ...ask(scenarioMarker('reasoning')), reasoning_effort: 'low' })).json()) as any;
      expect(reasoned.choices[0].message).toMatchObject({ content: FIXTURES.answer, reasoning: FIXTURES.reasoning });
      expect((await post(ask('x'))).status).toBe(200);
      expect((await fetch(`${mistralLike.baseUrl}/v1/chat/completions`, { method: 'POST', body: JSON.stringify(ask('x')) })).status).toBe(404);
    } finally {
      await mistralLike.close();
    }
  });

  it('answers responses.create with a Responses object, unscripted', async () => {
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
