import type { GatewayPlugin } from '@model-gateway/core';
import { BREAKER_ERRORS } from './breaker-error-codes';
import { breakerSettings } from './breaker-policy';
import { CircuitBreaker } from './circuit-breaker';

export { CircuitBreaker };
export { BREAKER_ERRORS };
export { readBreakerStates, type BreakerState } from './breaker-state';
export { breakerPolicyOf, breakerSchema, resolveBreaker, type BreakerPolicy } from './breaker-policy';

const plugin: GatewayPlugin = {
  specVersion: 1,
  name: 'circuit-breaker',
  kind: 'pipeline',
  register: (api) => {
    api.registerEndpointSettings(breakerSettings);
    api.registerErrorCodes(BREAKER_ERRORS);
    api.registerPipeline(CircuitBreaker);
  },
};

export default plugin;
