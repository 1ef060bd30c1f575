import { z } from 'zod';

/** What Azure OpenAI's data-plane API looks like, as data. */
export const AZURE_DOCS_URL = 'https://learn.microsoft.com/azure/ai-foundry/openai/reference';
export const AZURE_API_KEY_ENV = 'AZURE_OPENAI_API_KEY';
/** Every resource has its own host; this placeholder is never called, because base_url is required. */
export const AZURE_PLACEHOLDER_BASE_URL = 'https://YOUR-RESOURCE.openai.azure.com';
/** The latest GA date version of the inference API; newer features are on the v1 API instead. */
export const AZURE_DEFAULT_API_VERSION = '2024-10-21';

export const azureOptionsSchema = z.object({
  // Overrides the base_url every type has: an Azure connection has no sensible default resource.
  base_url: z
    .url({ protocol: /^https?$/ })
    .refine((url) => !/\/openai(\/|$)/.test(url), 'give the resource URL without /openai/... (the gateway adds the path)')
    .describe(
      'The Azure OpenAI resource URL, as on the resource\'s "Keys and Endpoint" page, e.g. https://my-resource.openai.azure.com (no /openai path). ' +
        'No default: `provider: azure-openai` without a providers: entry is a config error.',
    ),
  api_version: z
    .string()
    .min(1)
    .default(AZURE_DEFAULT_API_VERSION)
    .describe('The api-version query parameter of api_style "deployments" (a dated GA or preview version). Not sent with api_style "v1".'),
  deployment: z
    .string()
    .min(1)
    .optional()
    .describe(
      'A default deployment, used only for a call that names no model: each endpoint\'s `model` is its deployment name, so one connection serves ' +
        'endpoints on several deployments (chat and embeddings). The v1 API and Responses calls select the deployment by the body\'s model, which is the endpoint\'s `model`.',
    ),
  api_style: z
    .enum(['deployments', 'v1'])
    .default('deployments')
    .describe(
      '"deployments": {base_url}/openai/deployments/{deployment}/{operation}?api-version=... ' +
        '"v1": {base_url}/openai/v1/{operation} with the deployment as the body\'s model and no api-version. ' +
        'Responses calls always use {base_url}/openai/v1/responses, the only GA path Azure serves them on.',
    ),
});

/** The options a connection receives: base_url arrives as `settings.baseUrl`, not among them. */
export type AzureOptions = Omit<z.output<typeof azureOptionsSchema>, 'base_url'>;
