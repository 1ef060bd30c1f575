import type { GatewayPlugin } from '@model-gateway/core';
import { LIMIT_ERRORS } from './limit-error-codes';
import { limitsSettings } from './limits-policy';
import { RateLimits } from './rate-limits';

export { RateLimits };
export { LIMIT_ERRORS };
export { limitsOf, limitsSchema, resolveLimits, type BudgetPeriod, type LimitsPolicy } from './limits-policy';
export { PRINCIPAL_LIMITS } from './principal-limits';

const plugin: GatewayPlugin = {
  specVersion: 1,
  name: 'rate-limits',
  kind: 'pipeline',
  // Budgets are settled from the call's cost usage accounting sums in CALL_COST_USD; without it they never fill.
  // The catalogue's MODEL_CATALOG prices a call's worst case before it runs, to hold against the budget.
  dependencies: {
    plugins: ['model-catalog'],
    reads: [
      { plugin: 'usage-accounting', output: 'CALL_COST_USD', writtenIn: 'onAttemptEnd', readIn: 'onFinish' },
      { plugin: 'usage-accounting', output: 'CALL_COST_USD', writtenIn: 'onAttemptEnd', readIn: 'onError' },
    ],
  },
  register: (api) => {
    api.registerEndpointSettings(limitsSettings);
    api.registerErrorCodes(LIMIT_ERRORS);
    api.registerPipeline(RateLimits);
  },
};

export default plugin;
