import type { GatewayPlugin } from '@model-gateway/core';
import { CallerTag, CALLER_HEADERS } from './caller-tag';

export { CallerTag, CALLER_HEADERS };
export { CALLER_LABEL, isCallerLabel } from './caller-label';

const plugin: GatewayPlugin = {
  specVersion: 1,
  name: 'caller-tag',
  kind: 'pipeline',
  register: (api) => api.registerPipeline(new CallerTag()),
};

export default plugin;
