import type { ModelEntry } from '@model-gateway/model-catalog';
import { legacyModelIds } from './model-legacy';
import { modelKind } from './model-kind';
import { compareListedModels } from './model-order';

/** One catalogue model as GET /api/providers/{type}/models lists it; unknown facts are null, never guessed. */
export function modelListing(entry: ModelEntry, legacy = false) {
  const { prices, capabilities } = entry;
  return {
    id: entry.id,
    object: 'model',
    provider_type: entry.providerType,
    // A name serving another model (a Databricks endpoint) is of that model's kind.
    kind: modelKind(entry.sameAs?.model ?? entry.id, entry.modalities),
    display_name: entry.displayName ?? null,
    context_window: entry.contextWindow ?? null,
    max_output_tokens: entry.maxOutputTokens ?? null,
    release_date: entry.releaseDate ?? null,
    legacy,
    same_as: entry.sameAs ? { provider_type: entry.sameAs.providerType, model: entry.sameAs.model } : null,
    pricing: {
      currency: 'USD',
      unit: 'per_million_tokens',
      input: prices.inputPerMtok ?? null,
      output: prices.outputPerMtok ?? null,
      cache_read: prices.cacheReadPerMtok ?? null,
      cache_write: prices.cacheWritePerMtok ?? null,
    },
    capabilities: {
      tools: capabilities.tools ?? null,
      reasoning: capabilities.reasoning ?? null,
      caching: capabilities.caching ?? null,
      vision: capabilities.vision ?? null,
    },
    deprecated: entry.deprecated ?? false,
    sources: entry.sources,
  };
}

/** A type's catalogue models as the API lists them: legacy flagged against the whole list, in the order the UI shows them. */
export function modelListings(entries: readonly ModelEntry[]) {
  const legacy = legacyModelIds(entries);
  return entries.map((entry) => modelListing(entry, legacy.has(entry.id))).sort(compareListedModels);
}
