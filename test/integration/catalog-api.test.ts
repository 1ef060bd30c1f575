import { findProvider } from '@pydantic/genai-prices';
import { MODELS_DEV_PROVIDER_IDS } from '@model-gateway/model-catalog';
import { startGateway, type TestGateway } from '../support/start-gateway';

/**
 * GET /api/providers and /api/providers/{type}/models over real HTTP: what an
 * endpoint-creation form renders for each registered provider type, and the model
 * catalogue per type (genai-prices, models.dev, the project overlay, and the config's models:).
 */
describe('catalogue API', () => {
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await startGateway(`
models:
  openai:
    my-ft-model: { display_name: "My fine-tune", context_window: 64000, input_price_per_mtok: 0.3, output_price_per_mtok: 1.2, tools: true }
  vllm:
    Qwen/Qwen3-8B: { context_window: 32768, tools: true, reasoning: true }
`);
  });
  afterAll(() => gw.close());

  const get = async (path: string) => {
    const response = await fetch(`${gw.url}${path}`);
    return { status: response.status, body: (await response.json()) as any };
  };

  describe('GET /api/providers', () => {
    let providers: any[];
    beforeAll(async () => {
      const { status, body } = await get('/api/providers');
      expect(status).toBe(200);
      expect(body.object).toBe('list');
      providers = body.data;
    });
    const byType = (type: string) => providers.find((p) => p.type === type);

    it('lists every registered type, native and catalogue, at least 100, each once, sorted', () => {
      const types = providers.map((p) => p.type);
      expect(types.length).toBeGreaterThanOrEqual(100);
      expect(new Set(types).size).toBe(types.length);
      expect(types).toEqual([...types].sort((a, b) => a.localeCompare(b)));
      expect(types).toEqual(expect.arrayContaining(['openai', 'azure-openai', 'databricks', 'anthropic', 'gemini', 'mock', 'deepseek', 'openrouter', 'vllm']));
      expect(types.length).toBe(gw.gateway.plugins.providers.size);
    });

    it('gives each type its display name, docs, default base URL, auth scheme, capabilities and models link', () => {
      expect(byType('deepseek')).toMatchObject({
        object: 'provider',
        display_name: 'DeepSeek',
        docs_url: 'https://api-docs.deepseek.com/',
        default_base_url: 'https://api.deepseek.com',
        api_key_env: 'DEEPSEEK_API_KEY',
        auth: { kind: 'bearer' },
        capabilities: { chat: true, embeddings: false, streaming: true, tools: true, passthrough: ['openai'] },
        models_url: '/api/providers/deepseek/models',
      });
      expect(byType('azure-openai').auth).toEqual({ kind: 'header', header: 'api-key' });
      // The short name menus show comes from the provider's definition (its `label`).
      expect(byType('azure-openai').label).toBe('Azure OpenAI');
      expect(byType('bedrock').label).toBe('Amazon Bedrock');
    });

    it("ranks the commonly used types for menus from their own definitions (native packages and catalogue rows), each rank once", () => {
      const ranked = providers.filter((p) => p.menu_rank !== null).sort((a, b) => a.menu_rank - b.menu_rank);
      expect(ranked.map((p) => p.type)).toEqual([
        'openai', 'anthropic', 'gemini', 'azure-openai', 'bedrock', 'vertex-ai', 'databricks', 'mistral',
        'cohere', 'groq', 'together', 'fireworks', 'deepseek', 'xai', 'openrouter', 'ollama',
      ]);
      expect(new Set(ranked.map((p) => p.menu_rank)).size).toBe(ranked.length);
      expect(byType('vllm').menu_rank).toBeNull();
    });

    it('renders azure-openai\'s credential fields from its registered options schema', () => {
      const fields = Object.fromEntries(byType('azure-openai').credential_fields.map((f: any) => [f.name, f]));
      expect(Object.keys(fields)).toEqual(['api_key', 'base_url', 'api_version', 'deployment', 'api_style']);
      expect(fields.api_key).toMatchObject({ type: 'string', required: true, secret: true, env: 'AZURE_OPENAI_API_KEY' });
      expect(fields.base_url).toMatchObject({ type: 'string', required: true, secret: false, default: null });
      expect(fields.api_version).toMatchObject({ type: 'string', required: false, default: '2024-10-21', description: expect.stringContaining('api-version') });
      expect(fields.api_style).toMatchObject({ enum: ['deployments', 'v1'], default: 'deployments' });
    });

    it('renders a type without options as key plus optional base URL with its default', () => {
      expect(byType('openai').credential_fields).toEqual([
        expect.objectContaining({ name: 'api_key', required: false, secret: true, env: 'OPENAI_API_KEY', description: expect.stringContaining('default base URL') }),
        expect.objectContaining({ name: 'base_url', required: false, default: 'https://api.openai.com/v1' }),
        expect.objectContaining({ name: 'organization', type: 'string', required: false, secret: false }),
        expect.objectContaining({ name: 'project', type: 'string', required: false, secret: false }),
      ]);
      expect(byType('vllm').credential_fields[0]).toMatchObject({ name: 'api_key', required: false });
    });

    it('renders every registered type generically: each option field once, secrets exactly the type\'s secretOptions, never a value', () => {
      for (const [type, definition] of gw.gateway.plugins.providers) {
        const fields = byType(type).credential_fields as any[];
        const names = fields.map((f) => f.name);
        expect(names.slice(0, 1)).toEqual(['api_key']);
        for (const option of Object.keys(definition.optionsSchema?.shape ?? {})) expect([type, names.filter((n) => n === option).length]).toEqual([type, 1]);
        for (const field of fields.slice(1)) expect([type, field.name, field.secret]).toEqual([type, field.name, (definition.secretOptions ?? []).includes(field.name)]);
        for (const field of fields) expect(field.description === null || typeof field.description === 'string').toBe(true);
      }
    });

    it('answers one type at /api/providers/{type}, and 404 in the OpenAI error shape for an unknown one', async () => {
      expect((await get('/api/providers/deepseek')).body).toEqual(byType('deepseek'));
      const missing = await get('/api/providers/no-such-type');
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ error: { message: expect.stringContaining('"no-such-type" is not registered'), type: 'invalid_request_error', code: 'route_not_found', param: 'type' } });
    });
  });

  describe('GET /api/providers/{type}/models', () => {
    it('lists genai-prices models with prices, context window and models.dev flags, plus the config\'s additions', async () => {
      const { status, body } = await get('/api/providers/openai/models');
      expect(status).toBe(200);
      expect(body).toMatchObject({ object: 'list', provider_type: 'openai' });
      const model = (id: string) => body.data.find((m: any) => m.id === id);
      const prices = findProvider({ providerId: 'openai' })!.models.find((m) => m.id === 'gpt-4o-mini')!.prices as Record<string, number>;
      expect(model('gpt-4o-mini')).toMatchObject({
        object: 'model',
        provider_type: 'openai',
        context_window: 128000,
        max_output_tokens: 16384,
        pricing: { currency: 'USD', unit: 'per_million_tokens', input: prices.input_mtok, output: prices.output_mtok, cache_read: prices.cache_read_mtok },
        capabilities: { tools: true, vision: true, reasoning: false, caching: true },
        sources: ['genai-prices', 'models.dev'],
      });
      expect(model('my-ft-model')).toMatchObject({
        display_name: 'My fine-tune',
        context_window: 64000,
        pricing: { input: 0.3, output: 1.2, cache_read: null, cache_write: null },
        capabilities: { tools: true, reasoning: null, vision: null, caching: null },
        sources: ['config'],
      });
    });

    it('knows every capability flag of well-known OpenAI models (none null)', async () => {
      const { body } = await get('/api/providers/openai/models');
      const flags = (id: string) => body.data.find((m: any) => m.id === id)?.capabilities;
      expect(flags('gpt-4o')).toEqual({ tools: true, reasoning: false, caching: true, vision: true });
      expect(flags('gpt-4.1-mini')).toEqual({ tools: true, reasoning: false, caching: true, vision: true });
      expect(flags('o4-mini')).toEqual({ tools: true, reasoning: true, caching: true, vision: true });
      expect(flags('gpt-5')).toEqual({ tools: true, reasoning: true, caching: true, vision: true });
      expect(flags('o3-mini')).toEqual({ tools: true, reasoning: true, caching: true, vision: false });
      // Listed under models.dev's own name although genai-prices has no entry of that id.
      expect(body.data.find((m: any) => m.id === 'codex-mini-latest')).toMatchObject({ sources: ['genai-prices', 'models.dev'], max_output_tokens: 100000 });
    });

    it('maps models.dev data only to registered provider types', () => {
      for (const type of Object.keys(MODELS_DEV_PROVIDER_IDS)) expect([type, gw.gateway.plugins.providers.has(type)]).toEqual([type, true]);
    });

    it('maps a gateway type to its genai-prices provider (gemini -> google)', async () => {
      const { body } = await get('/api/providers/gemini/models');
      expect(body.data.find((m: any) => m.id === 'gemini-2.5-pro')).toMatchObject({ max_output_tokens: 65536, capabilities: { reasoning: true } });
    });

    it('lists only the config\'s models for a type the price list does not know, and none for the mock', async () => {
      expect((await get('/api/providers/vllm/models')).body.data).toEqual([
        expect.objectContaining({ id: 'Qwen/Qwen3-8B', context_window: 32768, capabilities: { tools: true, reasoning: true, caching: null, vision: null } }),
      ]);
      expect((await get('/api/providers/mock/models')).body.data).toEqual([]);
    });

    it('answers in the order the UI shows: current models newest release first, then undated ones, then legacy ones', async () => {
      const { body } = await get('/api/providers/openai/models');
      const ids: string[] = body.data.map((m: any) => m.id);
      expect(ids.slice(0, 4).sort()).toEqual(['gpt-5', 'gpt-5-chat-latest', 'gpt-5-mini', 'gpt-5-nano']);
      const legacy = body.data.filter((m: any) => m.legacy).map((m: any) => m.id);
      expect(ids.slice(ids.length - legacy.length)).toEqual(legacy);
      expect(legacy).toEqual(expect.arrayContaining(['ada', 'babbage', 'gpt-3.5-turbo']));
      const dates = body.data.filter((m: any) => !m.legacy && m.release_date !== null).map((m: any) => m.release_date);
      expect(dates).toEqual([...dates].sort().reverse());
      expect(body.data.find((m: any) => m.id === 'gpt-4o')).toMatchObject({ legacy: false, release_date: '2024-05-13', kind: 'chat', same_as: null });
      expect(body.data.find((m: any) => m.id === 'my-ft-model')).toMatchObject({ legacy: false, release_date: null });
    });

    it('never lists a pricing pattern as a model, and tells speech, transcription and realtime models from chat ones', async () => {
      const { body } = await get('/api/providers/openai/models');
      const ids: string[] = body.data.map((m: any) => m.id);
      for (const pattern of ['ft:gpt-3.5-turbo-', 'ft:gpt-4o', 'ft:gpt-4o-mini', 'gpt-4o-mini-2024-07-18.ft-', 'gpt-4o:extended']) expect(ids).not.toContain(pattern);
      const kind = (id: string) => body.data.find((m: any) => m.id === id)?.kind;
      expect([kind('gpt-4o-mini-tts'), kind('whisper-1'), kind('gpt-realtime'), kind('gpt-image-1'), kind('text-embedding-3-small')]).toEqual(['speech', 'transcription', 'realtime', 'image', 'embeddings']);
    });

    it('lists Databricks\' pay-per-token endpoints with the facts of the models they serve and no prices', async () => {
      const { body } = await get('/api/providers/databricks/models');
      expect(body.data.length).toBeGreaterThan(10);
      expect(body.data.find((m: any) => m.id === 'databricks-claude-sonnet-4')).toMatchObject({
        kind: 'chat',
        context_window: 200000,
        same_as: { provider_type: 'anthropic', model: 'claude-sonnet-4-0' },
        pricing: { input: null, output: null },
      });
      expect(body.data.find((m: any) => m.id === 'databricks-gte-large-en')).toMatchObject({ kind: 'embeddings', same_as: null });
    });

    it('answers 404 for an unknown type', async () => {
      const { status, body } = await get('/api/providers/nope/models');
      expect(status).toBe(404);
      expect(body.error).toMatchObject({ code: 'route_not_found', param: 'type' });
    });
  });
});
