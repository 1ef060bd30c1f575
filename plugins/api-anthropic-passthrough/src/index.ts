import type { GatewayPlugin } from '@model-gateway/core';
import { anthropicPassthroughApi } from './anthropic-passthrough-api';

export { anthropicPassthroughApi, TOKEN_COUNT_HEADER } from './anthropic-passthrough-api';
export { anthropicChatOutput } from './anthropic-chat-output';
export { estimateInputTokens } from './token-estimate';

const plugin: GatewayPlugin = {
  specVersion: 1,
  name: 'api-anthropic-passthrough',
  kind: 'api-style',
  register: (api) => api.registerApiStyle(anthropicPassthroughApi()),
};

export default plugin;
