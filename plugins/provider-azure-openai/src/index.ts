import type { GatewayPlugin, ProviderDefinition } from '@model-gateway/core';
import { OpenAiCompatibleConnection } from '@model-gateway/provider-openai';
import { AZURE_API_KEY_ENV, AZURE_DOCS_URL, AZURE_PLACEHOLDER_BASE_URL, azureOptionsSchema, type AzureOptions } from './azure-facts';
import { azureLayout } from './azure-urls';

export const azureOpenAiProvider: ProviderDefinition<AzureOptions> = {
  type: 'azure-openai',
  displayName: 'Azure OpenAI: one resource, by base_url; an endpoint\'s model is its deployment',
  label: 'Azure OpenAI',
  menuRank: 40,
  fieldLabels: { base_url: 'Azure endpoint URL' },
  modelHint: 'The deployment name in your Azure OpenAI resource.',
  // A deployment's name is the operator's choice; the model it serves is given as catalog_model.
  modelIsDeployment: true,
  docsUrl: AZURE_DOCS_URL,
  defaultBaseUrl: AZURE_PLACEHOLDER_BASE_URL,
  apiKeyEnv: AZURE_API_KEY_ENV,
  requiresApiKey: true,
  auth: { kind: 'header', header: 'api-key' },
  capabilities: { chat: true, embeddings: true, streaming: true, tools: true, vision: true, jsonSchema: true, passthrough: ['openai'] },
  optionsSchema: azureOptionsSchema,
  // A dialect with no top_k field: a request that sets one gets a 400 instead of a silent drop.
  createConnection: (settings) => new OpenAiCompatibleConnection(settings, azureLayout(settings.baseUrl, settings.options), { label: 'Azure OpenAI' }),
};

const plugin: GatewayPlugin = {
  specVersion: 1,
  name: 'provider-azure-openai',
  kind: 'provider',
  register: (api) => api.registerProvider(azureOpenAiProvider),
};

export default plugin;
