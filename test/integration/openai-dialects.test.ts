import { CohereFake } from '../fakes/cohere-fake';
import { OpenAiFake } from '../fakes/openai-fake';
import { GROQ_FAKE } from '../fakes/rules/groq-chat';
import { MISTRAL_FAKE } from '../fakes/rules/mistral-chat';
import { eventually } from '../support/eventually';
import { postJson, startGateway, type TestGateway } from '../support/start-gateway';

/**
 * A provider that speaks a dialect of OpenAI's format gets its dialect on every route:
 * the unified API, the OpenAI passthrough's relay (a body the client wrote) and the
 * translated passthroughs. The fakes refuse what the providers refuse (Mistral's 422
 * `extra_forbidden`, Groq's and Cohere's refusal of a named tool message), so a rule
 * the gateway skips on one route fails here.
 */
describe('OpenAI dialects on every route', () => {
  let mistral: OpenAiFake;
  let groq: OpenAiFake;
  let cohere: CohereFake;
  let gw: TestGateway;

  beforeAll(async () => {
    [mistral, groq, cohere] = await Promise.all([OpenAiFake.start(MISTRAL_FAKE), OpenAiFake.start(GROQ_FAKE), CohereFake.start()]);
    gw = await startGateway(`
providers:
  mistral-acct: { type: mistral, base_url: "${mistral.baseUrl}", api_key: mistral-key-1234 }
  groq-acct: { type: groq, base_url: "${groq.baseUrl}", api_key: gsk-key-1234 }
  cohere-acct: { type: cohere, base_url: "${cohere.baseUrl}", api_key: co-key-1234 }
endpoints:
  - { name: le-chat, kind: chat, provider: mistral-acct, model: mistral-small-latest }
  - { name: le-embed, kind: embeddings, provider: mistral-acct, model: mistral-embed }
  - { name: fast, kind: chat, provider: groq-acct, model: llama-3.3-70b-versatile }
  - { name: command, kind: chat, provider: cohere-acct, model: command-a-03-2025 }
`);
  });

  afterAll(async () => {
    await gw?.close();
    await Promise.all([mistral?.close(), groq?.close(), cohere?.close()]);
  });

  const developerTurn = [
    { role: 'developer', content: 'Answer in one word.' },
    { role: 'user', content: 'hi' },
  ];

  /** The usage record the gateway logged for a response, by its request id. */
  const usageOf = (requestId: string | null) =>
    eventually(() => {
      const record = gw.logs.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'usage' && entry.usage.requestId === requestId)?.usage;
      expect(record).toBeDefined();
      return record;
    });

  describe('Mistral', () => {
    it('gets a developer message as system on the unified route', async () => {
      const res = await postJson(`${gw.url}/gateway/native/v1/chat/completions`, { model: 'le-chat', messages: developerTurn });
      expect(res.status).toBe(200);
      expect(mistral.last.body.messages[0]).toEqual({ role: 'system', content: 'Answer in one word.' });
    });

    it('gets a developer message as system on the OpenAI passthrough (relayed)', async () => {
      const res = await postJson(`${gw.url}/gateway/openai/v1/chat/completions`, { model: 'le-chat', messages: developerTurn });
      expect(res.status).toBe(200);
      expect(mistral.last.body.messages[0]).toEqual({ role: 'system', content: 'Answer in one word.' });
    });

    it("gets a relayed body in its own fields: random_seed, max_tokens, no stream_options, no echoed refusal or annotations", async () => {
      const res = await postJson(`${gw.url}/gateway/openai/v1/chat/completions`, {
        model: 'le-chat',
        seed: 42,
        max_completion_tokens: 50,
        user: 'end-user-1',
        messages: [
          { role: 'user', content: 'hi' },
          { role: 'assistant', content: 'Hello.', refusal: null, annotations: [] },
          { role: 'user', content: 'again' },
        ],
      });
      expect(res.status).toBe(200);
      expect(mistral.last.body).toEqual({
        model: 'mistral-small-latest',
        random_seed: 42,
        max_tokens: 50,
        messages: [
          { role: 'user', content: 'hi' },
          { role: 'assistant', content: 'Hello.' },
          { role: 'user', content: 'again' },
        ],
      });
    });

    it('streams a relayed call without stream_options and still counts its usage (Mistral reports it unasked)', async () => {
      const response = await fetch(`${gw.url}/gateway/openai/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'le-chat', stream: true, stream_options: { include_usage: true }, seed: 1, messages: developerTurn }),
      });
      const text = await response.text();
      expect(response.status).toBe(200);
      expect(text).toContain('data: [DONE]');
      expect(mistral.last.body).not.toHaveProperty('stream_options');
      expect(mistral.last.body).toMatchObject({ random_seed: 1, messages: [{ role: 'system', content: 'Answer in one word.' }, { role: 'user', content: 'hi' }] });
      const record = await usageOf(response.headers.get('x-request-id'));
      expect(record.usage.inputTokens).toBeGreaterThan(0);
      expect(record.usage.outputTokens).toBeGreaterThan(0);
    });

    it('gets an embeddings size as output_dimension, relayed and unified', async () => {
      const relayed = await postJson(`${gw.url}/gateway/openai/v1/embeddings`, { model: 'le-embed', input: 'a', dimensions: 256 });
      expect(relayed.status).toBe(200);
      expect(mistral.last.body).toEqual({ model: 'mistral-embed', input: 'a', output_dimension: 256 });
      const unified = await postJson(`${gw.url}/gateway/native/v1/embeddings`, { model: 'le-embed', input: ['b'], dimensions: 128 });
      expect(unified.status).toBe(200);
      expect(mistral.last.body).toMatchObject({ output_dimension: 128 });
      expect(mistral.last.body).not.toHaveProperty('dimensions');
    });

    it("relays Mistral's own refusal of a field it does not know, rather than refusing for it", async () => {
      const res = await postJson(`${gw.url}/gateway/openai/v1/chat/completions`, { model: 'le-chat', store: true, messages: [{ role: 'user', content: 'hi' }] });
      // 422 from the fake's schema, or 400 from the SDK-type oracle in front of it: either way the provider's answer, naming the field.
      expect([400, 422]).toContain(res.status);
      expect(mistral.last.body).toHaveProperty('store', true);
      expect(res.text).toContain('store');
    });
  });

  describe('a Gemini client answering a function call', () => {
    const geminiToolReply = {
      contents: [
        { role: 'user', parts: [{ text: 'Weather in Paris?' }] },
        { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } } }] },
        { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { output: '18C' } } }] },
      ],
      tools: [{ functionDeclarations: [{ name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } }] }],
    };
    const generate = (endpoint: string) => postJson(`${gw.url}/gateway/gemini/v1beta/models/${endpoint}:generateContent`, geminiToolReply);

    it('reaches Groq, its tool message without the name Groq refuses', async () => {
      const res = await generate('fast');
      expect(res.status).toBe(200);
      const tool = groq.last.body.messages.find((m: any) => m.role === 'tool');
      expect(tool).toMatchObject({ role: 'tool', content: expect.stringContaining('18C') });
      expect(tool).not.toHaveProperty('name');
    });

    it("reaches Cohere as v2's {role, tool_call_id, content}", async () => {
      const res = await generate('command');
      expect(res.status).toBe(200);
      const tool = cohere.last.body.messages.find((m: any) => m.role === 'tool');
      expect(Object.keys(tool).sort()).toEqual(['content', 'role', 'tool_call_id']);
    });
  });
});
