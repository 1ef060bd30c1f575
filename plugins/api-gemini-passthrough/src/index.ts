import type { GatewayPlugin } from '@model-gateway/core';
import { capabilitiesLookup } from '@model-gateway/model-catalog';
import { geminiPassthroughApi } from './gemini-passthrough-api';

export { geminiPassthroughApi };
export { decodeGeminiUsage } from './gemini-usage';

const plugin: GatewayPlugin = {
  specVersion: 1,
  name: 'api-gemini-passthrough',
  kind: 'api-style',
  register: (api) => api.registerApiStyle(geminiPassthroughApi(capabilitiesLookup(api.container))),
};

export default plugin;
