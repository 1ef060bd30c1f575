import type { GatewayPlugin } from '@model-gateway/core';
import { geminiPassthroughApi } from './gemini-passthrough-api';

export { geminiPassthroughApi };
export { decodeGeminiUsage } from './gemini-usage';

const plugin: GatewayPlugin = {
  specVersion: 1,
  name: 'api-gemini-passthrough',
  kind: 'api-style',
  register: (api) => api.registerApiStyle(geminiPassthroughApi()),
};

export default plugin;
