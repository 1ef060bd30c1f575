import { ApiError, GoogleGenAI } from '@google/genai';
import { FIXTURES, scenarioMarker } from '../conformance/conformance-fixtures';
import { GEMINI_USAGE, GeminiFake, respondGemini, sseStreamsOnly } from './gemini-fake';
import { pauseSdkOracle, resumeSdkOracle } from '../support/sdk-validate/sdk-oracle';

afterEach(resumeSdkOracle);

/**
 * A fake is only worth something if real clients accept it: here the official @google/genai
 * SDK drives the Gemini fake (no gateway), so a wrong field or frame fails here rather
 * than as a puzzling gateway failure later.
 */

/** Reads a body chunk by chunk, so tests can see that a stream arrived in pieces. */
async function readChunks(response: Response): Promise<string[]> {
  const chunks: string[] = [];
  const decoder = new TextDecoder();
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) chunks.push(decoder.decode(chunk, { stream: true }));
  return chunks;
}

describe('GeminiFake with @google/genai', () => {
  let upstream: GeminiFake;
  let ai: GoogleGenAI;
  const model = 'gemini-2.5-flash';

  beforeAll(async () => {
    upstream = await GeminiFake.start();
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

  it('refuses a field GenerateContentRequest does not have, as Google does', async () => {
    // The fake's own rule must answer, not the SDK-type oracle that would refuse the same body first.
    pauseSdkOracle();
    const post = (body: object) => fetch(`${upstream.baseUrl}/v1beta/models/${model}:generateContent`, { method: 'POST', body: JSON.stringify(body) });
    const contents = [{ role: 'user', parts: [{ text: 'hi' }] }];
    const refused = await post({ contents, reasoning_effort: 'high' });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe('Invalid JSON payload received. Unknown name "reasoning_effort": Cannot find field.');
    expect((await post({ contents, system_instruction: { parts: [{ text: 'x' }] }, generationConfig: {} })).status).toBe(200);
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

describe('GeminiFake checks and conformance answers', () => {
  let upstream: GeminiFake;
  const model = 'gemini-2.5-flash';
  const call = (rpc: string, body: unknown, key = 'right-key') =>
    fetch(`${upstream.baseUrl}/v1beta/models/${model}:${rpc}`, { method: 'POST', headers: { 'x-goog-api-key': key }, body: JSON.stringify(body) });
  const ask = (text: string) => ({ contents: [{ role: 'user', parts: [{ text }] }] });

  beforeAll(async () => {
    upstream = await GeminiFake.start({
      authCheck: (req) => (req.headers['x-goog-api-key'] === 'right-key' ? undefined : 'API key not valid.'),
      rules: sseStreamsOnly,
    });
  });
  afterAll(() => upstream.close());

  it("refuses a key authCheck rejects with Google's 401, and a stream without alt=sse under that rule", async () => {
    const refused = await call('generateContent', ask('hi'), 'wrong-key');
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: { code: 401, message: 'API key not valid.', status: 'UNAUTHENTICATED' } });
    const arrayStream = await call('streamGenerateContent', ask('hi'));
    expect(arrayStream.status).toBe(400);
    expect(((await arrayStream.json()) as { error: { status: string } }).error.status).toBe('INVALID_ARGUMENT');
    expect((await fetch(`${upstream.baseUrl}/v1beta/models/${model}:tokenize`, { method: 'POST', headers: { 'x-goog-api-key': 'right-key' }, body: '{}' })).status).toBe(404);
  });

  it('answers a conformance scenario with the fixtures: function calls, cache usage, fixture embeddings', async () => {
    const tools = (await (await call('generateContent', ask(scenarioMarker('parallel-tools')))).json()) as any;
    expect(tools.candidates[0].content.parts).toEqual(FIXTURES.toolCalls.map((c) => ({ functionCall: { name: FIXTURES.tool.name, args: c.arguments } })));
    const cached = (await (await call('generateContent', ask(scenarioMarker('cache-usage')))).json()) as any;
    expect(cached.usageMetadata).toMatchObject({ promptTokenCount: FIXTURES.usage.input, cachedContentTokenCount: FIXTURES.usage.cachedRead });
    const requests = FIXTURES.embeddings.inputs.map((text) => ({ content: { parts: [{ text }] } }));
    const embedded = (await (await call('batchEmbedContents', { requests })).json()) as any;
    expect(embedded.embeddings.map((e: { values: number[] }) => e.values)).toEqual(FIXTURES.embeddings.vectors);
    expect(upstream.last.view.inputs).toEqual(FIXTURES.embeddings.inputs);
  });
});
