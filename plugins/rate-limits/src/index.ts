import type { GatewayPlugin } from '@model-gateway/core';
import { limitsSettings } from './limits-policy';
import { RateLimits } from './rate-limits';

export { RateLimits };
export { limitsOf, limitsSchema, resolveLimits, type LimitsPolicy } from './limits-policy';

const plugin: GatewayPlugin = {
  specVersion: 1,
  name: 'rate-limits',
  kind: 'pipeline',
  register: (api) => {
    api.registerEndpointSettings(limitsSettings);
    api.registerPipeline(RateLimits);
  },
};

export default plugin;
