import type { GatewayPlugin, ProviderDefinition } from '@model-gateway/core';
import { GeminiConnection } from './gemini-connection';
import { GEMINI_API_KEY_ENV, GEMINI_DEFAULT_BASE_URL, GEMINI_DOCS_URL, GEMINI_KEY_HEADER, geminiOptionsSchema, type GeminiOptions } from './gemini-facts';

// Vertex AI serves Gemini models with the same bodies at its own URLs; it reuses these.
export { geminiChat, postGemini, type GeminiTarget } from './gemini-calls';
export { GeminiConnection, modelPath } from './gemini-connection';

export const geminiProvider: ProviderDefinition<GeminiOptions> = {
  type: 'gemini',
  displayName: 'Google Gemini (AI Studio), generateContent API',
  label: 'Google Gemini',
  menuRank: 30,
  docsUrl: GEMINI_DOCS_URL,
  defaultBaseUrl: GEMINI_DEFAULT_BASE_URL,
  apiKeyEnv: GEMINI_API_KEY_ENV,
  requiresApiKey: true,
  auth: { kind: 'header', header: GEMINI_KEY_HEADER },
  capabilities: { chat: true, embeddings: true, streaming: true, tools: true, vision: true, jsonSchema: true, passthrough: ['gemini'] },
  optionsSchema: geminiOptionsSchema,
  createConnection: (settings) => new GeminiConnection(settings),
};

const plugin: GatewayPlugin = {
  specVersion: 1,
  name: 'provider-gemini',
  kind: 'provider',
  register: (api) => api.registerProvider(geminiProvider),
};

export default plugin;
