import type { GatewayPlugin, ProviderDefinition } from '@model-gateway/core';
import { CohereConnection } from './cohere-connection';
import { COHERE_API_KEY_ENV, COHERE_DEFAULT_BASE_URL, COHERE_DOCS_URL, cohereOptionsSchema, type CohereOptions } from './cohere-facts';

export { encodeCohereChat } from './encode-cohere-chat';
export { decodeCohereChat } from './decode-cohere-chat';
export { CohereStreamDecoder } from './cohere-stream-decoder';
export { decodeCohereEmbed, encodeCohereEmbed } from './cohere-embed';
export { decodeCohereUsage } from './cohere-usage';

export const cohereProvider: ProviderDefinition<CohereOptions> = {
  type: 'cohere',
  displayName: 'Cohere (v2 chat and embed)',
  label: 'Cohere',
  menuRank: 90,
  docsUrl: COHERE_DOCS_URL,
  defaultBaseUrl: COHERE_DEFAULT_BASE_URL,
  apiKeyEnv: COHERE_API_KEY_ENV,
  requiresApiKey: true,
  auth: { kind: 'bearer' },
  // Vision: Command A Vision takes image_url parts; json_schema rides on response_format json_object.
  // No passthrough: no client format the gateway relays is Cohere's own.
  capabilities: { chat: true, embeddings: true, streaming: true, tools: true, vision: true, jsonSchema: true, passthrough: [] },
  optionsSchema: cohereOptionsSchema,
  createConnection: (settings) => new CohereConnection(settings),
};

const plugin: GatewayPlugin = {
  specVersion: 1,
  name: 'provider-cohere',
  kind: 'provider',
  register: (api) => api.registerProvider(cohereProvider),
};

export default plugin;
