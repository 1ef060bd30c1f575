import type { GatewayPlugin } from '@model-gateway/core';
import { EndpointResolution } from './endpoint-resolution';

export { EndpointResolution };

const plugin: GatewayPlugin = {
  specVersion: 1,
  name: 'endpoint-resolution',
  kind: 'pipeline',
  register: (api) => api.registerPipeline(EndpointResolution),
};

export default plugin;
