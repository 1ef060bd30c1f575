import type { GatewayPlugin } from '@model-gateway/core';
import { usageRoutes } from './usage-api';
import { UsageAccounting } from './usage-accounting';

export { UsageAccounting };
export { COST_HEADER } from './usage-accounting';
export { CALL_COST_USD } from './call-cost';
export { BUCKET_SECONDS, counterIncrements, usageKey, bucketStart } from './usage-counters';
export { UsageCost } from './usage-cost';

const plugin: GatewayPlugin = {
  specVersion: 1,
  name: 'usage-accounting',
  kind: 'pipeline',
  // Prices and model entries come from the catalogue's MODEL_CATALOG, resolved at start.
  dependencies: { plugins: ['model-catalog'] },
  register: (api) => {
    api.registerPipeline(UsageAccounting);
    api.registerRoutes({ plane: 'operator', routes: (runtime) => usageRoutes(runtime, api.z) });
  },
};

export default plugin;
