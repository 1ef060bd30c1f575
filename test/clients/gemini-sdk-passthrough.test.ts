import { GoogleGenAI } from '@google/genai';
import { GeminiFake, GEMINI_USAGE, respondGemini } from '../fakes/gemini-fake';
import { eventually } from '../support/eventually';
import { startGateway, type TestGateway } from '../support/start-gateway';

const SERVER_KEY = 'AIza-server-held-key-31';

/** The official google-genai SDK, with a placeholder key, against /gateway/gemini (and the vendor-c alias). */
describe('Gemini passthrough with the official @google/genai SDK', () => {
  let upstream: GeminiFake;
  let gw: TestGateway;

  beforeAll(async () => {
    upstream = await GeminiFake.start();
    gw = await startGateway(`
providers:
  google: { type: gemini, base_url: "${upstream.baseUrl}", api_key: "${SERVER_KEY}" }
endpoints:
  - { name: my-gemini, kind: chat, provider: google, model: gemini-2.5-flash }
  - { name: gem-embed, kind: embeddings, provider: google, model: gemini-embedding-001 }
`);
  });
  afterAll(async () => {
    await gw.close();
    await upstream.close();
  });
  beforeEach(() => upstream.reset());

  // Under jest the SDK cannot find undici's global dispatcher; handing it fetch works around that.
  const client = (vendor = 'gemini') =>
    new GoogleGenAI({ apiKey: 'placeholder-key', httpOptions: { baseUrl: `${gw.url}/gateway/${vendor}`, fetch: (url: Parameters<typeof fetch>[0], init?: RequestInit) => fetch(url, init) } as never });

  function expectServerCredentials() {
    expect(upstream.last.headers['x-goog-api-key']).toBe(SERVER_KEY);
    expect(upstream.last.query.key).toBeUndefined();
    expect(JSON.stringify(upstream.last.headers)).not.toContain('placeholder-key');
  }

  it.each(['gemini', 'vendor-c'])('generateContent via /gateway/%s puts the configured model in the path', async (vendor) => {
    const response = await client(vendor).models.generateContent({ model: 'my-gemini', contents: [{ role: 'user', parts: [{ text: 'Hello' }] }], config: { temperature: 0.1 } });
    expect(response.text).toBe('reply to: Hello');
    expect(upstream.last.pathname).toBe('/v1beta/models/gemini-2.5-flash:generateContent');
    expect(upstream.last.body.contents).toEqual([{ role: 'user', parts: [{ text: 'Hello' }] }]);
    expect(upstream.last.body.generationConfig).toEqual({ temperature: 0.1 });
    expectServerCredentials();
  });

  it('generateContentStream (SSE) streams and is accounted', async () => {
    const stream = await client().models.generateContentStream({ model: 'my-gemini', contents: 'Hi there' });
    let text = '';
    for await (const chunk of stream) text += chunk.text ?? '';
    expect(text.length).toBeGreaterThan(0);
    expect(upstream.last.rpc).toBe('streamGenerateContent');
    expect(upstream.last.query.alt).toBe('sse');
    expectServerCredentials();
    await eventually(() => {
      const record = gw.logs.filter((l) => l.includes('"apiStyle":"gemini-passthrough"') && l.includes('"msg":"usage"')).map((l) => JSON.parse(l).usage).pop();
      const output = GEMINI_USAGE.candidatesTokenCount + GEMINI_USAGE.thoughtsTokenCount;
      expect(record.usage).toEqual({ inputTokens: GEMINI_USAGE.promptTokenCount, outputTokens: output, totalTokens: GEMINI_USAGE.totalTokenCount, cachedInputTokens: 4, reasoningTokens: 2 });
      expect(record.stream).toBe(true);
    });
  });

  it('relays the JSON-array stream form (no alt=sse) and reads its usage', async () => {
    const res = await fetch(`${gw.url}/gateway/gemini/v1beta/models/my-gemini:streamGenerateContent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': 'placeholder-key' },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'array please' }] }] }),
    });
    expect(res.status).toBe(200);
    const parsed = JSON.parse(await res.text()) as Array<{ usageMetadata?: unknown }>;
    expect(Array.isArray(parsed)).toBe(true);
    expect(parsed[parsed.length - 1].usageMetadata).toMatchObject({ totalTokenCount: GEMINI_USAGE.totalTokenCount });
    expect(upstream.last.query.alt).toBeUndefined();
  });

  it('drops a client ?key= and answers a function call', async () => {
    upstream.enqueue(respondGemini.generate({ functionCall: { name: 'get_weather', args: { city: 'Paris' } } }));
    const res = await fetch(`${gw.url}/gateway/gemini/v1beta/models/my-gemini:generateContent?key=client-query-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'weather?' }] }], tools: [{ functionDeclarations: [{ name: 'get_weather' }] }] }),
    });
    const body = (await res.json()) as { candidates: Array<{ content: { parts: Array<{ functionCall?: unknown }> } }> };
    expect(body.candidates[0].content.parts.find((p) => p.functionCall)?.functionCall).toEqual({ name: 'get_weather', args: { city: 'Paris' } });
    expect(upstream.last.path).not.toContain('client-query-key');
    expect(upstream.last.headers['x-goog-api-key']).toBe(SERVER_KEY);
  });

  it('generateContent through the SDK returns a function call', async () => {
    upstream.enqueue(respondGemini.generate({ functionCall: { name: 'get_weather', args: { city: 'Paris' } } }));
    const response = await client().models.generateContent({
      model: 'my-gemini',
      contents: 'weather in Paris?',
      config: { tools: [{ functionDeclarations: [{ name: 'get_weather' }] }] },
    });
    expect(response.functionCalls?.[0]).toMatchObject({ name: 'get_weather', args: { city: 'Paris' } });
    expect(upstream.last.body.tools).toEqual([{ functionDeclarations: [{ name: 'get_weather' }] }]);
  });

  it('embedContent through the SDK (batchEmbedContents) reaches an embeddings endpoint', async () => {
    const result = await client().models.embedContent({ model: 'gem-embed', contents: 'embed me' });
    expect(result.embeddings?.[0].values?.length).toBeGreaterThan(0);
    expect(upstream.last.model).toBe('gemini-embedding-001');
    expectServerCredentials();
  });

  it("errors come in Gemini's shape: the provider's relayed, the gateway's rendered", async () => {
    upstream.enqueue(respondGemini.error(429, 'RESOURCE_EXHAUSTED', `quota for ${SERVER_KEY}`));
    const limited = await client().models.generateContent({ model: 'my-gemini', contents: 'x' }).catch((e: unknown) => e);
    expect(limited).toMatchObject({ status: 429 });
    expect(String((limited as Error).message)).not.toContain(SERVER_KEY);

    const missing = await fetch(`${gw.url}/gateway/gemini/v1beta/models/nope:generateContent`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"contents":[]}' });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: { code: 404, message: 'Endpoint "nope" does not exist.', status: 'NOT_FOUND' } });

    const kind = await fetch(`${gw.url}/gateway/gemini/v1beta/models/gem-embed:generateContent`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"contents":[]}' });
    expect(kind.status).toBe(400);
    expect(((await kind.json()) as { error: { status: string } }).error.status).toBe('INVALID_ARGUMENT');
  });

  it('a mid-stream upstream reset ends the SDK stream with an error, not a hang', async () => {
    upstream.enqueue(respondGemini.stream(['a', 'b', 'c', 'd'], { resetAfter: 2, intervalMs: 10 }));
    const consume = async () => {
      for await (const _ of await client().models.generateContentStream({ model: 'my-gemini', contents: 'x' })) void _;
    };
    await expect(consume()).rejects.toThrow();
  });
});

describe('Gemini passthrough routing', () => {
  let upstream: GeminiFake;
  let gw: TestGateway;

  beforeAll(async () => {
    upstream = await GeminiFake.start();
    gw = await startGateway(`
providers:
  google: { type: gemini, base_url: "${upstream.baseUrl}", api_key: k }
endpoints:
  - { name: g, kind: chat, provider: google, model: gemini-2.5-flash }
`);
  });
  afterAll(async () => {
    await gw.close();
    await upstream.close();
  });

  it.each(['v1', 'v1beta', 'v1alpha'])('relays a call addressed to %s on that same version', async (version) => {
    const res = await fetch(`${gw.url}/gateway/gemini/${version}/models/g:generateContent`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"contents":[{"parts":[{"text":"x"}]}]}' });
    expect(res.status).toBe(200);
    expect(upstream.last.pathname).toBe(`/${version}/models/gemini-2.5-flash:generateContent`);
  });

  it("answers a path it does not serve with a 404 in Gemini's shape", async () => {
    const res = await fetch(`${gw.url}/gateway/gemini/v2/models/g:generateContent`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { status: string } }).error.status).toBe('NOT_FOUND');
    const anthropic = await fetch(`${gw.url}/gateway/anthropic/v1/complete`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(((await anthropic.json()) as { type: string; error: { type: string } })).toMatchObject({ type: 'error', error: { type: 'not_found_error' } });
  });
});
