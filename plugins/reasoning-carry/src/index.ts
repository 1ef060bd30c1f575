import type { GatewayPlugin } from '@model-gateway/core';
import { ReasoningCarry } from './reasoning-carry';

export { ReasoningCarry };
export { CARRY_TTL_MS, carryKey } from './carried-entry';

const plugin: GatewayPlugin = {
  specVersion: 1,
  name: 'reasoning-carry',
  kind: 'pipeline',
  register: (api) => api.registerPipeline(ReasoningCarry),
};

export default plugin;
