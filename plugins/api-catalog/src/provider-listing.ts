import type { ProviderDefinition } from '@model-gateway/core';
import { credentialFields, type ToJsonSchema } from './credential-fields';

/** One provider type as GET /api/providers lists it. */
export function providerListing(definition: ProviderDefinition, toJsonSchema: ToJsonSchema) {
  const { capabilities } = definition;
  return {
    type: definition.type,
    object: 'provider',
    display_name: definition.displayName,
    /** The short name menus show; null when the definition has none (clients show the type). */
    label: definition.label ?? null,
    /** Where menus place the type among the commonly used ones, lower first; null: after those, by name. */
    menu_rank: definition.menuRank ?? null,
    /** What an endpoint's `model` names for this type when it is not a model name; null: a model name. */
    model_hint: definition.modelHint ?? null,
    /** An endpoint's `model` is an operator-made deployment: forms also ask which catalogue model it serves (`catalog_model`). */
    model_is_deployment: definition.modelIsDeployment === true,
    docs_url: definition.docsUrl ?? null,
    default_base_url: definition.defaultBaseUrl,
    api_key_env: definition.apiKeyEnv ?? null,
    auth: authListing(definition.auth),
    capabilities: {
      chat: capabilities.chat,
      embeddings: capabilities.embeddings,
      streaming: capabilities.streaming,
      tools: capabilities.tools,
      vision: capabilities.vision,
      json_schema: capabilities.jsonSchema,
      passthrough: capabilities.passthrough,
    },
    credential_fields: credentialFields(definition, toJsonSchema),
    models_url: `/api/providers/${encodeURIComponent(definition.type)}/models`,
  };
}

/** How the key travels, without anything secret: the scheme and the header or parameter name. */
function authListing(auth: ProviderDefinition['auth']): Record<string, string> {
  switch (auth.kind) {
    case 'header':
      return { kind: 'header', header: auth.header };
    case 'query':
      return { kind: 'query', param: auth.param };
    default:
      return { kind: auth.kind };
  }
}
