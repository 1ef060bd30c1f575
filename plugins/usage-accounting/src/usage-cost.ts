import type { Usage } from '@model-gateway/core';
import type { Cost, ModelCatalog } from '@model-gateway/model-catalog';

export type { Cost };

const NOTHING_TO_PRICE: Cost = { usd: 0, priced: true };

/**
 * Prices one attempt's usage from the model catalogue, so the config's `models:`
 * section changes what calls cost. An attempt without usage (it failed) costs 0 and
 * counts as priced: nothing was left unpriced. A model the catalogue cannot price
 * costs 0 with a note saying why, never a guess.
 */
export class UsageCost {
  constructor(private readonly catalog: ModelCatalog) {}

  /** `at`: when the attempt started (a Date or epoch milliseconds; default now), for prices that change over time. */
  compute(providerType: string, model: string, usage: Usage | undefined, at?: Date | number): Cost {
    if (!usage) return NOTHING_TO_PRICE;
    return this.catalog.cost(providerType, model, usage, at);
  }
}
