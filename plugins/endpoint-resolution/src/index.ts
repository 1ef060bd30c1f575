import type { GatewayPlugin } from '@model-gateway/core';
import { EndpointResolution } from './endpoint-resolution';
import { RESOLUTION_ERRORS } from './resolution-error-codes';

export { EndpointResolution };
export { RESOLUTION_ERRORS };

const plugin: GatewayPlugin = {
  specVersion: 1,
  name: 'endpoint-resolution',
  kind: 'pipeline',
  register: (api) => {
    api.registerErrorCodes(RESOLUTION_ERRORS);
    api.registerPipeline(EndpointResolution);
  },
};

export default plugin;
