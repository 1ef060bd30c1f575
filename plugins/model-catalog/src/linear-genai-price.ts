import { calcPrice } from '@pydantic/genai-prices';

/** Tokens as genai-prices counts them: input_tokens include cache reads and writes. */
export type PricedTokens = {
  input_tokens: number;
  output_tokens: number;
  cache_read_tokens?: number;
  cache_write_tokens?: number;
};

/** Per-token weights in force while a request's input tokens are above `above` (exclusive). */
export interface PriceBand {
  above: number;
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

/**
 * A price as a piecewise linear function of the tokens: `fixed` (a per-request fee) plus a
 * weight per kind of token, the weights taken from the last band whose `above` the input
 * tokens exceed. A flat price has one band; a tiered one (a long-context surcharge) one
 * more per tier start, as genai-prices charges the whole request at the tier's rate.
 */
export interface LinearPrice {
  fixed: number;
  bands: PriceBand[];
}

/** What genai-prices' data says of a model's price, decided once per provider and model. */
export type PriceShape = LinearPrice | 'unmatched' | 'not-linear';

/** Tokens per probe in the last (open-ended) band, above its start. */
const PROBE_TOKENS = 1_000_000;

/**
 * Reads a model's price off genai-prices once, as weights per kind of token, when the
 * price is one set of rates, flat or tiered by input tokens: dated and time-of-day
 * variants keep calcPrice. The weights come from calcPrice itself, probed with one kind
 * of token at a time inside each band, so the library stays the one source of pricing
 * rules, and a test holds the weights equal to it.
 *
 * Why: calcPrice matches the model name against the provider's whole list and runs a
 * general pricing engine on every call, and usage accounting prices every attempt
 * (docs/performance.md). With the weights, pricing an attempt is a few multiplications.
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
  const price = (tokens: PricedTokens) => calcPrice(tokens, model, { providerId })!.total_price;
  const found = calcPrice({ input_tokens: 0, output_tokens: 0 }, model, { providerId });
  if (!found) return 'unmatched';
  if (Array.isArray(found.model.prices)) return 'not-linear';
  const starts = tierStarts(found.model_price);
  if (starts === undefined) return 'not-linear';
  const fixed = found.total_price;
  const bands = [-1, ...starts].map((above, i): PriceBand => {
    // Any input count inside the band: its upper end, or past the last start.
    const n = i < starts.length ? starts[i] : above + PROBE_TOKENS;
    const input = (price({ input_tokens: n, output_tokens: 0 }) - fixed) / n;
    const cached = (kind: 'cache_read_tokens' | 'cache_write_tokens') => (price({ input_tokens: n, output_tokens: 0, [kind]: n }) - fixed) / n - input;
    return {
      above,
      input,
      output: (price({ input_tokens: n, output_tokens: n }) - fixed) / n - input,
      cacheRead: cached('cache_read_tokens'),
      cacheWrite: cached('cache_write_tokens'),
    };
  });
  return { fixed, bands };
}

/** The sorted tier starts of a price's rates (none when flat), or undefined when a rate is not one genai-prices tiers by input tokens. */
function tierStarts(rates: Record<string, unknown>): number[] | undefined {
  const starts = new Set<number>();
  for (const [key, rate] of Object.entries(rates)) {
    if (rate === undefined || typeof rate === 'number') continue;
    const tiers = (rate as { tiers?: Array<{ start: unknown }> }).tiers;
    // A tiered per-request fee could not be told apart from the input weight by these probes.
    if (key === 'requests_kcount' || !Array.isArray(tiers)) return undefined;
    for (const { start } of tiers) {
      if (typeof start !== 'number' || !Number.isSafeInteger(start) || start < 1) return undefined;
      starts.add(start);
    }
  }
  return [...starts].sort((a, b) => a - b);
}

export function linearCost(price: LinearPrice, tokens: PricedTokens): number {
  const { bands } = price;
  let band = bands[0];
  for (let i = 1; i < bands.length && tokens.input_tokens > bands[i].above; i++) band = bands[i];
  return (
    price.fixed +
    band.input * tokens.input_tokens +
    band.output * tokens.output_tokens +
    band.cacheRead * (tokens.cache_read_tokens ?? 0) +
    band.cacheWrite * (tokens.cache_write_tokens ?? 0)
  );
}
