import { calcPrice, findProvider } from '@pydantic/genai-prices';
import { genaiCost } from './genai-prices-source';
import { linearCost, priceShape, type LinearPrice, type PricedTokens } from './linear-genai-price';

const PROVIDERS = ['openai', 'anthropic', 'google', 'azure', 'aws', 'mistral', 'groq', 'together', 'fireworks', 'cohere', 'deepseek', 'x-ai'];

/** Deterministic usages: zeros, one kind at a time, both sides of the usual tier start, and mixes with cached tokens inside the input. */
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
    { input_tokens: 200_000, output_tokens: 5, cache_read_tokens: 1_000 },
    { input_tokens: 200_001, output_tokens: 5, cache_write_tokens: 1_000 },
    { input_tokens: 1_500_000, output_tokens: 70_000, cache_read_tokens: 900_000 },
  ];
  for (let i = 0; i < 16; i++) {
    const input = next(i % 2 ? 180_000 : 400_000);
    const read = next(input);
    list.push({ input_tokens: input, output_tokens: next(20_000), cache_read_tokens: read, cache_write_tokens: next(input - read) });
  }
  return list;
}

describe('linear genai-prices prices', () => {
  it('price every flat or tiered model as calcPrice does, for every usage', () => {
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
    // The fast path must cover most of the catalogue (427 of the 446 models matched by their own ids), or it is not worth having.
    expect(linear).toBeGreaterThan(400);
  });

  it('gives a tiered price one band per tier start, and keeps dated prices and unknown models off the fast path', () => {
    expect(priceShape('openai', 'gpt-4o-mini')).toMatchObject({ bands: [{ above: -1 }] });
    // A long-context surcharge: past 200K input tokens the whole request is charged at the tier's rates.
    const tiered = priceShape('anthropic', 'claude-sonnet-4-5') as LinearPrice;
    expect(tiered.bands.map((band) => band.above)).toEqual([-1, 200_000]);
    expect(tiered.bands[1].input).toBeGreaterThan(tiered.bands[0].input);
    // Dated and time-of-day prices: the model calcPrice matches has a list of prices.
    const zero = { input_tokens: 0, output_tokens: 0 };
    const dated = PROVIDERS.flatMap((providerId) =>
      (findProvider({ providerId })?.models ?? [])
        .filter((m) => Array.isArray(calcPrice(zero, m.id, { providerId })?.model.prices))
        .map((m) => [providerId, m.id]),
    );
    expect(dated.length).toBeGreaterThan(10);
    for (const [providerId, model] of dated) expect(priceShape(providerId, model)).toBe('not-linear');
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

  it('prices a dated price at the time given, as a Date or as epoch milliseconds alike', () => {
    const zero = { input_tokens: 0, output_tokens: 0 };
    const [providerId, model] = PROVIDERS.flatMap((id) =>
      (findProvider({ providerId: id })?.models ?? []).filter((m) => Array.isArray(calcPrice(zero, m.id, { providerId: id })?.model.prices)).map((m) => [id, m.id]),
    )[0];
    const usage = { inputTokens: 1_000, outputTokens: 500, totalTokens: 1_500 };
    const tokens = { input_tokens: 1_000, output_tokens: 500 };
    for (const at of [new Date('2024-03-01T03:00:00Z'), new Date('2025-09-01T15:00:00Z')]) {
      const expected = calcPrice(tokens, model, { providerId, timestamp: at })!.total_price;
      expect(genaiCost(providerId, model, usage, at)).toBe(expected);
      expect(genaiCost(providerId, model, usage, at.getTime())).toBe(expected);
      // Without a time, now() is asked for one.
      expect(genaiCost(providerId, model, usage, undefined, () => at)).toBe(expected);
    }
  });
});
