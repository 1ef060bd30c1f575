import type { MatchLogic, ModelInfo } from '@pydantic/genai-prices';
import { matchGenaiModel } from './genai-prices-source';

/**
 * The provider types whose API takes a `:variant` suffix as part of a model's name (OpenRouter's
 * `:free`, `:extended`, `:thinking`); elsewhere such an id is a price tier genai-prices copied in.
 */
const VARIANT_SUFFIX_TYPES: ReadonlySet<string> = new Set(['openrouter']);

/**
 * Whether a genai-prices id is written as a pattern rather than a name: a prefix left open
 * (`ft:gpt-3.5-turbo-`, `gpt-4o-mini-2024-07-18.ft-`), a fine-tune (`ft:...`: those names are
 * the operator's own, one per job), Bedrock's `regional.` stand-in for the us./eu./apac.
 * inference profiles it prices alike, or, outside OpenRouter, a price tier (`gpt-4o:extended`).
 */
export function isPatternId(providerType: string, id: string): boolean {
  if (id.endsWith('-') || id.startsWith('ft:') || id.includes('.ft-') || id.startsWith('regional.')) return true;
  return !VARIANT_SUFFIX_TYPES.has(providerType) && /:[a-z][a-z-]*$/i.test(id);
}

/**
 * The name to list a genai-prices model under: one a client can send and that genai-prices
 * prices as this very model. That is its id when its match clause takes the id (most do), else
 * the first exact name its clause lists (Fireworks' `deepseek-v3p2` is sent as
 * `accounts/fireworks/models/deepseek-v3p2`, Mistral's `codestral` as `codestral-latest`).
 * An entry with neither (`ft:gpt-4o`, matched only by `starts_with: ft:gpt-4o-2024-`; Bedrock's
 * `regional.*` stand-ins for us./eu./jp. names) prices calls but is never listed as a model.
 */
export function listedModelName(providerType: string, priceId: string, info: ModelInfo, now: Date): string | undefined {
  for (const candidate of [info.id, ...exactNames(info.match)]) {
    if (isPatternId(providerType, candidate)) continue;
    const matched = matchGenaiModel(priceId, candidate, now);
    if (matched && matched.providerId === priceId && matched.modelId === info.id) return candidate;
  }
  return undefined;
}

/** The `equals` names of a match clause, in the order it lists them. */
function exactNames(match: MatchLogic): string[] {
  if ('equals' in match) return [match.equals];
  if ('or' in match) return match.or.flatMap(exactNames);
  return [];
}
