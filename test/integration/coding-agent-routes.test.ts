import { AnthropicFake } from '../fakes/anthropic-fake';
import { eventually } from '../support/eventually';
import { OpenAiFake } from '../fakes/openai-fake';
import { postJson, startGateway, type TestGateway } from '../support/start-gateway';

/**
 * What coding agents call besides messages, and what a translated call says it changed:
 * count_tokens (relayed to an Anthropic-format provider, estimated for the others), the
 * models lists in Anthropic's and OpenAI's shapes, HEAD probes on the route bases, and the
 * `x-gateway-dropped-*` headers.
 */
describe('coding-agent routes', () => {
  let anthropic: AnthropicFake;
  let openai: OpenAiFake;
  let gw: TestGateway;

  beforeAll(async () => {
    anthropic = await AnthropicFake.start();
    openai = await OpenAiFake.start();
    gw = await startGateway(`
providers:
  claude-up: { type: anthropic, base_url: "${anthropic.baseUrl}", api_key: "sk-ant-held" }
  gpt-up: { type: openai, base_url: "${openai.baseUrl}", api_key: "sk-openai-held" }
endpoints:
  - { name: claude, kind: chat, provider: claude-up, model: claude-sonnet-4-5 }
  - { name: gpt, kind: chat, provider: gpt-up, model: gpt-4o-mini }
  - { name: gpt-thinker, kind: chat, provider: gpt-up, model: o4-mini }
  - { name: embed, kind: embeddings, provider: gpt-up, model: text-embedding-3-small }
`);
  });
  afterAll(async () => {
    await gw.close();
    await Promise.all([anthropic.close(), openai.close()]);
  });
  beforeEach(() => {
    anthropic.reset();
    openai.reset();
  });

  const messagesBody = (model: string, extra: object = {}) => ({
    model,
    max_tokens: 256,
    system: 'You are terse.',
    messages: [{ role: 'user', content: 'Count these words please' }],
    tools: [{ name: 'Read', description: 'Reads a file', input_schema: { type: 'object', properties: { file_path: { type: 'string' } } } }],
    ...extra,
  });
  /** A count_tokens body as Claude Code sends it: the prompt without max_tokens, which Anthropic's count_tokens does not take. */
  const countBody = (model: string, extra: object = {}) => {
    const { max_tokens: _maxTokens, ...body } = messagesBody(model, extra);
    return body;
  };

  it('relays count_tokens to an Anthropic-format provider with its key, and records no usage for it', async () => {
    const response = await postJson(`${gw.url}/gateway/anthropic/v1/messages/count_tokens`, countBody('claude'), { 'x-api-key': 'client-placeholder' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ input_tokens: 12 });
    expect(response.headers.get('x-gateway-token-count')).toBeNull();
    expect(anthropic.last).toMatchObject({ pathname: '/v1/messages/count_tokens', body: { model: 'claude-sonnet-4-5' } });
    expect(anthropic.last.headers['x-api-key']).toBe('sk-ant-held');
    await eventually(() => {
      const record = gw.logs.filter((l) => l.includes('"msg":"usage"')).map((l) => JSON.parse(l).usage).pop();
      expect(record).toMatchObject({ endpoint: 'claude', status: 200 });
      expect(record.usage).toBeUndefined();
    });
  });

  it('estimates count_tokens for any other provider, without calling it, and says so', async () => {
    const short = await postJson(`${gw.url}/gateway/anthropic/v1/messages/count_tokens`, countBody('gpt'));
    expect(short.status).toBe(200);
    expect(short.headers.get('x-gateway-token-count')).toBe('estimate');
    expect(short.headers.get('x-gateway-target')).toBe('gpt-up/gpt-4o-mini');
    expect(short.body.input_tokens).toBeGreaterThan(20);
    expect(short.body.input_tokens).toBeLessThan(80);
    const longer = await postJson(`${gw.url}/gateway/anthropic/v1/messages/count_tokens`, countBody('gpt', { messages: [{ role: 'user', content: 'word '.repeat(500) }] }));
    expect(longer.body.input_tokens).toBeGreaterThan(short.body.input_tokens + 400);
    expect(openai.requests).toHaveLength(0);
  });

  it('lists the chat endpoints in Anthropic\'s shape, paged, and one by id', async () => {
    const list = await (await fetch(`${gw.url}/gateway/anthropic/v1/models`)).json();
    expect(list).toEqual({
      data: ['claude', 'gpt', 'gpt-thinker'].map((id) => ({ type: 'model', id, display_name: id, created_at: expect.any(String) })),
      has_more: false,
      first_id: 'claude',
      last_id: 'gpt-thinker',
    });
    const page = await (await fetch(`${gw.url}/gateway/anthropic/v1/models?limit=1&after_id=claude`)).json();
    expect(page).toMatchObject({ data: [{ id: 'gpt' }], has_more: true, first_id: 'gpt', last_id: 'gpt' });
    expect(await (await fetch(`${gw.url}/gateway/anthropic/v1/models/gpt`)).json()).toMatchObject({ type: 'model', id: 'gpt' });
    const missing = await fetch(`${gw.url}/gateway/anthropic/v1/models/embed`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ type: 'error', error: { type: 'not_found_error' } });
  });

  it('lists every endpoint in OpenAI\'s shape on the passthrough route', async () => {
    const list = (await (await fetch(`${gw.url}/gateway/openai/v1/models`)).json()) as { object: string; data: Array<{ id: string }> };
    expect(list.object).toBe('list');
    expect(list.data.map((m: { id: string }) => m.id).sort()).toEqual(['claude', 'embed', 'gpt', 'gpt-thinker']);
    expect(list.data[0]).toEqual({ id: expect.any(String), object: 'model', created: expect.any(Number), owned_by: 'model-gateway' });
    expect(await (await fetch(`${gw.url}/gateway/openai/v1/models/embed`)).json()).toMatchObject({ id: 'embed', object: 'model' });
    expect((await fetch(`${gw.url}/gateway/openai/v1/models/nope`)).status).toBe(404);
  });

  it.each(['/gateway/anthropic', '/gateway/openai/v1', '/gateway/gemini', '/gateway/native/v1', '/gateway/vendor-b'])('answers HEAD %s with 200', async (path) => {
    const response = await fetch(`${gw.url}${path}`, { method: 'HEAD' });
    expect(response.status).toBe(200);
  });

  it('drops context_management on a translated call and says so; reasoning goes only to a model that has it', async () => {
    const body = messagesBody('gpt', { context_management: { edits: [{ type: 'clear_thinking_20251015', keep: 'all' }] }, thinking: { type: 'adaptive' }, output_config: { effort: 'high' } });
    const plain = await postJson(`${gw.url}/gateway/anthropic/v1/messages`, body);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('x-gateway-dropped-fields')).toBe('context_management, thinking, output_config.effort');
    expect(openai.last.body).not.toHaveProperty('reasoning_effort');
    const thinker = await postJson(`${gw.url}/gateway/anthropic/v1/messages`, { ...body, model: 'gpt-thinker' });
    expect(thinker.status).toBe(200);
    expect(thinker.headers.get('x-gateway-dropped-fields')).toBe('context_management');
    expect(openai.last.body).toMatchObject({ model: 'o4-mini', reasoning_effort: 'high' });
  });

  it('relays context_management and a mid-conversation system message untouched to an Anthropic-format provider', async () => {
    const body = messagesBody('claude', {
      context_management: { edits: [{ type: 'clear_thinking_20251015', keep: 'all' }] },
      messages: [{ role: 'user', content: 'Hi' }, { role: 'system', content: 'Agents: explore.' }],
    });
    const response = await postJson(`${gw.url}/gateway/anthropic/v1/messages?beta=true`, body, { 'anthropic-beta': 'context-management-2025-06-27,mid-conversation-system-2026-04-07' });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-gateway-dropped-fields')).toBeNull();
    expect(anthropic.last.body).toEqual({ ...body, model: 'claude-sonnet-4-5' });
  });
});
