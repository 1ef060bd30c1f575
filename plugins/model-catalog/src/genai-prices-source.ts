import { calcPrice, findProvider, type ModelInfo, type ModelPrice } from '@pydantic/genai-prices';
import type { Usage } from '@model-gateway/core';
import type { ModelCapabilities, ModelPrices } from './model-entry';
import { linearCost, priceShape, type PriceShape, type PricedTokens } from './linear-genai-price';

/** What genai-prices knows of one model, in the catalogue's terms. */
export interface GenaiFacts {
  /** The genai-prices provider that matched (a fallback provider's own, for Azure). */
  providerId: string;
  modelId: string;
  displayName?: string;
  contextWindow?: number;
  prices: ModelPrices;
  capabilities: ModelCapabilities;
  deprecated?: boolean;
}

/** The models genai-prices lists for a provider id (none for an id it does not know). */
export function genaiModels(providerId: string): readonly ModelInfo[] {
  return findProvider({ providerId })?.models ?? [];
}

/**
 * The genai-prices model a name matches under a provider, with its own matching rules
 * (dated snapshots and aliases match their model: gpt-4o-2024-08-06 is gpt-4o), or undefined.
 */
export function matchGenaiModel(providerId: string, model: string, now = new Date()): GenaiFacts | undefined {
  const found = calcPrice({ input_tokens: 0, output_tokens: 0 }, model, { providerId, timestamp: now });
  return found ? genaiFacts(found.provider.id, found.model, now) : undefined;
}

export function genaiFacts(providerId: string, info: ModelInfo, now = new Date()): GenaiFacts {
  const price = currentPrice(info.prices, now);
  const prices: ModelPrices = {
    inputPerMtok: basePrice(price.input_mtok),
    outputPerMtok: basePrice(price.output_mtok),
    cacheReadPerMtok: basePrice(price.cache_read_mtok),
    cacheWritePerMtok: basePrice(price.cache_write_mtok),
  };
  // A price for a kind of token is evidence the model handles it; its absence proves nothing.
  const capabilities: ModelCapabilities = {
    caching: price.cache_read_mtok !== undefined ? true : undefined,
    vision: price.input_image_mtok !== undefined ? true : undefined,
    reasoning: price.output_reasoning_mtok !== undefined ? true : undefined,
  };
  return {
    providerId,
    modelId: info.id,
    displayName: info.name,
    contextWindow: info.context_window,
    prices: dropUndefined(prices),
    capabilities: dropUndefined(capabilities),
    deprecated: info.deprecated || undefined,
  };
}

/**
 * Each provider and model's price shape, read off genai-prices on first use: the gateway never
 * updates its price data at run time. Provider id -> model -> shape, looked up with the caller's
 * own strings rather than a joined key built per call.
 */
const shapes = new Map<string, Map<string, PriceShape>>();

function shapeOf(providerId: string, model: string): PriceShape {
  let models = shapes.get(providerId);
  if (!models) {
    models = new Map();
    shapes.set(providerId, models);
  }
  let shape = models.get(model);
  if (shape === undefined) {
    shape = priceShape(providerId, model);
    models.set(model, shape);
  }
  return shape;
}

/**
 * What genai-prices charges for canonical usage (its input_tokens include cache reads and
 * writes, as ours do): from the model's weights when its price is flat or tiered by input
 * tokens, else from calcPrice (dated or time-of-day prices, and usage it would reject), at
 * `at` (a Date or epoch milliseconds; `now()` when undefined), which only calcPrice needs.
 */
export function genaiCost(providerId: string, model: string, usage: Usage, at: Date | number | undefined, now: () => Date = () => new Date()): number | undefined {
  const shape = shapeOf(providerId, model);
  if (shape === 'unmatched') return undefined;
  const tokens: PricedTokens = {
    input_tokens: usage.inputTokens,
    output_tokens: usage.outputTokens,
    cache_read_tokens: usage.cachedInputTokens,
    cache_write_tokens: usage.cacheWriteTokens,
  };
  const cached = (tokens.cache_read_tokens ?? 0) + (tokens.cache_write_tokens ?? 0);
  if (shape !== 'not-linear' && cached <= tokens.input_tokens) return linearCost(shape, tokens);
  const timestamp = at === undefined ? now() : typeof at === 'number' ? new Date(at) : at;
  return calcPrice(tokens, model, { providerId, timestamp })?.total_price;
}

/**
 * The price in force at `now` for listings: the latest dated price that has started.
 * Time-of-day prices are off-peak discounts, left to the cost calculation.
 */
export function currentPrice(prices: ModelInfo['prices'], now: Date): ModelPrice {
  if (!Array.isArray(prices)) return prices;
  let chosen: ModelPrice = {};
  let chosenStart = -Infinity;
  for (const { constraint, prices: candidate } of prices) {
    if (constraint?.type === 'time_of_date') continue;
    const start = constraint?.type === 'start_date' ? Date.parse(constraint.start_date) : -Infinity;
    if (start <= now.getTime() && start >= chosenStart) {
      chosen = candidate;
      chosenStart = start;
    }
  }
  return chosen;
}

/** A tiered price (long-context surcharge) is listed at its base rate. */
function basePrice(price: ModelPrice[string]): number | undefined {
  if (price === undefined || typeof price === 'number') return price;
  return price.base;
}

function dropUndefined<T extends object>(value: T): T {
  for (const key of Object.keys(value) as Array<keyof T>) if (value[key] === undefined) delete value[key];
  return value;
}
