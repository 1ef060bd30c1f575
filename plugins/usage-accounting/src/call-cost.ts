import { ContextKey } from '@model-gateway/core';

/**
 * What a call's attempts cost so far in USD, summed as usage accounting prices each one
 * (onAttemptEnd); unset while none was priced. Budgets (rate-limits) settle with it.
 */
export const CALL_COST_USD = new ContextKey<number>('usage-accounting.call-cost-usd');
