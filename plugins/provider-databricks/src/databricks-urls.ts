import type { OpenAiUrlLayout } from '@model-gateway/provider-openai';

/**
 * The OpenAI operations a workspace serves under `/serving-endpoints`: the paths an OpenAI
 * client reaches with base URL `{workspace}/serving-endpoints`, the serving endpoint named
 * by the body's model. Responses works only for OpenAI models; Databricks answers the rest.
 */
const OPERATIONS = new Set(['chat/completions', 'embeddings', 'responses']);

/** Where an OpenAI operation goes in a workspace (`base` without a trailing slash), or undefined. */
export function databricksUrl(base: string, operation: string): string | undefined {
  return OPERATIONS.has(operation) ? `${base}/serving-endpoints/${operation}` : undefined;
}

export function databricksLayout(base: string): OpenAiUrlLayout {
  return {
    url: (operation) => databricksUrl(base, operation),
    // The token goes in Authorization: Bearer, which credential injection sets from the provider's auth scheme.
    headers: {},
  };
}
