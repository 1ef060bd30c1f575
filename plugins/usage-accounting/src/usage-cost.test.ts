import { calcPrice, findProvider } from '@pydantic/genai-prices';
import { ModelCatalog, type ModelOverrides } from '@model-gateway/model-catalog';
import { UsageCost } from './usage-cost';

// The real price list, with calcPrice observed so the unknown-model cache can be checked.
jest.mock('@pydantic/genai-prices', () => {
  const actual = jest.requireActual('@pydantic/genai-prices');
  return { ...actual, calcPrice: jest.fn(actual.calcPrice) };
});

/** Prices per million tokens, read from the catalogue rather than copied here, so a price update cannot break the test. */
function catalogueMtokPrices(providerId: string, modelId: string): { input: number; cachedInput: number; output: number } {
  const model = findProvider({ providerId })?.models.find((m) => m.id === modelId);
  if (!model) throw new Error(`${providerId}/${modelId} is not in the price list`);
  // A model whose price changed over time has a list of conditional prices; this test picks a model with one flat price.
  expect(Array.isArray(model.prices)).toBe(false);
  const prices = model.prices as Record<string, number>;
  expect(typeof prices.input_mtok).toBe('number');
  expect(typeof prices.output_mtok).toBe('number');
  return { input: prices.input_mtok, cachedInput: prices.cache_read_mtok ?? prices.input_mtok, output: prices.output_mtok };
}

describe('UsageCost', () => {
  let overrides: ModelOverrides = {};
  const newCost = () => new UsageCost(new ModelCatalog(() => overrides));
  beforeEach(() => {
    jest.mocked(calcPrice).mockClear();
    overrides = {};
  });

  it('prices a known OpenAI model from its input, cached-input and output token prices', () => {
    const price = catalogueMtokPrices('openai', 'gpt-4o-mini');
    // Cached tokens are a subset of input tokens and are billed at the cache-read price instead.
    const usage = { inputTokens: 1200, outputTokens: 350, totalTokens: 1550, cachedInputTokens: 200 };
    const expected = ((1200 - 200) * price.input + 200 * price.cachedInput + 350 * price.output) / 1_000_000;

    const cost = newCost().compute('openai', 'gpt-4o-mini', usage);
    expect(cost.priced).toBe(true);
    expect(cost.usd).toBeGreaterThan(0);
    expect(cost.usd).toBeCloseTo(expected, 12);
  });

  it('charges cached input less than the same input uncached, when the model has a cache price', () => {
    const price = catalogueMtokPrices('openai', 'gpt-4o-mini');
    expect(price.cachedInput).toBeLessThan(price.input);
    const costs = newCost();
    const cold = costs.compute('openai', 'gpt-4o-mini', { inputTokens: 1000, outputTokens: 0, totalTokens: 1000 });
    const warm = costs.compute('openai', 'gpt-4o-mini', { inputTokens: 1000, outputTokens: 0, totalTokens: 1000, cachedInputTokens: 1000 });
    expect(cold.usd).toBeCloseTo((1000 * price.input) / 1_000_000, 12);
    expect(warm.usd).toBeCloseTo((1000 * price.cachedInput) / 1_000_000, 12);
  });

  it('reports an unknown model as unpriced with a cost of 0 and a note, not a guess', () => {
    const cost = newCost().compute('openai', 'no-such-model-xyz', { inputTokens: 10, outputTokens: 10, totalTokens: 20 });
    expect(cost).toEqual({ usd: 0, priced: false, note: 'model "no-such-model-xyz" is not in the model catalogue for provider type "openai"' });
  });

  it('prices by provider: a known model name under another provider type is not priced as OpenAI', () => {
    const cost = newCost().compute('mock', 'gpt-4o-mini', { inputTokens: 10, outputTokens: 10, totalTokens: 20 });
    expect(cost).toMatchObject({ usd: 0, priced: false });
  });

  it('prices with the config\'s models: section, which wins over the price list', () => {
    const costs = newCost();
    overrides = { openai: { 'gpt-4o-mini': { inputPricePerMtok: 100, outputPricePerMtok: 200, cacheReadPricePerMtok: 10 } }, mock: { 'mock-model': { inputPricePerMtok: 1, outputPricePerMtok: 1 } } };
    const usage = { inputTokens: 1200, outputTokens: 350, totalTokens: 1550, cachedInputTokens: 200 };
    expect(costs.compute('openai', 'gpt-4o-mini', usage).usd).toBeCloseTo((1000 * 100 + 200 * 10 + 350 * 200) / 1_000_000, 12);
    expect(costs.compute('mock', 'mock-model', usage)).toEqual({ usd: (1200 + 350) / 1_000_000, priced: true });
  });

  it('bills cache writes at the cache-write price when the catalogue has one', () => {
    const costs = newCost();
    overrides = { mock: { m: { inputPricePerMtok: 3, outputPricePerMtok: 15, cacheReadPricePerMtok: 0.3, cacheWritePricePerMtok: 3.75 } } };
    const usage = { inputTokens: 20, outputTokens: 7, totalTokens: 27, cachedInputTokens: 5, cacheWriteTokens: 3 };
    expect(costs.compute('mock', 'm', usage).usd).toBeCloseTo((12 * 3 + 5 * 0.3 + 3 * 3.75 + 7 * 15) / 1_000_000, 15);
  });

  it('searches the catalogue once per unknown model, then answers from memory', () => {
    const costs = newCost();
    const usage = { inputTokens: 1, outputTokens: 1, totalTokens: 2 };
    costs.compute('openai', 'no-such-model-xyz', usage);
    costs.compute('openai', 'no-such-model-xyz', usage);
    costs.compute('openai', 'no-such-model-xyz', usage);
    expect(calcPrice).toHaveBeenCalledTimes(1);
    // A known flat-priced model is matched once and its rates read once (per process: the price
    // list is fixed), so pricing each later call's usage takes no calcPrice at all.
    costs.compute('openai', 'gpt-4o-mini', usage);
    const afterFirst = jest.mocked(calcPrice).mock.calls.length;
    const second = costs.compute('openai', 'gpt-4o-mini', { inputTokens: 1000, outputTokens: 10, totalTokens: 1010 });
    expect(calcPrice).toHaveBeenCalledTimes(afterFirst);
    const expected = jest.requireActual('@pydantic/genai-prices').calcPrice({ input_tokens: 1000, output_tokens: 10 }, 'gpt-4o-mini', { providerId: 'openai' }).total_price;
    expect(second.usd).toBeCloseTo(expected, 15);
  });

  it('costs 0 without usage (a failed attempt), and counts as priced: nothing was left unpriced', () => {
    expect(newCost().compute('openai', 'gpt-4o-mini', undefined)).toEqual({ usd: 0, priced: true });
    expect(newCost().compute('openai', 'no-such-model-xyz', undefined)).toEqual({ usd: 0, priced: true });
    expect(calcPrice).not.toHaveBeenCalled();
  });
});
