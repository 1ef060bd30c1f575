import type { GatewayPlugin } from '@model-gateway/core';
import { openAiChatApi } from './openai-chat-api';

export { openAiChatApi };

const plugin: GatewayPlugin = {
  specVersion: 1,
  name: 'api-openai-chat',
  kind: 'api-style',
  register: (api) => api.registerApiStyle(openAiChatApi),
};

export default plugin;
