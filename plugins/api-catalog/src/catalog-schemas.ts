import type { PluginApi } from '@model-gateway/core';
import { LEGACY_AFTER_MONTHS } from './model-legacy';
import { MODEL_KINDS } from './model-kind';

type Zod = PluginApi['z'];

/**
 * What GET /api/providers... answer, as zod schemas for the OpenAPI document (the web UI's
 * types are generated from it). Built from core's zod, handed to plugins at registration,
 * so this package needs no zod of its own.
 */
export function catalogSchemas(z: Zod) {
  const credentialField = z
    .object({
      name: z.string().describe('The field as the YAML and the admin API name it.'),
      type: z.string().describe('Its JSON Schema type: string, number, integer, boolean, object or array.'),
      description: z.string().nullable(),
      required: z.boolean(),
      secret: z.boolean().describe('Held as a secret: shown masked, never echoed back, never logged.'),
      default: z.unknown().describe('Its default, or null.'),
      enum: z.array(z.unknown()).optional().describe('The allowed values, when the field is an enumeration.'),
      format: z.string().optional().describe('A string format such as `uri`.'),
      env: z.string().optional().describe('The conventional environment variable (the API key\'s).'),
      label: z.string().optional().describe('What a form calls the field, where the provider names it its own way; absent: a generic name.'),
    })
    .describe('One field of the form that creates a connection of the type.')
    .meta({ title: 'CredentialField' });

  const provider = z
    .object({
      type: z.string().describe('The `type:` of a `providers:` entry.'),
      object: z.literal('provider'),
      display_name: z.string(),
      label: z.string().nullable().describe('A short name for menus ("Azure OpenAI"); null: show the type.'),
      menu_rank: z.number().nullable().describe('Where menus place this type among the commonly used ones, lower first; null: after those, by name.'),
      model_hint: z.string().nullable().describe('What an endpoint\'s `model` names for this type when it is not a model name (an Azure deployment); null: a model name.'),
      model_is_deployment: z
        .boolean()
        .describe('An endpoint\'s `model` names an operator-made deployment, not a catalogue model: give `catalog_model` for the model it serves (its facts and prices).'),
      docs_url: z.string().nullable(),
      default_base_url: z.string(),
      api_key_env: z.string().nullable().describe('The conventional environment variable for the key.'),
      auth: z
        .object({ kind: z.string(), header: z.string().optional(), param: z.string().optional() })
        .describe('How the key travels: `bearer`, a `header` or a `query` parameter (named), `connection` or `none`.'),
      capabilities: z.object({
        chat: z.boolean(),
        embeddings: z.boolean(),
        streaming: z.boolean(),
        tools: z.boolean(),
        vision: z.boolean(),
        json_schema: z.boolean(),
        passthrough: z.array(z.string()).describe('The API formats relayed to it as they are, not translated.'),
      }),
      credential_fields: z.array(credentialField),
      models_url: z.string(),
    })
    .describe('A provider type this gateway can connect to.')
    .meta({ title: 'Provider' });

  const nullableNumber = z.number().nullable();
  const nullableFlag = z.boolean().nullable();
  const model = z
    .object({
      id: z.string().describe('The name a client sends: never one of the price tables\' patterns (`ft:` prefixes, open prefixes, `:extended`-style tiers outside OpenRouter).'),
      object: z.literal('model'),
      provider_type: z.string(),
      kind: z
        .enum(MODEL_KINDS)
        .describe(
          'What the model is for, read from its name where the maker names the kind (tts, whisper, transcribe, realtime, dall-e, image, moderation, embed), else from models.dev\'s modalities, else chat. Audio-output chat models (gpt-audio, gpt-4o-audio-preview) are `speech`. An endpoint of kind chat or embeddings offers only models of its own kind.',
        ),
      display_name: z.string().nullable(),
      context_window: nullableNumber,
      max_output_tokens: nullableNumber,
      release_date: z.string().nullable().describe('The day the model came out ("YYYY-MM-DD", from models.dev); null when no source dates it, as for many of the newest names.'),
      legacy: z
        .boolean()
        .describe(
          `Retired or superseded, shown behind "show older": deprecated by a source, OR of a family its maker has retired or replaced (the catalogue's list, each with the maker's deprecations page), OR released more than ${LEGACY_AFTER_MONTHS} months before the newest dated model of the same provider type. Undated models are never legacy by age.`,
        ),
      same_as: z
        .object({ provider_type: z.string(), model: z.string() })
        .nullable()
        .describe('The catalogue model this name serves (a Databricks foundation-model endpoint), whose facts it shows; its prices are not copied (Databricks bills DBUs), so they stay null unless the `models:` section sets them. null: the model itself.'),
      pricing: z.object({
        currency: z.literal('USD'),
        unit: z.literal('per_million_tokens'),
        input: nullableNumber,
        output: nullableNumber,
        cache_read: nullableNumber,
        cache_write: nullableNumber,
      }),
      capabilities: z.object({ tools: nullableFlag, reasoning: nullableFlag, caching: nullableFlag, vision: nullableFlag }),
      deprecated: z.boolean(),
      sources: z.array(z.enum(['genai-prices', 'models.dev', 'overlay', 'config'])).describe('Where the facts come from.'),
    })
    .describe('A model of the catalogue; unknown facts are null, never guessed. Lists answer them current first, newest release first.')
    .meta({ title: 'CatalogModel' });

  return {
    provider,
    providerList: z.object({ object: z.literal('list'), data: z.array(provider) }).meta({ title: 'ProviderList' }),
    modelList: z.object({ object: z.literal('list'), provider_type: z.string(), data: z.array(model) }).meta({ title: 'CatalogModelList' }),
  };
}
