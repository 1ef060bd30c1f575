import { calcPrice, findProvider } from '@pydantic/genai-prices';
import { CAPABILITY_OVERLAY } from './capability-overlay';
import { ModelCatalog, type ModelOverrides } from './model-catalog';
import { listedModelName } from './listed-model-name';
import { loadModelsDevProvider } from './models-dev-source';

/** Prices are read from genai-prices here rather than copied, so a data update cannot break the tests. */
function genaiModel(providerId: string, id: string) {
  const model = findProvider({ providerId })?.models.find((m) => m.id === id);
  if (!model) throw new Error(`${providerId}/${id} is not in genai-prices`);
  return model;
}

const usage = { inputTokens: 1200, outputTokens: 350, totalTokens: 1550, cachedInputTokens: 200 };

describe('ModelCatalog', () => {
  let overrides: ModelOverrides = {};
  const catalog = () => new ModelCatalog(() => overrides);
  beforeEach(() => (overrides = {}));

  it('knows a genai-prices model: context window and prices from genai-prices, flags and output limit from models.dev', () => {
    const entry = catalog().lookup('openai', 'gpt-4o-mini')!;
    const prices = genaiModel('openai', 'gpt-4o-mini').prices as Record<string, number>;
    expect(entry).toMatchObject({
      providerType: 'openai',
      id: 'gpt-4o-mini',
      contextWindow: genaiModel('openai', 'gpt-4o-mini').context_window,
      maxOutputTokens: 16384,
      prices: { inputPerMtok: prices.input_mtok, outputPerMtok: prices.output_mtok, cacheReadPerMtok: prices.cache_read_mtok },
      capabilities: { tools: true, vision: true, reasoning: false, caching: true },
      sources: ['genai-prices', 'models.dev'],
      pricesFrom: 'genai-prices',
    });
  });

  it('knows all four flags of well-known OpenAI, Anthropic and Gemini models from models.dev', () => {
    const cat = catalog();
    const flags = (type: string, model: string) => cat.lookup(type, model)?.capabilities;
    expect(flags('openai', 'gpt-4.1')).toEqual({ tools: true, reasoning: false, caching: true, vision: true });
    expect(flags('openai', 'o3')).toEqual({ tools: true, reasoning: true, caching: true, vision: true });
    expect(flags('anthropic', 'claude-sonnet-4-20250514')).toEqual({ tools: true, reasoning: true, caching: true, vision: true });
    expect(flags('gemini', 'gemini-2.5-flash')).toEqual({ tools: true, reasoning: true, caching: true, vision: true });
  });

  it('gives a model models.dev lists under its own name its own facts, not those of the genai-prices model it matches', () => {
    // genai-prices prices gpt-5-chat-latest as gpt-5; models.dev says it cannot call tools, unlike gpt-5.
    const chat = loadModelsDevProvider('openai').models['gpt-5-chat-latest'];
    const entry = catalog().lookup('openai', 'gpt-5-chat-latest');
    expect(entry).toMatchObject({ displayName: chat.name, capabilities: { tools: chat.tool_call }, pricesFrom: 'genai-prices', sources: ['genai-prices', 'models.dev'] });
    expect(catalog().lookup('openai', 'gpt-5')?.capabilities.tools).toBe(true);
  });

  it('knows a model of a type genai-prices has no provider for from models.dev alone, prices included', () => {
    const [id, model] = Object.entries(loadModelsDevProvider('lmstudio').models)[0];
    expect(catalog().lookup('lmstudio', id)).toMatchObject({
      contextWindow: model.limit?.context,
      prices: { inputPerMtok: model.cost?.input, outputPerMtok: model.cost?.output },
      pricesFrom: 'models.dev',
      sources: ['models.dev'],
    });
  });

  it('matches dated snapshots to their model, under the provider type\'s genai-prices id', () => {
    expect(catalog().lookup('openai', 'gpt-4o-2024-08-06')).toMatchObject({ id: 'gpt-4o-2024-08-06', capabilities: { tools: true } });
    expect(catalog().lookup('anthropic', 'claude-sonnet-4-0')).toMatchObject({ sources: ['genai-prices', 'models.dev'], capabilities: { reasoning: true }, maxOutputTokens: 64000 });
    expect(catalog().lookup('gemini', 'gemini-2.5-flash')).toMatchObject({ sources: ['genai-prices', 'models.dev'], capabilities: { reasoning: true } });
    expect(catalog().lookup('vertex-ai', 'gemini-2.5-flash')).toMatchObject({ sources: ['genai-prices', 'models.dev'] });
  });

  it('takes models.dev\'s facts under the gateway type\'s own models.dev provider (Azure, Vertex\'s Claude models)', () => {
    expect(catalog().lookup('azure-openai', 'gpt-4o')).toMatchObject({ capabilities: { tools: true, vision: true }, maxOutputTokens: 16384, sources: ['genai-prices', 'models.dev'] });
    expect(catalog().lookup('vertex-ai', 'claude-sonnet-4@20250514')).toMatchObject({ capabilities: { tools: true, reasoning: true, vision: true, caching: true }, maxOutputTokens: 64000 });
  });

  it('applies overlay corrections through genai-prices\' fallback providers (Azure\'s OpenAI models)', () => {
    // models.dev's Azure entry for o1-mini claims tool calling; the overlay's OpenAI entry corrects it.
    expect(loadModelsDevProvider('azure').models['o1-mini'].tool_call).toBe(true);
    expect(catalog().lookup('azure-openai', 'o1-mini')).toMatchObject({ capabilities: { tools: false }, sources: ['genai-prices', 'models.dev', 'overlay'] });
  });

  describe('precedence', () => {
    const modelsDev = new Map([['openai', { byId: new Map([['gpt-4o-mini', { tools: false, vision: false, maxOutputTokens: 10 }]]), byGenaiId: new Map() }]]);

    it('puts the overlay above models.dev, and the config above both', () => {
      const overlay = { openai: { 'gpt-4o-mini': { vision: true, maxOutputTokens: 20 } } };
      overrides = { openai: { 'gpt-4o-mini': { maxOutputTokens: 30 } } };
      const entry = new ModelCatalog(() => overrides, { modelsDev, overlay }).lookup('openai', 'gpt-4o-mini');
      expect(entry).toMatchObject({
        maxOutputTokens: 30,
        capabilities: { tools: false, vision: true },
        sources: ['genai-prices', 'models.dev', 'overlay', 'config'],
      });
    });

    it('reads no models.dev data when given none', () => {
      expect(new ModelCatalog(() => overrides, { modelsDev: new Map(), overlay: {} }).lookup('openai', 'gpt-4o-mini')?.sources).toEqual(['genai-prices']);
    });
  });

  it('knows nothing of a model no source lists, nor of a type genai-prices has no provider for', () => {
    expect(catalog().lookup('openai', 'no-such-model-xyz')).toBeUndefined();
    expect(catalog().lookup('mock', 'gpt-4o-mini')).toBeUndefined();
  });

  it('leaves a flag no source sets unknown (undefined), not false', () => {
    const entry = catalog().lookup('openai', 'gpt-3.5-turbo-instruct');
    expect(entry?.capabilities.tools).toBeUndefined();
  });

  it('lets the config add a model and override one field of a known one', () => {
    overrides = {
      mock: { 'mock-model': { inputPricePerMtok: 1, outputPricePerMtok: 2, tools: true } },
      openai: { 'gpt-4o-mini': { contextWindow: 1000 } },
    };
    const cat = catalog();
    expect(cat.lookup('mock', 'mock-model')).toMatchObject({ prices: { inputPerMtok: 1, outputPerMtok: 2 }, capabilities: { tools: true }, sources: ['config'], pricesFrom: 'config' });
    expect(cat.lookup('openai', 'gpt-4o-mini')).toMatchObject({ contextWindow: 1000, maxOutputTokens: 16384, sources: ['genai-prices', 'models.dev', 'config'], pricesFrom: 'genai-prices' });
  });

  it('sees new overrides at once (a reload), without a new catalogue', () => {
    const cat = catalog();
    expect(cat.lookup('mock', 'mock-model')).toBeUndefined();
    overrides = { mock: { 'mock-model': { tools: false } } };
    expect(cat.lookup('mock', 'mock-model')).toMatchObject({ capabilities: { tools: false } });
  });

  describe('list', () => {
    it('lists a provider\'s genai-prices models under names a client sends, models.dev\'s other names, overlay additions and config additions, sorted by id', () => {
      overrides = { openai: { 'my-ft-model': { inputPricePerMtok: 3 } } };
      const list = catalog().list('openai');
      const ids = list.map((e) => e.id);
      expect(ids).toEqual([...ids].sort((a, b) => a.localeCompare(b)));
      expect(ids).toEqual(expect.arrayContaining(['gpt-4o', 'gpt-4o-mini', 'o3', 'text-embedding-3-small', 'my-ft-model']));
      const genaiModels = findProvider({ providerId: 'openai' })!.models;
      const listable = genaiModels.map((m) => listedModelName('openai', 'openai', m, new Date())).filter((id): id is string => id !== undefined);
      // Five of genai-prices' openai entries are pricing patterns (see model-catalog-listing.test.ts).
      expect(listable.length).toBe(genaiModels.length - 5);
      const modelsDevOnly = Object.keys(loadModelsDevProvider('openai').models).filter((id) => !listable.includes(id));
      expect(modelsDevOnly.length).toBeGreaterThan(0);
      expect(ids).toEqual(expect.arrayContaining(modelsDevOnly));
      expect(list.length).toBe(listable.length + modelsDevOnly.length + 1);
      expect(list.find((e) => e.id === 'my-ft-model')).toMatchObject({ sources: ['config'], prices: { inputPerMtok: 3 } });
    });

    it('lists a type genai-prices does not know from models.dev', () => {
      expect(catalog().list('lmstudio').map((e) => e.id)).toEqual(Object.keys(loadModelsDevProvider('lmstudio').models).sort((a, b) => a.localeCompare(b)));
    });

    it('lists nothing for a type no source knows, and the config\'s models for such a type', () => {
      expect(catalog().list('mock')).toEqual([]);
      overrides = { mock: { b: { tools: true }, a: { vision: true } } };
      expect(catalog().list('mock').map((e) => e.id)).toEqual(['a', 'b']);
    });
  });

  describe('cost', () => {
    it('prices a genai-prices model at genai-prices\' rates (cache reads at their rate)', () => {
      const expected = calcPrice({ input_tokens: 1200, output_tokens: 350, cache_read_tokens: 200 }, 'gpt-4o-mini', { providerId: 'openai' })!.total_price;
      const prices = genaiModel('openai', 'gpt-4o-mini').prices as Record<string, number>;
      expect(expected).toBeCloseTo((1000 * prices.input_mtok + 200 * prices.cache_read_mtok + 350 * prices.output_mtok) / 1e6, 12);
      // Flat prices are computed from weights read off calcPrice, so equal to the last few bits.
      const cost = catalog().cost('openai', 'gpt-4o-mini', usage);
      expect(cost).toEqual({ usd: expect.any(Number), priced: true });
      expect(cost.usd).toBeCloseTo(expected, 15);
    });

    it('keeps genai-prices\' long-context tiers when nothing overrides the prices', () => {
      const long = { inputTokens: 300_000, outputTokens: 0, totalTokens: 300_000 };
      const short = { inputTokens: 100_000, outputTokens: 0, totalTokens: 100_000 };
      const cat = catalog();
      expect(cat.cost('gemini', 'gemini-2.5-pro', long).usd / 3).toBeGreaterThan(cat.cost('gemini', 'gemini-2.5-pro', short).usd);
    });

    it('prices with the config\'s flat prices once it sets one, cache tokens at their own rates', () => {
      overrides = { openai: { 'gpt-4o-mini': { inputPricePerMtok: 10, outputPricePerMtok: 20, cacheReadPricePerMtok: 1, cacheWritePricePerMtok: 12 } } };
      const cost = catalog().cost('openai', 'gpt-4o-mini', { ...usage, cacheWriteTokens: 100 });
      expect(cost.priced).toBe(true);
      expect(cost.usd).toBeCloseTo((900 * 10 + 200 * 1 + 100 * 12 + 350 * 20) / 1e6, 12);
    });

    it('prices a model only models.dev prices at its flat per-token prices', () => {
      const model = loadModelsDevProvider('inference').models['mistral/mistral-nemo-12b-instruct'];
      const cost = catalog().cost('inference-net', model.id, usage);
      expect(cost.priced).toBe(true);
      expect(cost.usd).toBeCloseTo((1200 * model.cost!.input! + 350 * model.cost!.output!) / 1e6, 12);
    });

    it('costs an unknown model 0 and says why', () => {
      expect(catalog().cost('openai', 'no-such-model-xyz', usage)).toEqual({
        usd: 0,
        priced: false,
        note: 'model "no-such-model-xyz" is not in the model catalogue for provider type "openai"',
      });
    });

    it('costs a known model without prices 0 and says which price is missing', () => {
      overrides = { mock: { 'mock-model': { tools: true } } };
      expect(catalog().cost('mock', 'mock-model', usage)).toEqual({ usd: 0, priced: false, note: 'the model catalogue has no input price for model "mock-model" of provider type "mock"' });
    });
  });
});

describe('CAPABILITY_OVERLAY', () => {
  it('names only models genai-prices lists under that provider, so a typo cannot add a phantom model', () => {
    for (const [providerId, models] of Object.entries(CAPABILITY_OVERLAY)) {
      const known = new Set(findProvider({ providerId })?.models.map((m) => m.id));
      for (const id of Object.keys(models)) expect([providerId, id, known.has(id)]).toEqual([providerId, id, true]);
    }
  });

  it('holds only entries that add to or correct the layers below it, for a gateway type the entry reaches', () => {
    // genai-prices provider -> the gateway types whose lookups reach its overlay entries (Azure through
    // genai-prices' fallback to OpenAI; Vertex AI through google, which also lists Vertex's Claude models).
    const reaches: Record<string, string[]> = {
      openai: ['openai', 'azure-openai'],
      anthropic: ['anthropic', 'vertex-ai'],
      google: ['gemini', 'vertex-ai'],
      'x-ai': ['xai'],
      mistral: ['mistral'],
    };
    const below = new ModelCatalog(() => ({}), { overlay: {} });
    const fields = (entry: ReturnType<ModelCatalog['lookup']>): Record<string, unknown> => ({ ...entry?.capabilities, maxOutputTokens: entry?.maxOutputTokens });
    for (const [providerId, models] of Object.entries(CAPABILITY_OVERLAY)) {
      for (const [id, override] of Object.entries(models)) {
        const adds = reaches[providerId].some((type) => {
          const have = fields(below.lookup(type, id));
          return Object.entries(override).some(([key, value]) => have[key] !== value);
        });
        expect([providerId, id, adds]).toEqual([providerId, id, true]);
      }
    }
  });
});
