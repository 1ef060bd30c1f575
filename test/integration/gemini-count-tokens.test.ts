import { AnthropicFake } from '../fakes/anthropic-fake';
import { GeminiFake } from '../fakes/gemini-fake';
import { OpenAiFake } from '../fakes/openai-fake';
import { anthropicCountTokens } from '../fakes/rules/anthropic-count-tokens';
import { fakeTokenCount } from '../fakes/rules/gemini-count-tokens';
import { profile as vertexProfile } from '../conformance/profiles/vertex-ai';
import type { VertexAiFake } from '../fakes/vertex-ai-fake';
import { postJson, startGateway, type TestGateway } from '../support/start-gateway';

/**
 * `:countTokens` on the Gemini routes (Gemini CLI and google-genai call it), over real HTTP to
 * the strict fakes: relayed to Gemini and to Vertex AI's Gemini, counted by Anthropic's own
 * count_tokens for a Claude endpoint and by Vertex AI's for Claude on Vertex (the answer in
 * Gemini's CountTokensResponse shape), and
 * the gateway's estimate, so marked, for an endpoint whose provider cannot count.
 */
describe('countTokens on the Gemini routes', () => {
  let gemini: GeminiFake;
  let vertex: VertexAiFake;
  let anthropic: AnthropicFake;
  let openai: OpenAiFake;
  let gw: TestGateway;

  beforeAll(async () => {
    [gemini, vertex, anthropic, openai] = await Promise.all([
      GeminiFake.start(), vertexProfile.startFake() as Promise<VertexAiFake>, AnthropicFake.start({ script: anthropicCountTokens }), OpenAiFake.start(),
    ]);
    const gcp = JSON.stringify({ type: 'vertex-ai', ...vertexProfile.connection(vertex) });
    gw = await startGateway(`
providers:
  gm: { type: gemini, base_url: "${gemini.baseUrl}", api_key: "AIza-count" }
  gcp: ${gcp}
  an: { type: anthropic, base_url: "${anthropic.baseUrl}", api_key: "sk-ant-count" }
  oa: { type: openai, base_url: "${openai.baseUrl}", api_key: "sk-count" }
endpoints:
  - { name: gemini-chat, kind: chat, provider: gm, model: gemini-2.5-flash }
  - { name: vertex-gemini, kind: chat, provider: gcp, model: gemini-2.5-flash }
  - { name: vertex-claude, kind: chat, provider: gcp, model: claude-sonnet-4@20250514 }
  - { name: claude-chat, kind: chat, provider: an, model: claude-sonnet-4-5-20250929 }
  - { name: openai-chat, kind: chat, provider: oa, model: gpt-4o-mini }
`);
  });
  afterAll(async () => {
    await gw?.close();
    await Promise.all([gemini?.close(), vertex?.close(), anthropic?.close(), openai?.close()]);
  });
  beforeEach(() => [gemini, vertex, anthropic, openai].forEach((fake) => fake.reset()));

  const url = (endpoint: string, version = 'v1beta/') => `${gw.url}/gateway/gemini/${version}models/${endpoint}:countTokens`;
  const contents = [{ role: 'user', parts: [{ text: 'How many tokens are in this prompt?' }] }];
  const words = fakeTokenCount({ contents });

  it("relays to Gemini's countTokens, the versionless path too, with the connection's key", async () => {
    for (const version of ['v1beta/', '']) {
      const res = await postJson(url('gemini-chat', version), { contents }, { 'x-goog-api-key': 'client-key' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ totalTokens: words, promptTokensDetails: [{ modality: 'TEXT', tokenCount: words }] });
      expect(res.headers.get('x-gateway-token-count')).toBeNull();
      expect(gemini.last).toMatchObject({ rpc: 'countTokens', model: 'gemini-2.5-flash', apiVersion: 'v1beta', body: { contents } });
      expect(gemini.last.headers['x-goog-api-key']).toBe('AIza-count');
    }
  });

  it("relays Gemini's own refusal of a body it does not take", async () => {
    const res = await postJson(url('gemini-chat'), { contents, generateContentRequest: { model: 'models/x', contents } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('mutually exclusive');
  });

  it("counts with Anthropic's count_tokens for a Claude endpoint, answered as Gemini's CountTokensResponse", async () => {
    const res = await postJson(url('claude-chat'), {
      generateContentRequest: {
        model: 'models/gemini-2.5-flash', contents, systemInstruction: { parts: [{ text: 'Answer in one word.' }] },
        tools: [{ functionDeclarations: [{ name: 'lookup', description: 'Finds a thing.', parameters: { type: 'OBJECT', properties: { q: { type: 'STRING' } } } }] }],
        generationConfig: { maxOutputTokens: 100, temperature: 0.2 },
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-gateway-token-count')).toBeNull();
    const sent = anthropic.last;
    expect(sent.pathname).toBe('/v1/messages/count_tokens');
    // Only what count_tokens takes: no max_tokens, no sampling knobs; the endpoint's model.
    expect(Object.keys(sent.body).sort()).toEqual(['messages', 'model', 'system', 'tools']);
    expect(sent.body).toMatchObject({ model: 'claude-sonnet-4-5-20250929', system: 'Answer in one word.', tools: [expect.objectContaining({ name: 'lookup' })] });
    expect(sent.headers['x-api-key']).toBe('sk-ant-count');
    expect(res.body).toEqual({ totalTokens: fakeTokenCount(sent.body) });
  });

  it("counts with Vertex AI's count for Claude on Vertex, in its dialect (the model's Vertex id in the body)", async () => {
    const res = await postJson(url('vertex-claude'), { contents });
    expect(res.status).toBe(200);
    const seen = vertex.requests[vertex.requests.length - 1];
    expect(seen).toMatchObject({ publisher: 'anthropic', rpc: 'rawPredict' });
    expect(seen.body).toMatchObject({ model: 'claude-sonnet-4@20250514', messages: [{ role: 'user' }] });
    expect(res.body).toEqual({ totalTokens: fakeTokenCount(seen.body) });
    expect(res.headers.get('x-gateway-token-count')).toBeNull();
  });

  it("renders Anthropic's refusal in Gemini's error shape, not Anthropic's", async () => {
    anthropic.enqueue((_req, res) => {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '3' });
      res.end(JSON.stringify({ type: 'error', error: { type: 'rate_limit_error', message: 'Number of request tokens has exceeded your per-minute rate limit' } }));
    });
    const res = await postJson(url('claude-chat'), { contents });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ error: { code: 429, status: 'RESOURCE_EXHAUSTED', message: 'Number of request tokens has exceeded your per-minute rate limit' } });
  });

  // Found by the inbound property test (seed 632738310): the cut body surfaced as a 500 "internal" error.
  it("answers a Claude count whose body is cut after a 200 head as the provider's failure (502), not the gateway's (500)", async () => {
    anthropic.enqueue((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"input_tok');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const res = await postJson(url('claude-chat'), { contents });
    expect(res.status).toBe(502);
    expect(res.body.error).toMatchObject({ code: 502, status: 'UNAVAILABLE' });
  });

  it('answers an endpoint whose provider cannot count with the estimate, marked so, and calls no provider', async () => {
    const res = await postJson(url('openai-chat'), { contents });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-gateway-token-count')).toBe('estimate');
    expect(res.body.totalTokens).toBeGreaterThan(5);
    expect(Object.keys(res.body)).toEqual(['totalTokens']);
    expect(openai.requests).toHaveLength(0);
  });

  it("refuses a name countTokens does not have in Gemini's words, before any provider is called", async () => {
    const res = await postJson(url('openai-chat'), { contents, systemInstruction: { parts: [{ text: 'x' }] } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Invalid JSON payload received. Unknown name "systemInstruction": Cannot find field.');
  });
});

/**
 * Vertex AI's countTokens answers `totalBillableCharacters` beside `totalTokens`
 * (https://cloud.google.com/vertex-ai/generative-ai/docs/model-reference/count-tokens). The relay
 * passes it on as Vertex sent it, as it passes every relayed answer (the SDKs ignore a field they
 * do not model); the answer check lets that one field through (RELAYED_PROVIDER_FIELDS).
 */
describe('countTokens relayed to Vertex AI', () => {
  let vertex: VertexAiFake;
  let gw: TestGateway;

  beforeAll(async () => {
    vertex = (await vertexProfile.startFake()) as VertexAiFake;
    const gcp = JSON.stringify({ type: 'vertex-ai', ...vertexProfile.connection(vertex) });
    gw = await startGateway(`
providers:
  gcp: ${gcp}
endpoints:
  - { name: vertex-gemini, kind: chat, provider: gcp, model: gemini-2.5-flash }
`);
  });
  afterAll(async () => {
    await gw?.close();
    await vertex?.close();
  });

  const url = (endpoint: string) => `${gw.url}/gateway/gemini/v1beta/models/${endpoint}:countTokens`;
  const contents = [{ role: 'user', parts: [{ text: 'How many tokens are in this prompt?' }] }];
  const words = fakeTokenCount({ contents });

  it("relays to Vertex AI's countTokens for its Gemini models", async () => {
    const res = await postJson(url('vertex-gemini'), { contents });
    expect(res.status).toBe(200);
    expect(res.body.totalTokens).toBe(words);
    expect(res.body.totalBillableCharacters).toBeGreaterThan(0);
    const seen = vertex.requests[vertex.requests.length - 1];
    expect(seen).toMatchObject({ rpc: 'countTokens', publisher: 'google', model: 'gemini-2.5-flash' });
  });

  it('lifts a generateContentRequest (google-genai sends one with a system instruction) to the top level Vertex AI takes', async () => {
    const systemInstruction = { parts: [{ text: 'Answer briefly.' }] };
    const res = await postJson(url('vertex-gemini'), { generateContentRequest: { model: 'models/vertex-gemini', contents, systemInstruction } });
    expect(res.status).toBe(200);
    expect(res.body.totalTokens).toBe(fakeTokenCount({ contents, systemInstruction }));
    const seen = vertex.requests[vertex.requests.length - 1];
    expect(seen.body).toEqual({ contents, systemInstruction });
  });
});
