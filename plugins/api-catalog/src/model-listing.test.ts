import { ModelCatalog } from '@model-gateway/model-catalog';
import { modelListing, modelListings } from './model-listing';

describe('modelListing', () => {
  it('writes a catalogue entry in snake_case with prices per million tokens', () => {
    expect(
      modelListing({
        providerType: 'openai',
        id: 'm',
        displayName: 'M',
        contextWindow: 1000,
        maxOutputTokens: 100,
        prices: { inputPerMtok: 1, outputPerMtok: 2, cacheReadPerMtok: 0.5 },
        capabilities: { tools: true, vision: false },
        sources: ['genai-prices', 'overlay'],
        pricesFrom: 'genai-prices',
        releaseDate: '2025-04-14',
      }),
    ).toEqual({
      id: 'm',
      object: 'model',
      provider_type: 'openai',
      kind: 'chat',
      display_name: 'M',
      context_window: 1000,
      max_output_tokens: 100,
      release_date: '2025-04-14',
      legacy: false,
      same_as: null,
      pricing: { currency: 'USD', unit: 'per_million_tokens', input: 1, output: 2, cache_read: 0.5, cache_write: null },
      capabilities: { tools: true, reasoning: null, caching: null, vision: false },
      deprecated: false,
      sources: ['genai-prices', 'overlay'],
    });
  });

  it('reports what no source knows as null, never as 0 or false', () => {
    const listed = modelListing({ providerType: 'mock', id: 'x', prices: {}, capabilities: {}, sources: ['config'] });
    expect(listed).toMatchObject({ display_name: null, context_window: null, max_output_tokens: null, release_date: null, same_as: null, pricing: { input: null, output: null }, capabilities: { tools: null, reasoning: null, caching: null, vision: null } });
  });

  it('names the model a served name stands for, and takes its kind', () => {
    const listed = modelListing({ providerType: 'databricks', id: 'databricks-x', prices: {}, capabilities: {}, sources: ['genai-prices'], sameAs: { providerType: 'openai', model: 'text-embedding-3-small' } });
    expect(listed).toMatchObject({ kind: 'embeddings', same_as: { provider_type: 'openai', model: 'text-embedding-3-small' } });
  });
});

describe('modelListings on the real catalogue', () => {
  const catalog = new ModelCatalog(() => ({}));
  const listed = (type: string) => modelListings(catalog.list(type));

  it('opens openai\'s list on current chat models, newest first, with ada and babbage legacy at the end', () => {
    const models = listed('openai');
    const first = models.slice(0, 8).map((m) => m.id);
    expect(first.slice(0, 4).sort()).toEqual(['gpt-5', 'gpt-5-chat-latest', 'gpt-5-mini', 'gpt-5-nano']);
    for (const model of models.slice(0, 8)) expect(model.legacy).toBe(false);
    const legacyFrom = models.findIndex((m) => m.legacy);
    expect(models.slice(legacyFrom).every((m) => m.legacy)).toBe(true);
    for (const id of ['ada', 'babbage', 'curie', 'davinci', 'text-davinci-003', 'gpt-3.5-turbo', 'gpt-4-32k', 'gpt-4', 'gpt-4-turbo']) expect(models.find((m) => m.id === id)?.legacy).toBe(true);
    for (const id of ['gpt-5', 'gpt-5.5', 'gpt-6-sol', 'gpt-4.1', 'gpt-4.1-mini', 'gpt-4o', 'gpt-4o-mini', 'o3', 'o4-mini', 'text-embedding-3-small']) expect(models.find((m) => m.id === id)?.legacy).toBe(false);
  });

  it('puts undated current models after dated ones, newest version first', () => {
    const current = listed('openai').filter((m) => !m.legacy);
    const firstUndated = current.findIndex((m) => m.release_date === null);
    expect(current.slice(firstUndated).every((m) => m.release_date === null)).toBe(true);
    const undated = current.slice(firstUndated).map((m) => m.id);
    expect(undated.indexOf('gpt-6-sol')).toBeLessThan(undated.indexOf('gpt-5.5'));
    expect(undated.indexOf('gpt-5.5')).toBeLessThan(undated.indexOf('gpt-5.1'));
  });

  it('reads openai\'s speech, transcription, realtime, image and moderation models as such, so few remain chat', () => {
    const kinds = Object.fromEntries(listed('openai').map((m) => [m.id, m.kind]));
    expect(kinds).toMatchObject({
      'gpt-4o-mini-tts': 'speech',
      'gpt-4o-transcribe': 'transcription',
      'whisper-1': 'transcription',
      'gpt-realtime': 'realtime',
      'gpt-image-1': 'image',
      moderation: 'moderation',
      'gpt-4o-audio-preview': 'speech',
      'gpt-4o': 'chat',
      'text-embedding-3-small': 'embeddings',
    });
    const chat = Object.values(kinds).filter((kind) => kind === 'chat').length;
    expect(chat).toBeLessThan(Object.keys(kinds).length - 15);
  });

  it('opens anthropic\'s and gemini\'s lists on current models, with Claude 3 and Gemini 1.5 legacy', () => {
    const anthropic = listed('anthropic');
    expect(anthropic[0].id).toMatch(/^claude-(opus|sonnet|haiku)-4/);
    expect(anthropic.filter((m) => m.id.startsWith('claude-3')).every((m) => m.legacy)).toBe(true);
    expect(anthropic.find((m) => m.id === 'claude-sonnet-4-5')?.legacy).toBe(false);
    const gemini = listed('gemini').filter((m) => m.kind === 'chat');
    expect(gemini[0].id).toMatch(/^gemini-2\.5-/);
    expect(gemini.find((m) => m.id === 'gemini-1.5-pro')?.legacy).toBe(true);
    for (const id of ['gemini-2.5-pro', 'gemini-2.5-flash']) expect(gemini.find((m) => m.id === id)?.legacy).toBe(false);
  });

  it('lists Databricks\' endpoints with the facts of the models they serve, unpriced', () => {
    const databricks = listed('databricks');
    expect(databricks.length).toBeGreaterThan(10);
    expect(databricks.find((m) => m.id === 'databricks-claude-sonnet-4')).toMatchObject({
      kind: 'chat',
      context_window: 200000,
      same_as: { provider_type: 'anthropic', model: 'claude-sonnet-4-0' },
      pricing: { input: null, output: null },
      legacy: false,
    });
    expect(databricks.find((m) => m.id === 'databricks-gte-large-en')?.kind).toBe('embeddings');
    expect(databricks.find((m) => m.id === 'databricks-claude-3-7-sonnet')?.legacy).toBe(true);
  });
});
