import { AnthropicFake } from '../fakes/anthropic-fake';
import { GeminiFake } from '../fakes/gemini-fake';
import { OpenAiFake } from '../fakes/openai-fake';
import { postJson, readSseData, startGateway, type TestGateway } from '../support/start-gateway';

/**
 * Gemini bodies as google-genai (Python) and LiteLLM write them, in proto field names
 * (`system_instruction`, `function_declarations`, `max_output_tokens`), through the gateway
 * over real HTTP: translated for OpenAI and Anthropic endpoints, they arrive as the camelCase
 * body would; relayed to Gemini, they arrive as sent (Gemini takes both); LiteLLM's
 * versionless path is served.
 */
describe('Gemini clients that write proto field names', () => {
  let openai: OpenAiFake;
  let anthropic: AnthropicFake;
  let gemini: GeminiFake;
  let gw: TestGateway;

  beforeAll(async () => {
    openai = await OpenAiFake.start();
    anthropic = await AnthropicFake.start();
    gemini = await GeminiFake.start();
    gw = await startGateway(`
providers:
  oa: { type: openai, base_url: "${openai.baseUrl}", api_key: "sk-snake-test" }
  an: { type: anthropic, base_url: "${anthropic.baseUrl}", api_key: "sk-ant-snake" }
  gm: { type: gemini, base_url: "${gemini.baseUrl}", api_key: "AIza-snake" }
models:
  openai: { o4-mini: { reasoning: true } }
  anthropic: { claude-sonnet-4-5-20250929: { reasoning: true } }
endpoints:
  - { name: openai-chat, kind: chat, provider: oa, model: o4-mini }
  - { name: claude-chat, kind: chat, provider: an, model: claude-sonnet-4-5-20250929 }
  - { name: gemini-chat, kind: chat, provider: gm, model: gemini-2.5-flash }
  - { name: gemini-embed, kind: embeddings, provider: gm, model: gemini-embedding-001 }
`);
  });
  afterAll(async () => {
    await gw.close();
    await Promise.all([openai.close(), anthropic.close(), gemini.close()]);
  });
  beforeEach(() => [openai, anthropic, gemini].forEach((fake) => fake.reset()));

  /** The schema's property names are the client's, and stay as written even where they look like proto names. */
  const LOOKUP_SCHEMA = { type: 'object', properties: { user_id: { type: 'integer' }, max_output_tokens: { type: 'integer' } }, required: ['user_id'] };

  /** A body in proto spelling throughout, as LiteLLM sends it. */
  const snakeBody = (thinking: Record<string, unknown> = { thinking_budget: 2048, include_thoughts: true }) => ({
    system_instruction: { parts: [{ text: 'Answer tersely.' }] },
    contents: [{ role: 'user', parts: [{ text: 'Who is user 7?' }] }],
    tools: [{ function_declarations: [{ name: 'lookup_user', description: 'Finds a user.', parameters_json_schema: LOOKUP_SCHEMA }] }],
    tool_config: { function_calling_config: { mode: 'AUTO' } },
    generation_config: { max_output_tokens: 4096, top_p: 0.9, stop_sequences: ['END'], thinking_config: thinking },
  });
  const url = (endpoint: string, method = 'generateContent', version = 'v1beta/') => `${gw.url}/gateway/gemini/${version}models/${endpoint}:${method}`;

  it('reaches an OpenAI endpoint with the tool, its parameters, the limit, the system message and the effort', async () => {
    const res = await postJson(url('openai-chat'), snakeBody());
    expect(res.status).toBe(200);
    expect(res.body.candidates[0].content.parts.length).toBeGreaterThan(0);
    const body = openai.last.body;
    expect(body.tools).toEqual([{ type: 'function', function: { name: 'lookup_user', description: 'Finds a user.', parameters: LOOKUP_SCHEMA } }]);
    // max_tokens, or its newer name on OpenAI's own API: either is the limit the client set.
    expect(body.max_completion_tokens ?? body.max_tokens).toBe(4096);
    expect(body.top_p).toBe(0.9);
    expect(body.stop).toEqual(['END']);
    expect(body.messages[0]).toMatchObject({ content: 'Answer tersely.' });
    expect(['system', 'developer']).toContain(body.messages[0].role);
    expect(body.reasoning_effort).toBeDefined();
  });

  it('reaches an Anthropic endpoint with the tool, max_tokens, system and a thinking budget', async () => {
    const res = await postJson(url('claude-chat'), snakeBody());
    expect(res.status).toBe(200);
    const body = anthropic.last.body;
    expect(body.tools).toEqual([expect.objectContaining({ name: 'lookup_user', input_schema: LOOKUP_SCHEMA })]);
    expect(body.max_tokens).toBe(4096);
    expect(JSON.stringify(body.system)).toContain('Answer tersely.');
    expect(body.thinking).toEqual({ type: 'enabled', budget_tokens: 2048 });
  });

  it('streams with proto field names too, and the stream carries the answer', async () => {
    const response = await fetch(url('openai-chat', 'streamGenerateContent?alt=sse'), {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(snakeBody({ thinking_level: 'low' })),
    });
    expect(response.status).toBe(200);
    const events = (await readSseData(response)).map((data) => JSON.parse(data));
    expect(events.length).toBeGreaterThan(0);
    expect(openai.last.body).toMatchObject({ stream: true, reasoning_effort: 'low' });
    expect(openai.last.body.max_completion_tokens ?? openai.last.body.max_tokens).toBe(4096);
    expect(openai.last.body.tools[0].function.parameters).toEqual(LOOKUP_SCHEMA);
  });

  it('refuses one field under both names, and a built-in tool under its proto name', async () => {
    const twice = await postJson(url('openai-chat'), { contents: [{ parts: [{ text: 'x' }] }], generationConfig: { maxOutputTokens: 5, max_output_tokens: 6 } });
    expect(twice.status).toBe(400);
    expect(twice.body.error.message).toContain('given twice, as maxOutputTokens and max_output_tokens');
    const builtIn = await postJson(url('claude-chat'), { contents: [{ parts: [{ text: 'x' }] }], tools: [{ code_execution: {} }] });
    expect(builtIn.status).toBe(400);
    expect(builtIn.body.error.message).toContain('tools[0].codeExecution');
    expect(openai.requests).toHaveLength(0);
    expect(anthropic.requests).toHaveLength(0);
  });

  it('relays a proto-spelled body to a Gemini endpoint as sent, which the strict fake takes', async () => {
    const res = await postJson(url('gemini-chat'), snakeBody());
    expect(res.status).toBe(200);
    expect(gemini.last.body).toEqual(snakeBody());
    expect(res.body.usageMetadata).toBeDefined();
  });

  it("serves LiteLLM's versionless path like v1beta, for every method", async () => {
    const translated = await postJson(url('openai-chat', 'generateContent', ''), snakeBody());
    expect(translated.status).toBe(200);
    const relayed = await postJson(url('gemini-chat', 'generateContent', ''), snakeBody());
    expect(relayed.status).toBe(200);
    expect(gemini.last).toMatchObject({ apiVersion: 'v1beta', rpc: 'generateContent', model: 'gemini-2.5-flash' });
    const streamed = await fetch(url('gemini-chat', 'streamGenerateContent?alt=sse', ''), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(snakeBody()) });
    expect(streamed.status).toBe(200);
    expect((await readSseData(streamed)).length).toBeGreaterThan(0);
    expect(gemini.last).toMatchObject({ apiVersion: 'v1beta', rpc: 'streamGenerateContent' });
    const embedded = await postJson(url('gemini-embed', 'embedContent', ''), { content: { parts: [{ text: 'a' }] }, output_dimensionality: 3 });
    expect(embedded.status).toBe(200);
    const batch = await postJson(url('gemini-embed', 'batchEmbedContents', ''), { requests: [{ model: 'models/gemini-embed', content: { parts: [{ text: 'a' }] }, task_type: 'RETRIEVAL_QUERY' }] });
    expect(batch.status).toBe(200);
    expect(gemini.last).toMatchObject({ apiVersion: 'v1beta', rpc: 'batchEmbedContents' });
  });
});
