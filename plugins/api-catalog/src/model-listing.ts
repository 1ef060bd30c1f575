import type { ModelEntry } from '@model-gateway/model-catalog';
import { modelKind } from './model-kind';

/** One catalogue model as GET /api/providers/{type}/models lists it; unknown facts are null, never guessed. */
export function modelListing(entry: ModelEntry) {
  const { prices, capabilities } = entry;
  return {
    id: entry.id,
    object: 'model',
    provider_type: entry.providerType,
    kind: modelKind(entry.id),
    display_name: entry.displayName ?? null,
    context_window: entry.contextWindow ?? null,
    max_output_tokens: entry.maxOutputTokens ?? null,
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
