import type { GatewayPlugin, ProviderDefinition } from '@model-gateway/core';
import { vertexApiEntryIssue } from './api-entry-check';
import { VertexConnection } from './vertex-connection';
import { VERTEX_DEFAULT_BASE_URL, VERTEX_DOCS_URL, vertexOptionsSchema, type VertexOptions } from './vertex-facts';

export { VertexConnection };
export { AccessTokenSource } from './access-token-source';

/**
 * Google Cloud Vertex AI: Gemini models (generateContent) and Claude models (Anthropic's
 * Messages format at rawPredict), text embeddings (predict). Credentials are a service
 * account key, traded for OAuth2 access tokens by the connection itself. Gemini clients
 * reach Gemini models relayed, Anthropic clients Claude models; every other call is translated.
 */
export const vertexAiProvider: ProviderDefinition<VertexOptions> = {
  type: 'vertex-ai',
  displayName: 'Google Cloud Vertex AI (Gemini and Claude models), service-account OAuth',
  label: 'Google Vertex AI',
  menuRank: 60,
  docsUrl: VERTEX_DOCS_URL,
  defaultBaseUrl: VERTEX_DEFAULT_BASE_URL,
  requiresApiKey: false,
  auth: { kind: 'connection' },
  capabilities: { chat: true, embeddings: true, streaming: true, tools: true, vision: true, jsonSchema: true, passthrough: ['gemini', 'anthropic'] },
  optionsSchema: vertexOptionsSchema,
  secretOptions: ['service_account_json'],
  checkApiEntry: vertexApiEntryIssue,
  createConnection: (settings) => new VertexConnection(settings),
};

const plugin: GatewayPlugin = {
  specVersion: 1,
  name: 'provider-vertex-ai',
  kind: 'provider',
  register: (api) => api.registerProvider(vertexAiProvider),
};

export default plugin;
