import type { GenaiFacts } from './genai-prices-source';
import type { ModelEntry, ModelOverride, ModelPrices, ModelSource } from './model-entry';
import type { ModelsDevFacts } from './models-dev-source';

export interface EntryLayers {
  /** The entry of the catalogue model this name serves (another type's): its facts, never its prices, are the lowest layer. */
  served?: ModelEntry;
  genai?: GenaiFacts;
  modelsDev?: ModelsDevFacts;
  overlay?: ModelOverride;
  config?: ModelOverride;
}

const PRICE_FIELDS: ReadonlyArray<[keyof ModelOverride, keyof ModelPrices]> = [
  ['inputPricePerMtok', 'inputPerMtok'],
  ['outputPricePerMtok', 'outputPerMtok'],
  ['cacheReadPricePerMtok', 'cacheReadPerMtok'],
  ['cacheWritePricePerMtok', 'cacheWritePerMtok'],
];

/**
 * One model's entry from its layers, lowest precedence first: genai-prices, models.dev,
 * the project overlay, the operator's `models:` section. A layer sets only the fields it
 * has, so an override of one price keeps the others. Undefined when no layer knows the model.
 */
export function mergeModelEntry(providerType: string, id: string, layers: EntryLayers): ModelEntry | undefined {
  const { served, genai, modelsDev, overlay, config } = layers;
  if (!served && !genai && !modelsDev && !overlay && !config) return undefined;
  const entry: ModelEntry = { providerType, id, prices: {}, capabilities: {}, sources: [] };
  if (served) applyServed(entry, served);
  if (genai) {
    entry.sources.push('genai-prices');
    entry.genaiProviderId = genai.providerId;
    assign(entry, { displayName: genai.displayName, contextWindow: genai.contextWindow, deprecated: genai.deprecated });
    Object.assign(entry.prices, genai.prices);
    Object.assign(entry.capabilities, genai.capabilities);
    if (Object.keys(genai.prices).length > 0) entry.pricesFrom = 'genai-prices';
  }
  if (modelsDev) applyModelsDev(entry, modelsDev);
  apply(entry, overlay, 'overlay');
  apply(entry, config, 'config');
  return entry;
}

/**
 * models.dev sits above genai-prices for what genai-prices lacks or has only as evidence
 * (capability flags, output limits, display names, which it writes as the vendors do) but
 * fills only gaps in what the issue assigns to genai-prices: the context window, and prices,
 * taken whole and only for a model genai-prices does not price, so one model's prices never
 * mix two sources.
 */
function applyModelsDev(entry: ModelEntry, facts: ModelsDevFacts): void {
  const { contextWindow, inputPricePerMtok, outputPricePerMtok, cacheReadPricePerMtok, cacheWritePricePerMtok, releaseDate, modalities, ...rest } = facts;
  assign(entry, { releaseDate, modalities });
  const gap = entry.contextWindow === undefined ? { contextWindow } : {};
  const prices = entry.pricesFrom === undefined ? { inputPricePerMtok, outputPricePerMtok, cacheReadPricePerMtok, cacheWritePricePerMtok } : {};
  apply(entry, { ...rest, ...gap, ...prices }, 'models.dev');
}

/**
 * A name that serves another type's model (a Databricks endpoint) takes that model's facts but
 * not its prices: the serving provider bills its own way, so the name stays unpriced until the
 * operator's `models:` section prices it.
 */
function applyServed(entry: ModelEntry, served: ModelEntry): void {
  entry.sameAs = { providerType: served.providerType, model: served.id };
  entry.sources.push(...served.sources.filter((source) => !entry.sources.includes(source)));
  assign(entry, {
    displayName: served.displayName,
    contextWindow: served.contextWindow,
    maxOutputTokens: served.maxOutputTokens,
    deprecated: served.deprecated,
    releaseDate: served.releaseDate,
    modalities: served.modalities,
  });
  Object.assign(entry.capabilities, served.capabilities);
}

function apply(entry: ModelEntry, override: ModelOverride | undefined, source: ModelSource): void {
  if (!override) return;
  if (!entry.sources.includes(source)) entry.sources.push(source);
  assign(entry, { displayName: override.displayName, contextWindow: override.contextWindow, maxOutputTokens: override.maxOutputTokens });
  assign(entry.capabilities, { tools: override.tools, reasoning: override.reasoning, caching: override.caching, vision: override.vision });
  let setsPrice = false;
  for (const [from, to] of PRICE_FIELDS) {
    const value = override[from] as number | undefined;
    if (value === undefined) continue;
    entry.prices[to] = value;
    setsPrice = true;
  }
  if (setsPrice) entry.pricesFrom = source;
}

/** Object.assign that skips undefined values, so a layer never clears what a lower one set. */
function assign<T extends object>(target: T, values: Partial<T>): void {
  for (const [key, value] of Object.entries(values)) if (value !== undefined) (target as Record<string, unknown>)[key] = value;
}
