import { z } from 'zod';

/** What Databricks model serving's OpenAI-compatible API looks like, as data. */
export const DATABRICKS_DOCS_URL = 'https://docs.databricks.com/aws/en/machine-learning/model-serving/score-foundation-models';
export const DATABRICKS_TOKEN_ENV = 'DATABRICKS_TOKEN';
/** Every workspace has its own host; this placeholder is never called, because base_url is required. */
export const DATABRICKS_PLACEHOLDER_BASE_URL = 'https://YOUR-WORKSPACE.cloud.databricks.com';

export const databricksOptionsSchema = z.object({
  // Overrides the base_url every type has: a Databricks connection has no sensible default workspace.
  base_url: z
    .url({ protocol: /^https?$/ })
    .refine((url) => !/\/serving-endpoints(\/|$)/.test(url), 'give the workspace URL without /serving-endpoints (the gateway adds the path)')
    .describe(
      'The workspace URL, e.g. https://my-workspace.cloud.databricks.com or https://adb-123.4.azuredatabricks.net ' +
        '(DATABRICKS_HOST; no /serving-endpoints path). Each endpoint\'s `model` is a serving endpoint name. ' +
        'No default: `provider: databricks` without a providers: entry is a config error.',
    ),
});

/** The options a connection receives: base_url arrives as `settings.baseUrl`, not among them. */
export type DatabricksOptions = Omit<z.output<typeof databricksOptionsSchema>, 'base_url'>;
