import { calcPrice } from '@pydantic/genai-prices';

/** Tokens as genai-prices counts them: input_tokens include cache reads and writes. */
export type PricedTokens = {
  input_tokens: number;
  output_tokens: number;
  cache_read_tokens?: number;
  cache_write_tokens?: number;
};

/** A flat price as a linear function: `fixed` (a per-request fee) plus a weight per kind of token. */
export interface LinearPrice {
  fixed: number;
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

/** What genai-prices' data says of a model's price, decided once per provider and model. */
export type PriceShape = LinearPrice | 'unmatched' | 'not-linear';

const PROBE_TOKENS = 1_000_000;

/**
 * Reads a model's price off genai-prices once, as weights per kind of token, when the
 * price is one flat set of rates: no tiers (long-context surcharges) and no dated or
 * time-of-day variants. The weights come from calcPrice itself, probed with one kind of
 * token at a time, so the library stays the one source of pricing rules.
 *
 * Why: calcPrice matches the model name against the provider's whole list and runs a
 * general pricing engine on every call, 10-50 µs per call measured (Node 20.20), and
 * usage accounting prices every attempt. With the weights, pricing an attempt is a few
 * multiplications. Models whose price is not linear keep calcPrice.
 */
export function priceShape(providerId: string, model: string): PriceShape {
  try {
    return probe(providerId, model);
  } catch {
    // A price genai-prices cannot compute for some probe stays with calcPrice, whose error then surfaces as before.
    return 'not-linear';
  }
}

function probe(providerId: string, model: string): PriceShape {
  const price = (tokens: PricedTokens) => calcPrice(tokens, model, { providerId })?.total_price;
  const found = calcPrice({ input_tokens: 0, output_tokens: 0 }, model, { providerId });
  if (!found) return 'unmatched';
  if (Array.isArray(found.model.prices) || Object.values(found.model_price).some((rate) => typeof rate === 'object')) return 'not-linear';
  const fixed = found.total_price;
  const input = (price({ input_tokens: PROBE_TOKENS, output_tokens: 0 })! - fixed) / PROBE_TOKENS;
  const perCached = (cacheKind: 'cache_read_tokens' | 'cache_write_tokens') =>
    (price({ input_tokens: PROBE_TOKENS, output_tokens: 0, [cacheKind]: PROBE_TOKENS })! - fixed) / PROBE_TOKENS - input;
  return {
    fixed,
    input,
    output: (price({ input_tokens: 0, output_tokens: PROBE_TOKENS })! - fixed) / PROBE_TOKENS,
    cacheRead: perCached('cache_read_tokens'),
    cacheWrite: perCached('cache_write_tokens'),
  };
}

export function linearCost(price: LinearPrice, tokens: PricedTokens): number {
  return (
    price.fixed +
    price.input * tokens.input_tokens +
    price.output * tokens.output_tokens +
    price.cacheRead * (tokens.cache_read_tokens ?? 0) +
    price.cacheWrite * (tokens.cache_write_tokens ?? 0)
  );
}
