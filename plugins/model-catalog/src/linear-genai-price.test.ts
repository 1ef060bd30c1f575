import { calcPrice, findProvider } from '@pydantic/genai-prices';
import { genaiCost } from './genai-prices-source';
import { linearCost, priceShape, type PricedTokens } from './linear-genai-price';

const PROVIDERS = ['openai', 'anthropic', 'google', 'azure', 'aws', 'mistral', 'groq', 'together', 'fireworks', 'cohere', 'deepseek', 'x-ai'];

/** Deterministic usages: zeros, one kind at a time, and mixes with cached tokens inside the input. */
function usages(): PricedTokens[] {
  let seed = 42;
  const next = (max: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % (max + 1);
  };
  const list: PricedTokens[] = [
    { input_tokens: 0, output_tokens: 0 },
    { input_tokens: 1, output_tokens: 0 },
    { input_tokens: 0, output_tokens: 1 },
    { input_tokens: 150_000, output_tokens: 4_000, cache_read_tokens: 150_000 },
  ];
  for (let i = 0; i < 12; i++) {
    const input = next(180_000);
    const read = next(input);
    list.push({ input_tokens: input, output_tokens: next(20_000), cache_read_tokens: read, cache_write_tokens: next(input - read) });
  }
  return list;
}

describe('linear genai-prices prices', () => {
  it('price every flat-priced model as calcPrice does, for every usage', () => {
    let linear = 0;
    for (const providerId of PROVIDERS) {
      for (const model of findProvider({ providerId })?.models ?? []) {
        const shape = priceShape(providerId, model.id);
        if (typeof shape === 'string') continue;
        linear += 1;
        for (const tokens of usages()) {
          const expected = calcPrice(tokens, model.id, { providerId })!.total_price;
          expect(Math.abs(linearCost(shape, tokens) - expected)).toBeLessThanOrEqual(1e-12 + Math.abs(expected) * 1e-9);
        }
      }
    }
    // The fast path must cover most of the catalogue, or it is not worth having.
    expect(linear).toBeGreaterThan(200);
  });

  it('keeps tiered and unknown models off the fast path', () => {
    expect(typeof priceShape('openai', 'gpt-4o-mini')).toBe('object');
    // Long-context surcharges: the rate depends on the request's size.
    expect(priceShape('anthropic', 'claude-sonnet-4-5')).toBe('not-linear');
    expect(priceShape('openai', 'no-such-model-anywhere')).toBe('unmatched');
  });

  it('genaiCost agrees with calcPrice on the fast path, the slow path and unknown models', () => {
    const at = new Date();
    const usage = { inputTokens: 250_000, outputTokens: 1_000, totalTokens: 251_000, cachedInputTokens: 20_000 };
    const tokens = { input_tokens: 250_000, output_tokens: 1_000, cache_read_tokens: 20_000 };
    for (const [providerId, model] of [['openai', 'gpt-4o-mini'], ['anthropic', 'claude-sonnet-4-5'], ['google', 'gemini-2.5-flash']]) {
      const expected = calcPrice(tokens, model, { providerId, timestamp: at })!.total_price;
      expect(genaiCost(providerId, model, usage, at)).toBeCloseTo(expected, 12);
    }
    expect(genaiCost('openai', 'no-such-model-anywhere', usage, at)).toBeUndefined();
  });
});
