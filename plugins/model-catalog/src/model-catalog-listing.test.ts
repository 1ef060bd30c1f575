import { isPatternId } from './listed-model-name';
import { ModelCatalog } from './model-catalog';
import { isRetiredModel } from './retired-models';
import { SERVED_MODELS } from './served-models';

const catalog = () => new ModelCatalog(() => ({}));
const usage = { inputTokens: 1_000_000, outputTokens: 1_000_000, totalTokens: 2_000_000 };

describe('what ModelCatalog.list lists (the real catalogue)', () => {
  it('never lists genai-prices\' pricing patterns for openai, yet still prices calls they match', () => {
    const cat = catalog();
    const ids = cat.list('openai').map((e) => e.id);
    for (const pattern of ['ft:gpt-3.5-turbo-', 'ft:gpt-4o', 'ft:gpt-4o-mini', 'gpt-4o-mini-2024-07-18.ft-', 'gpt-4o:extended']) expect(ids).not.toContain(pattern);
    expect(ids.filter((id) => id.endsWith('-') || id.startsWith('ft:') || id.includes(':'))).toEqual([]);
    // A fine-tune's own name is still priced through the pattern's entry, as before.
    expect(cat.cost('openai', 'ft:gpt-4o-mini-2024-07-18:acme::abc123', usage)).toMatchObject({ priced: true });
    expect(cat.cost('openai', 'gpt-4o:extended', usage)).toMatchObject({ priced: true });
  });

  it('lists every type\'s genai-prices models under a name genai-prices prices as that model', () => {
    const cat = catalog();
    for (const type of ['openai', 'anthropic', 'gemini', 'azure-openai', 'bedrock', 'mistral', 'fireworks', 'groq', 'together']) {
      for (const entry of cat.list(type)) {
        expect(isPatternId(type, entry.id)).toBe(false);
        expect(cat.lookup(type, entry.id)?.id).toBe(entry.id);
      }
    }
  });

  it('lists a model under an exact name of its match clause when its id is not one (Fireworks, Mistral)', () => {
    const fireworks = catalog().list('fireworks').map((e) => e.id);
    expect(fireworks).toContain('accounts/fireworks/models/deepseek-v3p2');
    expect(fireworks).not.toContain('deepseek-v3p2');
    const mistral = catalog().list('mistral').map((e) => e.id);
    expect(mistral).toContain('codestral-latest');
    expect(mistral).not.toContain('codestral');
  });

  it('drops Bedrock\'s regional.* stand-ins, which are no name Bedrock takes', () => {
    expect(catalog().list('bedrock').filter((e) => e.id.startsWith('regional.'))).toEqual([]);
  });

  it('keeps OpenRouter\'s :free and :extended variants, which its API takes as names', () => {
    const ids = catalog().list('openrouter').map((e) => e.id);
    expect(ids).toContain('openai/gpt-4o:extended');
  });

  it('does not list Vertex AI\'s Anthropic models for the Gemini API', () => {
    expect(catalog().list('gemini').filter((e) => e.id.startsWith('claude-'))).toEqual([]);
    expect(catalog().list('vertex-ai').some((e) => e.id.startsWith('claude-'))).toBe(true);
  });

  it('lists Azure OpenAI\'s models without OpenRouter tiers, and prices the models an Azure deployment commonly serves', () => {
    const cat = catalog();
    const ids = cat.list('azure-openai').map((e) => e.id);
    expect(ids.filter((id) => id.includes(':'))).toEqual([]);
    for (const model of ['gpt-4o-mini', 'gpt-4o', 'gpt-4.1', 'gpt-4.1-mini', 'gpt-4.1-nano', 'o3-mini', 'text-embedding-3-small']) {
      expect(ids).toContain(model);
      expect(cat.lookup('azure-openai', model)?.contextWindow).toBeGreaterThan(0);
      expect(cat.cost('azure-openai', model, usage)).toMatchObject({ priced: true, usd: expect.any(Number) });
      expect(cat.cost('azure-openai', model, usage).usd).toBeGreaterThan(0);
    }
  });

  it('dates models from models.dev and leaves the others undated', () => {
    const cat = catalog();
    expect(cat.lookup('openai', 'gpt-4o')?.releaseDate).toBe('2024-05-13');
    expect(cat.lookup('openai', 'gpt-4o')?.modalities).toEqual({ input: ['text', 'image'], output: ['text'] });
    expect(cat.lookup('openai', 'ada')?.releaseDate).toBeUndefined();
  });
});

describe('Databricks foundation-model endpoints', () => {
  it('lists every pay-per-token endpoint name, where no price table lists Databricks', () => {
    const ids = catalog().list('databricks').map((e) => e.id);
    expect(ids).toEqual(Object.keys(SERVED_MODELS.databricks).sort((a, b) => a.localeCompare(b)));
    expect(ids).toEqual(expect.arrayContaining(['databricks-claude-sonnet-4', 'databricks-meta-llama-3-3-70b-instruct', 'databricks-gpt-oss-120b', 'databricks-gte-large-en', 'databricks-bge-large-en']));
  });

  it('maps each endpoint to a catalogue model that exists, and takes its facts', () => {
    const cat = catalog();
    for (const [name, served] of Object.entries(SERVED_MODELS.databricks)) {
      if (!served.sameAs) continue;
      const model = cat.lookup(served.sameAs.providerType, served.sameAs.model);
      expect(model).toBeDefined();
      const entry = cat.lookup('databricks', name)!;
      expect(entry.sameAs).toEqual({ providerType: served.sameAs.providerType, model: model!.id });
      expect(entry.contextWindow).toBe(model!.contextWindow);
      expect(entry.capabilities).toEqual(model!.capabilities);
    }
    expect(cat.lookup('databricks', 'databricks-claude-sonnet-4')).toMatchObject({
      displayName: 'Claude Sonnet 4',
      contextWindow: 200000,
      sameAs: { providerType: 'anthropic', model: 'claude-sonnet-4-0' },
      capabilities: { tools: true, vision: true },
    });
  });

  it('leaves the endpoints unpriced (Databricks bills DBUs, not the maker\'s list price) until the models: section prices one', () => {
    expect(catalog().lookup('databricks', 'databricks-claude-sonnet-4')?.prices).toEqual({});
    expect(catalog().cost('databricks', 'databricks-claude-sonnet-4', usage)).toMatchObject({ usd: 0, priced: false });
    const priced = new ModelCatalog(() => ({ databricks: { 'databricks-claude-sonnet-4': { inputPricePerMtok: 2, outputPricePerMtok: 10 } } }));
    expect(priced.cost('databricks', 'databricks-claude-sonnet-4', usage)).toEqual({ usd: 12, priced: true });
    expect(priced.lookup('databricks', 'databricks-claude-sonnet-4')).toMatchObject({ contextWindow: 200000, pricesFrom: 'config' });
  });

  it('gives the embedding endpoints the context window Databricks documents', () => {
    expect(catalog().lookup('databricks', 'databricks-gte-large-en')).toMatchObject({ displayName: 'GTE Large (En)', contextWindow: 8192 });
  });
});

describe('isRetiredModel', () => {
  it.each(['ada', 'babbage', 'curie', 'davinci', 'text-davinci-003', 'text-ada-001', 'gpt-3.5-turbo', 'gpt-3.5-turbo-instruct', 'gpt-4', 'gpt-4-32k', 'gpt-4-turbo', 'gpt-4-vision-preview', 'gpt-4.5-preview', 'o1-preview', 'o1-mini', 'claude-2', 'claude-instant-1.2', 'claude-3-opus-latest', 'claude-3-5-sonnet-20241022', 'claude-3-7-sonnet-latest', 'anthropic.claude-3-haiku-20240307-v1:0', 'us.anthropic.claude-3-5-sonnet-20240620-v1:0', 'claude-3-opus@20240229', 'gemini-1.5-pro', 'gemini-pro', 'gemini-2.5-pro-preview-05-06', 'openai/gpt-3.5-turbo'])(
    '%s is retired or superseded',
    (id) => expect(isRetiredModel(id)).toBe(true),
  );

  it.each(['gpt-5', 'gpt-5.5', 'gpt-4.1', 'gpt-4.1-mini', 'gpt-4o', 'gpt-4o-mini', 'o1', 'o3', 'o4-mini', 'text-embedding-3-small', 'claude-sonnet-4-5', 'claude-opus-4-1', 'claude-haiku-4-5', 'anthropic.claude-sonnet-4-20250514-v1:0', 'gemini-2.5-pro', 'gemini-2.5-flash', 'gemini-2.0-flash', 'gemini-3-pro-preview', 'davinci-002', 'gpt-oss-120b'])(
    '%s is current',
    (id) => expect(isRetiredModel(id)).toBe(false),
  );
});

describe('isPatternId', () => {
  it.each([
    ['openai', 'ft:gpt-3.5-turbo-', true],
    ['openai', 'ft:gpt-4o', true],
    ['openai', 'gpt-4o-mini-2024-07-18.ft-', true],
    ['openai', 'gpt-4o:extended', true],
    ['azure-openai', 'phi-4-reasoning:free', true],
    ['bedrock', 'regional.anthropic.claude-sonnet-4-5-20250929-v1:0', true],
    ['openrouter', 'openai/gpt-4o:extended', false],
    ['openrouter', 'meta-llama/llama-3.3-70b-instruct:free', false],
    ['bedrock', 'amazon.nova-pro-v1:0', false],
    ['bedrock', 'us.anthropic.claude-sonnet-4-5-20250929-v1:0', false],
    ['openai', 'gpt-4o-mini', false],
    ['fireworks', 'accounts/fireworks/models/deepseek-v3p2', false],
  ] as const)('%s %s: %s', (type, id, pattern) => {
    expect(isPatternId(type, id)).toBe(pattern);
  });
});
