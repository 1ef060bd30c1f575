import Anthropic from '@anthropic-ai/sdk';
import { ApiError, GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { ANTHROPIC_USAGE, FakeAnthropicUpstream, respondAnthropic } from './fake-anthropic-upstream';
import { FakeGeminiUpstream, GEMINI_USAGE, respondGemini } from './fake-gemini-upstream';
import { FakeOpenAiUpstream } from './fake-openai-upstream';
import { respondResponses, RESPONSES_USAGE } from './openai-responses-behaviours';

/**
 * The fakes are only worth something if real clients accept them: each is driven here
 * by its provider's official SDK (no gateway), so a wrong field or frame fails here
 * rather than as a puzzling gateway failure later.
 */

/** Reads a body chunk by chunk, so tests can see that a stream arrived in pieces. */
async function readChunks(response: Response): Promise<string[]> {
  const chunks: string[] = [];
  const decoder = new TextDecoder();
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) chunks.push(decoder.decode(chunk, { stream: true }));
  return chunks;
}

describe('FakeAnthropicUpstream with @anthropic-ai/sdk', () => {
  let upstream: FakeAnthropicUpstream;
  let client: Anthropic;
  const ask = { model: 'claude-test-model', max_tokens: 64, messages: [{ role: 'user' as const, content: 'hello claude' }] };

  beforeAll(async () => {
    upstream = await FakeAnthropicUpstream.start();
    client = new Anthropic({ apiKey: 'sk-ant-client-placeholder', baseURL: upstream.baseUrl, maxRetries: 0 });
  });
  afterAll(() => upstream.close());
  beforeEach(() => upstream.reset());

  it('answers messages.create and records what the SDK sent', async () => {
    const message = await client.messages.create(ask);
    expect(message).toMatchObject({ type: 'message', role: 'assistant', model: 'claude-test-model', stop_reason: 'end_turn', usage: ANTHROPIC_USAGE });
    expect(message.content).toEqual([{ type: 'text', text: 'reply to: hello claude' }]);
    expect(upstream.last).toMatchObject({ method: 'POST', pathname: '/v1/messages', query: {}, body: ask });
    // What this SDK version puts on the wire for auth and versioning (the gateway must strip and replace these).
    expect(upstream.last.headers).toMatchObject({ authorization: 'Bearer sk-ant-client-placeholder', 'anthropic-version': expect.any(String) });
    expect(upstream.last.headers['x-api-key']).toBeUndefined();
  });

  it('answers with a tool_use block', async () => {
    upstream.enqueue(respondAnthropic.message({ text: null, toolUse: { name: 'get_weather', input: { city: 'Paris' } } }));
    const message = await client.messages.create(ask);
    expect(message.stop_reason).toBe('tool_use');
    expect(message.content).toEqual([{ type: 'tool_use', id: 'toolu_fake_1', name: 'get_weather', input: { city: 'Paris' } }]);
  });

  it('streams the Messages event sequence that the SDK iterates', async () => {
    const stream = await client.messages.create({ ...ask, stream: true });
    const types: string[] = [];
    let text = '';
    for await (const event of stream) {
      types.push(event.type);
      if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') text += event.delta.text;
      if (event.type === 'message_start') expect(event.message.usage.input_tokens).toBe(ANTHROPIC_USAGE.input_tokens);
      if (event.type === 'message_delta') expect(event.usage.output_tokens).toBe(ANTHROPIC_USAGE.output_tokens);
    }
    expect(text).toBe('Hello from upstream');
    // The SDK drops `ping` itself, so it is checked on the raw wire below.
    expect(types).toEqual(['message_start', 'content_block_start', ...Array(3).fill('content_block_delta'), 'content_block_stop', 'message_delta', 'message_stop']);
  });

  it('names each event in an event: line that matches data.type, ping included', async () => {
    const response = await fetch(`${upstream.baseUrl}/v1/messages`, { method: 'POST', body: JSON.stringify({ ...ask, stream: true }) });
    const frames = (await response.text()).trim().split('\n\n');
    const names = frames.map((frame) => {
      const [eventLine, dataLine] = frame.split('\n');
      const name = eventLine.replace(/^event: /, '');
      expect(JSON.parse(dataLine.replace(/^data: /, '')).type).toBe(name);
      return name;
    });
    expect(names.slice(0, 3)).toEqual(['message_start', 'content_block_start', 'ping']);
  });

  it('streams a tool_use block that the SDK helper assembles', async () => {
    upstream.enqueue(respondAnthropic.stream(['Let me look.'], { toolUse: { name: 'get_weather', inputJson: ['{"city":', '"Paris"}'] } }));
    const final = await client.messages.stream(ask).finalMessage();
    expect(final.stop_reason).toBe('tool_use');
    expect(final.content).toEqual([
      { type: 'text', text: 'Let me look.' },
      { type: 'tool_use', id: 'toolu_fake_1', name: 'get_weather', input: { city: 'Paris' } },
    ]);
    expect(final.usage).toMatchObject(ANTHROPIC_USAGE);
  });

  it('returns errors in the shape the SDK maps to its error classes', async () => {
    upstream.enqueue(respondAnthropic.error(429, 'rate_limit_error', 'slow down', { 'retry-after': '7' }));
    const error = await client.messages.create(ask).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.RateLimitError);
    expect((error as InstanceType<typeof Anthropic.RateLimitError>).error).toEqual({ type: 'error', error: { type: 'rate_limit_error', message: 'slow down' } });
    expect((error as InstanceType<typeof Anthropic.RateLimitError>).headers?.get('retry-after')).toBe('7');
  });

  it('fails a stream with an in-stream error event', async () => {
    upstream.enqueue(respondAnthropic.stream(['a', 'b'], { errorAfter: { pieces: 1 } }));
    const consume = async () => {
      for await (const _event of await client.messages.create({ ...ask, stream: true }));
    };
    await expect(consume()).rejects.toThrow(/overloaded/i);
  });

  it('drops the connection on reset and notices a caller leaving a hung stream', async () => {
    upstream.enqueue(respondAnthropic.reset());
    await expect(client.messages.create(ask)).rejects.toBeInstanceOf(Anthropic.APIConnectionError);
    upstream.enqueue(respondAnthropic.stream(['a', 'b'], { hangAfter: 1 }));
    for await (const event of await client.messages.create({ ...ask, stream: true })) {
      if (event.type === 'content_block_delta') break; // the SDK aborts the request on break
    }
    await upstream.waitForEarlyClose();
  });
});

describe('FakeGeminiUpstream with @google/genai', () => {
  let upstream: FakeGeminiUpstream;
  let ai: GoogleGenAI;
  const model = 'gemini-2.5-flash';

  beforeAll(async () => {
    upstream = await FakeGeminiUpstream.start();
    // Under jest's sandbox the SDK cannot find Node's undici dispatcher and fails every call
    // ("Undici globalDispatcher is not available"); handing it fetch skips that lookup.
    ai = new GoogleGenAI({ apiKey: 'gm-client-placeholder', httpOptions: { baseUrl: upstream.baseUrl, fetch: (url, init) => fetch(url, init) } });
  });
  afterAll(() => upstream.close());
  beforeEach(() => upstream.reset());

  it('answers generateContent and records the model, RPC, query and key header', async () => {
    const response = await ai.models.generateContent({ model, contents: 'hello gemini' });
    expect(response.text).toBe('reply to: hello gemini');
    expect(response.candidates?.[0]).toMatchObject({ finishReason: 'STOP', index: 0 });
    expect(response.usageMetadata).toEqual(GEMINI_USAGE);
    expect(response.modelVersion).toBe(model);
    expect(upstream.last).toMatchObject({ method: 'POST', apiVersion: 'v1beta', model, rpc: 'generateContent', query: {} });
    expect(upstream.last.body).toEqual({ contents: [{ role: 'user', parts: [{ text: 'hello gemini' }] }] });
    expect(upstream.last.headers['x-goog-api-key']).toBe('gm-client-placeholder');
  });

  it('answers with a functionCall part', async () => {
    upstream.enqueue(respondGemini.generate({ text: null, functionCall: { name: 'get_weather', args: { city: 'Paris' } } }));
    const response = await ai.models.generateContent({ model, contents: 'weather?' });
    expect(response.functionCalls).toEqual([{ name: 'get_weather', args: { city: 'Paris' } }]);
  });

  it('streams SSE chunks that generateContentStream yields, usage on the last', async () => {
    const chunks = [];
    for await (const chunk of await ai.models.generateContentStream({ model, contents: 'hello' })) chunks.push(chunk);
    expect(upstream.last).toMatchObject({ rpc: 'streamGenerateContent', query: { alt: 'sse' } });
    expect(chunks.map((c) => c.text).join('')).toBe('Hello from upstream');
    expect(chunks.at(-1)?.usageMetadata).toEqual(GEMINI_USAGE);
    expect(chunks.at(-1)?.candidates?.[0].finishReason).toBe('STOP');
  });

  it('streams a functionCall chunk after the text', async () => {
    upstream.enqueue(respondGemini.stream(['Checking.'], { functionCall: { name: 'get_weather', args: { city: 'Paris' } } }));
    const chunks = [];
    for await (const chunk of await ai.models.generateContentStream({ model, contents: 'weather?' })) chunks.push(chunk);
    expect(chunks.map((c) => c.functionCalls ?? []).flat()).toEqual([{ name: 'get_weather', args: { city: 'Paris' } }]);
  });

  it('frames SSE events with \\r\\n\\r\\n on the wire', async () => {
    const response = await fetch(`${upstream.baseUrl}/v1beta/models/${model}:streamGenerateContent?alt=sse`, { method: 'POST', body: '{"contents":[]}' });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const events = (await response.text()).split('\r\n\r\n');
    expect(events.pop()).toBe('');
    expect(events.map((e) => JSON.parse(e.replace(/^data: /, '')).candidates[0].content.parts[0].text)).toEqual(['Hello', ' from', ' upstream']);
  });

  it('streams the JSON-array form element by element without alt=sse', async () => {
    upstream.enqueue(respondGemini.stream(['Hello', ' from', ' upstream'], { intervalMs: 30 }));
    const response = await fetch(`${upstream.baseUrl}/v1beta/models/${model}:streamGenerateContent`, { method: 'POST', body: '{"contents":[]}' });
    expect(response.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    const reads = await readChunks(response);
    expect(reads.length).toBeGreaterThanOrEqual(3); // the elements arrived over time, not as one body
    expect(reads[0].startsWith('[{')).toBe(true);
    const whole = reads.join('');
    expect(whole).toContain('\n,\r\n');
    const elements = JSON.parse(whole);
    expect(elements.map((e: any) => e.candidates[0].content.parts[0].text)).toEqual(['Hello', ' from', ' upstream']);
    expect(elements.at(-1).usageMetadata).toEqual(GEMINI_USAGE);
  });

  it('embeds: the SDK embedContent goes to batchEmbedContents; embedContent answers one vector', async () => {
    const response = await ai.models.embedContent({ model: 'text-embedding-004', contents: ['a', 'b'] });
    expect(upstream.last).toMatchObject({ model: 'text-embedding-004', rpc: 'batchEmbedContents' });
    expect(upstream.last.body.requests).toHaveLength(2);
    expect(response.embeddings?.map((e) => e.values)).toEqual([[0.25, -0.5, 0.125], [1.25, -0.5, 0.125]]);

    const single = await fetch(`${upstream.baseUrl}/v1beta/models/text-embedding-004:embedContent`, { method: 'POST', body: '{"content":{"parts":[{"text":"a"}]}}' });
    expect(await single.json()).toEqual({ embedding: { values: [0.25, -0.5, 0.125] } });
  });

  it('returns errors in Google shape, which the SDK surfaces as ApiError', async () => {
    upstream.enqueue(respondGemini.error(429, 'RESOURCE_EXHAUSTED', 'quota exceeded', { headers: { 'retry-after': '3' } }));
    const error = await ai.models.generateContent({ model, contents: 'hi' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(429);
    expect((error as ApiError).message).toContain('RESOURCE_EXHAUSTED');
    expect(upstream.requests).toHaveLength(1); // no retry by default
  });

  it('fails a stream with an in-stream error element', async () => {
    upstream.enqueue(respondGemini.stream(['a', 'b'], { errorAfter: { pieces: 1 } }));
    const consume = async () => {
      for await (const _chunk of await ai.models.generateContentStream({ model, contents: 'hi' }));
    };
    await expect(consume()).rejects.toThrow(/internal error/i);
  });

  it('notices a caller aborting a hung call, and drops the connection on reset', async () => {
    upstream.enqueue(respondGemini.hang());
    const controller = new AbortController();
    const call = ai.models.generateContent({ model, contents: 'hi', config: { abortSignal: controller.signal } });
    while (upstream.requests.length === 0) await new Promise((r) => setTimeout(r, 10));
    controller.abort();
    await expect(call).rejects.toThrow();
    await upstream.waitForEarlyClose();
    upstream.enqueue(respondGemini.reset());
    await expect(ai.models.generateContent({ model, contents: 'hi' })).rejects.toThrow(/fetch failed/);
  });
});

describe('FakeOpenAiUpstream + respondResponses with openai responses API', () => {
  let upstream: FakeOpenAiUpstream;
  let client: OpenAI;

  beforeAll(async () => {
    upstream = await FakeOpenAiUpstream.start();
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
    upstream.enqueue(respondResponses.error(400, 'invalid_request_error', 'bad input', 'invalid_value'));
    await expect(client.responses.create({ model: 'm', input: 'hi' })).rejects.toBeInstanceOf(OpenAI.BadRequestError);
  });
});
