import { AnthropicFake } from '../fakes/anthropic-fake';
import { GeminiFake } from '../fakes/gemini-fake';
import { OpenAiFake } from '../fakes/openai-fake';
import { postJson, startGateway, type TestGateway } from '../support/start-gateway';

/**
 * Parameters a target cannot honour, through the gateway over real HTTP to strict fakes: a
 * hint is dropped and named in x-gateway-dropped-fields (in the client's spelling) and the
 * call answers 200; a field that maps is mapped. Every route that can carry the field.
 */
describe('parameters the target refuses are dropped and named, the same way on every route', () => {
  let openai: OpenAiFake;
  let anthropic: AnthropicFake;
  let gemini: GeminiFake;
  let mistral: OpenAiFake;
  let gw: TestGateway;

  beforeAll(async () => {
    openai = await OpenAiFake.start();
    anthropic = await AnthropicFake.start();
    gemini = await GeminiFake.start();
    // Mistral's own rules are another suite's: here only what reaches it matters.
    mistral = await OpenAiFake.start({ extraChatFields: 'any', errorShape: 'flat', streamUsage: 'always' });
    gw = await startGateway(`
providers:
  oa: { type: openai, base_url: "${openai.baseUrl}", api_key: "sk-mapping-test" }
  an: { type: anthropic, base_url: "${anthropic.baseUrl}", api_key: "sk-ant-mapping" }
  gm: { type: gemini, base_url: "${gemini.baseUrl}", api_key: "AIza-mapping" }
  mi: { type: mistral, base_url: "${mistral.baseUrl}", api_key: "mistral-mapping" }
models:
  openai: { o4-mini: { reasoning: true }, gpt-4.1-mini: { reasoning: false } }
  mistral: { mistral-small-latest: { reasoning: false } }
endpoints:
  - { name: openai-chat, kind: chat, provider: oa, model: gpt-4.1-mini }
  - { name: openai-reasoner, kind: chat, provider: oa, model: o4-mini }
  - { name: claude-new, kind: chat, provider: an, model: claude-sonnet-4-5-20250929 }
  - { name: claude-old, kind: chat, provider: an, model: claude-3-5-haiku-20241022 }
  - { name: gemini-chat, kind: chat, provider: gm, model: gemini-2.5-flash }
  - { name: mistral-chat, kind: chat, provider: mi, model: mistral-small-latest }
`);
  });
  afterAll(async () => {
    await gw.close();
    await Promise.all([openai.close(), anthropic.close(), gemini.close(), mistral.close()]);
  });
  beforeEach(() => [openai, anthropic, gemini, mistral].forEach((fake) => fake.reset()));

  const dropped = (res: { headers: Headers }) => res.headers.get('x-gateway-dropped-fields');
  const geminiBody = (generationConfig: Record<string, unknown>) => ({ contents: [{ role: 'user', parts: [{ text: 'Hi' }] }], generationConfig });

  describe('top_k to OpenAI', () => {
    it('Gemini client: generationConfig.topK is dropped and named, temperature kept (200)', async () => {
      const res = await postJson(`${gw.url}/gateway/gemini/v1beta/models/openai-chat:generateContent`, geminiBody({ topK: 40, temperature: 0.5 }));
      expect(res.status).toBe(200);
      expect(dropped(res)).toBe('generationConfig.topK');
      expect(openai.last.body).not.toHaveProperty('top_k');
      expect(openai.last.body.temperature).toBe(0.5);
    });

    it('Gemini client, streamed: the header is on the stream\'s head', async () => {
      const res = await fetch(`${gw.url}/gateway/gemini/v1beta/models/openai-chat:streamGenerateContent?alt=sse`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(geminiBody({ topK: 3 })),
      });
      expect(res.status).toBe(200);
      expect(dropped(res)).toBe('generationConfig.topK');
      await res.text();
      expect(openai.last.body).not.toHaveProperty('top_k');
    });

    it('Anthropic client: top_k is dropped and named (200)', async () => {
      const res = await postJson(`${gw.url}/gateway/anthropic/v1/messages`, { model: 'openai-chat', max_tokens: 64, top_k: 5, messages: [{ role: 'user', content: 'Hi' }] });
      expect(res.status).toBe(200);
      expect(res.body.type).toBe('message');
      expect(dropped(res)).toBe('top_k');
      expect(openai.last.body).not.toHaveProperty('top_k');
    });

    it('without top_k nothing is named', async () => {
      const res = await postJson(`${gw.url}/gateway/anthropic/v1/messages`, { model: 'openai-chat', max_tokens: 64, messages: [{ role: 'user', content: 'Hi' }] });
      expect(res.status).toBe(200);
      expect(dropped(res)).toBeNull();
    });
  });

  describe('temperature with top_p to Claude models that refuse the pair', () => {
    const body = (model: string) => ({ model, input: 'Hi', temperature: 0.5, top_p: 0.9 });

    it.each([['/gateway/native/v1/responses'], ['/gateway/openai/v1/responses']])('Responses client on %s: top_p is dropped and named, temperature kept', async (route) => {
      const res = await postJson(`${gw.url}${route}`, body('claude-new'));
      expect(res.status).toBe(200);
      expect(dropped(res)).toBe('top_p');
      expect(anthropic.last.body).toMatchObject({ temperature: 0.5 });
      expect(anthropic.last.body).not.toHaveProperty('top_p');
    });

    it('Chat Completions client on the native route: the same', async () => {
      const res = await postJson(`${gw.url}/gateway/native/v1/chat/completions`, { model: 'claude-new', temperature: 0.5, top_p: 0.9, messages: [{ role: 'user', content: 'Hi' }] });
      expect(res.status).toBe(200);
      expect(dropped(res)).toBe('top_p');
    });

    it('an older Claude model takes both, and nothing is named', async () => {
      const res = await postJson(`${gw.url}/gateway/native/v1/responses`, body('claude-old'));
      expect(res.status).toBe(200);
      expect(dropped(res)).toBeNull();
      expect(anthropic.last.body).toMatchObject({ temperature: 0.5, top_p: 0.9 });
    });
  });

  describe('Gemini thinkingBudget to an OpenAI reasoning model', () => {
    it.each([
      [1024, 'minimal'], [2047, 'minimal'], [2048, 'low'], [8191, 'low'], [8192, 'medium'], [24_575, 'medium'], [24_576, 'high'], [32_768, 'high'],
    ])('a budget of %i becomes reasoning_effort %s', async (budget, effort) => {
      const res = await postJson(`${gw.url}/gateway/gemini/v1beta/models/openai-reasoner:generateContent`, geminiBody({ thinkingConfig: { thinkingBudget: budget } }));
      expect(res.status).toBe(200);
      expect(openai.last.body.reasoning_effort).toBe(effort);
      expect(dropped(res)).toBeNull();
    });

    it('to a model without reasoning the thinking settings are dropped and named', async () => {
      const res = await postJson(`${gw.url}/gateway/gemini/v1beta/models/openai-chat:generateContent`, geminiBody({ thinkingConfig: { thinkingBudget: 4096 } }));
      expect(res.status).toBe(200);
      expect(dropped(res)).toBe('generationConfig.thinkingConfig');
      expect(openai.last.body).not.toHaveProperty('reasoning_effort');
    });
  });

  describe('reasoning settings on the native routes to a model without reasoning', () => {
    const messages = [{ role: 'user', content: 'Hi' }];

    it('/gateway/{ep}/native/invocations: reasoning_effort is dropped and named', async () => {
      const res = await postJson(`${gw.url}/gateway/mistral-chat/native/invocations`, { messages, reasoning_effort: 'high' });
      expect(res.status).toBe(200);
      expect(dropped(res)).toBe('reasoning_effort');
      expect(mistral.last.body).not.toHaveProperty('reasoning_effort');
    });

    it('/gateway/native/v1/chat/completions: the same, streamed too', async () => {
      const res = await postJson(`${gw.url}/gateway/native/v1/chat/completions`, { model: 'mistral-chat', messages, reasoning_effort: 'low' });
      expect(res.status).toBe(200);
      expect(dropped(res)).toBe('reasoning_effort');
      const streamed = await fetch(`${gw.url}/gateway/native/v1/chat/completions`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'mistral-chat', messages, reasoning_effort: 'low', stream: true }),
      });
      expect(dropped(streamed)).toBe('reasoning_effort');
      await streamed.text();
      expect(mistral.last.body).not.toHaveProperty('reasoning_effort');
    });

    it('/gateway/native/v1/responses: reasoning.effort is dropped and named', async () => {
      const res = await postJson(`${gw.url}/gateway/native/v1/responses`, { model: 'mistral-chat', input: 'Hi', reasoning: { effort: 'medium' } });
      expect(res.status).toBe(200);
      expect(dropped(res)).toBe('reasoning.effort');
    });

    it('a model with reasoning keeps it on the native route', async () => {
      const res = await postJson(`${gw.url}/gateway/native/v1/chat/completions`, { model: 'openai-reasoner', messages, reasoning_effort: 'high' });
      expect(res.status).toBe(200);
      expect(dropped(res)).toBeNull();
      expect(openai.last.body.reasoning_effort).toBe('high');
    });
  });

  describe('hints are not refusals: disable_parallel_tool_use to Gemini', () => {
    const tools = [{ name: 'get_weather', description: 'Weather', input_schema: { type: 'object', properties: { city: { type: 'string' } } } }];

    it('Anthropic client: tool_choice.disable_parallel_tool_use is dropped and named (200)', async () => {
      const res = await postJson(`${gw.url}/gateway/anthropic/v1/messages`, {
        model: 'gemini-chat', max_tokens: 64, tools, tool_choice: { type: 'auto', disable_parallel_tool_use: true }, messages: [{ role: 'user', content: 'Weather in Paris?' }],
      });
      expect(res.status).toBe(200);
      expect(dropped(res)).toBe('tool_choice.disable_parallel_tool_use');
      expect(gemini.last.body.tools).toHaveLength(1);
    });

    it('Chat Completions client: parallel_tool_calls false is dropped and named', async () => {
      const res = await postJson(`${gw.url}/gateway/native/v1/chat/completions`, {
        model: 'gemini-chat', messages: [{ role: 'user', content: 'Hi' }], parallel_tool_calls: false,
        tools: [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: {} } } }],
      });
      expect(res.status).toBe(200);
      expect(dropped(res)).toBe('parallel_tool_calls');
    });
  });
});
