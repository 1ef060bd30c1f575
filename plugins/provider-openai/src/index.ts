import type { GatewayPlugin, ProviderDefinition } from '@model-gateway/core';
import { OpenAiCompatibleConnection } from './openai-compatible-connection';
import { OPENAI_DIALECT, OpenAiConnection } from './openai-connection';
import { OPENAI_API_KEY_ENV, OPENAI_DEFAULT_BASE_URL, OPENAI_DOCS_URL, openAiOptionsSchema, type OpenAiOptions } from './openai-facts';

// Other OpenAI-compatible providers (Azure OpenAI, Databricks, Mistral, Groq, the catalogue, ...)
// build on these with their own layout and, where their body differs from OpenAI's, a dialect.
export { OpenAiCompatibleConnection, OpenAiConnection, OPENAI_DIALECT };
export type { OpenAiUrlLayout } from './openai-url-layout';
export type { OpenAiDialect, ToolCallIdRule, UnsupportedField } from './openai-dialect';
export { rewriteChatBody, rewriteEmbeddingsBody } from './rewrite-request';
export { relayedChatRewrite, relayedEmbeddingsRewrite, rewriteRelayedChat, type RelayedBodyRewrite } from './relay-rewrite';
export { fitMessage } from './dialect-messages';
export { joinContentChunks, normalizeAnswer } from './normalize-answer';
export { hasContentList, relayedChatAnswerRewrite } from './relay-answer';
export { fitToolCallId } from './tool-call-ids';
export { openAiLayout } from './openai-layout';
export { operationsLayout } from './operations-layout';

export const openAiProvider: ProviderDefinition<OpenAiOptions> = {
  type: 'openai',
  displayName: 'OpenAI, or any OpenAI-compatible server by base_url',
  label: 'OpenAI',
  menuRank: 10,
  docsUrl: OPENAI_DOCS_URL,
  defaultBaseUrl: OPENAI_DEFAULT_BASE_URL,
  apiKeyEnv: OPENAI_API_KEY_ENV,
  requiresApiKey: 'default-base-url',
  auth: { kind: 'bearer' },
  capabilities: { chat: true, embeddings: true, streaming: true, tools: true, vision: true, jsonSchema: true, passthrough: ['openai'] },
  optionsSchema: openAiOptionsSchema,
  createConnection: (settings) => new OpenAiConnection(settings),
};

const plugin: GatewayPlugin = {
  specVersion: 1,
  name: 'provider-openai',
  kind: 'provider',
  register: (api) => api.registerProvider(openAiProvider),
};

export default plugin;
