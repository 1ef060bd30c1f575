import type { GatewayPlugin, ProviderDefinition } from '@model-gateway/core';
import { OpenAiCompatibleConnection } from '@model-gateway/provider-openai';
import { DATABRICKS_DOCS_URL, DATABRICKS_PLACEHOLDER_BASE_URL, DATABRICKS_TOKEN_ENV, databricksOptionsSchema, type DatabricksOptions } from './databricks-facts';
import { databricksLayout } from './databricks-urls';

export const databricksProvider: ProviderDefinition<DatabricksOptions> = {
  type: 'databricks',
  displayName: 'Databricks model serving: one workspace, by base_url; an endpoint\'s model is a serving endpoint name',
  label: 'Databricks',
  menuRank: 70,
  fieldLabels: { base_url: 'Workspace URL', api_key: 'Personal access token' },
  modelHint: 'The serving endpoint name in your Databricks workspace.',
  docsUrl: DATABRICKS_DOCS_URL,
  defaultBaseUrl: DATABRICKS_PLACEHOLDER_BASE_URL,
  apiKeyEnv: DATABRICKS_TOKEN_ENV,
  requiresApiKey: true,
  auth: { kind: 'bearer' },
  capabilities: { chat: true, embeddings: true, streaming: true, tools: true, vision: true, jsonSchema: true, passthrough: ['openai'] },
  optionsSchema: databricksOptionsSchema,
  // Databricks serves reasoning models whose answers carry content as text and reasoning chunks, and takes top_k.
  createConnection: (settings) => new OpenAiCompatibleConnection(settings, databricksLayout(settings.baseUrl), { label: 'Databricks', contentChunks: true, topKField: 'top_k' }),
};

const plugin: GatewayPlugin = {
  specVersion: 1,
  name: 'provider-databricks',
  kind: 'provider',
  register: (api) => api.registerProvider(databricksProvider),
};

export default plugin;
