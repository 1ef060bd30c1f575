import type { GatewayPlugin, ProviderDefinition } from '@model-gateway/core';
import { AnthropicConnection, anthropicLayout, type AnthropicLayout } from './anthropic-connection';
import {
  ANTHROPIC_API_KEY_ENV, ANTHROPIC_DEFAULT_BASE_URL, ANTHROPIC_DOCS_URL, ANTHROPIC_KEY_HEADER, anthropicOptionsSchema, type AnthropicOptions,
} from './anthropic-options';

// Hosts of Claude in Anthropic's format at other URLs (Vertex AI) reuse the connection with their own layout.
export { AnthropicConnection, anthropicLayout, type AnthropicLayout, type AnthropicOptions };

/**
 * Anthropic's Messages API. Chat through every API style (translated), streaming, tools,
 * images, and JSON-schema answers through structured outputs (`output_config.format`);
 * Anthropic has no embeddings API.
 */
export const anthropicProvider: ProviderDefinition<AnthropicOptions> = {
  type: 'anthropic',
  displayName: 'Anthropic (Claude), Messages API',
  label: 'Anthropic',
  menuRank: 20,
  docsUrl: ANTHROPIC_DOCS_URL,
  defaultBaseUrl: ANTHROPIC_DEFAULT_BASE_URL,
  apiKeyEnv: ANTHROPIC_API_KEY_ENV,
  requiresApiKey: true,
  auth: { kind: 'header', header: ANTHROPIC_KEY_HEADER },
  capabilities: { chat: true, embeddings: false, streaming: true, tools: true, vision: true, jsonSchema: true, passthrough: ['anthropic'] },
  optionsSchema: anthropicOptionsSchema,
  createConnection: (settings) => new AnthropicConnection(settings),
};

const plugin: GatewayPlugin = {
  specVersion: 1,
  name: 'provider-anthropic',
  kind: 'provider',
  register: (api) => api.registerProvider(anthropicProvider),
};

export default plugin;
