import type { OpenAiUrlLayout } from '@model-gateway/provider-openai';
import type { AzureOptions } from './azure-facts';

/** Operations Azure serves under a deployment's own path (with a dated api-version). */
const DEPLOYMENT_OPERATIONS = new Set(['chat/completions', 'embeddings']);
/** Operations of the v1 API, where the body's model names the deployment. */
const V1_OPERATIONS = new Set(['chat/completions', 'embeddings', 'responses']);

/**
 * Where an OpenAI operation goes on an Azure resource (`base` is the resource URL,
 * without a trailing slash), or undefined when Azure has no such operation.
 * Responses has no deployment-scoped path, so it always takes the v1 form.
 */
export function azureUrl(base: string, options: AzureOptions, operation: string, model: string): string | undefined {
  if (options.api_style === 'v1' || operation === 'responses') {
    return V1_OPERATIONS.has(operation) ? `${base}/openai/v1/${operation}` : undefined;
  }
  if (!DEPLOYMENT_OPERATIONS.has(operation)) return undefined;
  const deployment = encodeURIComponent(deploymentOf(options, model));
  return `${base}/openai/deployments/${deployment}/${operation}?api-version=${encodeURIComponent(options.api_version)}`;
}

/**
 * The body's model in unified calls. The deployments form ignores it, but sending the
 * deployment keeps logs and the provider's echo meaningful; the v1 form routes by it.
 */
export function azureBodyModel(options: AzureOptions, model: string): string {
  return options.api_style === 'deployments' ? deploymentOf(options, model) : model;
}

/**
 * The endpoint's model names its deployment: one connection serves endpoints on several
 * deployments (a chat model and an embedding model, say). The connection's `deployment`
 * is only a default for a call that names no model.
 */
function deploymentOf(options: AzureOptions, model: string): string {
  return model || options.deployment || '';
}

export function azureLayout(base: string, options: AzureOptions): OpenAiUrlLayout {
  return {
    url: (operation, model) => azureUrl(base, options, operation, model),
    bodyModel: (model) => azureBodyModel(options, model),
    // The key goes in the api-key header, which credential injection sets from the provider's auth scheme.
    headers: {},
  };
}
