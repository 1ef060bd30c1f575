import type { GatewayPlugin } from '@model-gateway/core';
import { CredentialInjection } from './credential-injection';

export { CredentialInjection };

const plugin: GatewayPlugin = {
  specVersion: 1,
  name: 'credential-injection',
  kind: 'pipeline',
  register: (api) => api.registerPipeline(new CredentialInjection()),
};

export default plugin;
