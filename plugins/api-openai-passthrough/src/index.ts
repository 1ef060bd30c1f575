import type { GatewayPlugin } from '@model-gateway/core';
import { openAiPassthroughApi } from './openai-passthrough-api';

export { openAiPassthroughApi };

const plugin: GatewayPlugin = {
  specVersion: 1,
  name: 'api-openai-passthrough',
  kind: 'api-style',
  register: (api) => api.registerApiStyle(openAiPassthroughApi()),
};

export default plugin;
