import type { GatewayPlugin } from '@model-gateway/core';
import { breakerSettings } from './breaker-policy';
import { CircuitBreaker } from './circuit-breaker';

export { CircuitBreaker };
export { breakerPolicyOf, breakerSchema, resolveBreaker, type BreakerPolicy } from './breaker-policy';

const plugin: GatewayPlugin = {
  specVersion: 1,
  name: 'circuit-breaker',
  kind: 'pipeline',
  register: (api) => {
    api.registerEndpointSettings(breakerSettings);
    api.registerPipeline(CircuitBreaker);
  },
};

export default plugin;
