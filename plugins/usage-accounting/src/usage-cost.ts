import { calcPrice } from '@pydantic/genai-prices';
import type { Usage } from '@model-gateway/core';

export interface Cost {
  usd: number;
  /** False when the price catalogue does not know the model: the cost is reported as 0, not guessed. */
  priced: boolean;
}

const UNPRICED: Cost = { usd: 0, priced: false };

/**
 * Prices usage with @pydantic/genai-prices. Its input_tokens include cache
 * reads and writes, as canonical inputTokens do, so no token is counted twice.
 * Unknown models are remembered so the catalogue is searched once per model.
 */
export class UsageCost {
  private readonly unknown = new Set<string>();

  compute(providerType: string, model: string, usage: Usage | undefined): Cost {
    if (!usage) return { usd: 0, priced: true };
    const key = `${providerType}\u0000${model}`;
    if (this.unknown.has(key)) return UNPRICED;
    const result = calcPrice(
      {
        input_tokens: usage.inputTokens,
        output_tokens: usage.outputTokens,
        cache_read_tokens: usage.cachedInputTokens,
        cache_write_tokens: usage.cacheWriteTokens,
      },
      model,
      { providerId: providerType },
    );
    if (!result) {
      this.unknown.add(key);
      return UNPRICED;
    }
    return { usd: result.total_price, priced: true };
  }
}
