import { modelListing } from './model-listing';

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
      }),
    ).toEqual({
      id: 'm',
      object: 'model',
      provider_type: 'openai',
      kind: 'chat',
      display_name: 'M',
      context_window: 1000,
      max_output_tokens: 100,
      pricing: { currency: 'USD', unit: 'per_million_tokens', input: 1, output: 2, cache_read: 0.5, cache_write: null },
      capabilities: { tools: true, reasoning: null, caching: null, vision: false },
      deprecated: false,
      sources: ['genai-prices', 'overlay'],
    });
  });

  it('reports what no source knows as null, never as 0 or false', () => {
    const listed = modelListing({ providerType: 'mock', id: 'x', prices: {}, capabilities: {}, sources: ['config'] });
    expect(listed).toMatchObject({ display_name: null, context_window: null, max_output_tokens: null, pricing: { input: null, output: null }, capabilities: { tools: null, reasoning: null, caching: null, vision: null } });
  });
});
