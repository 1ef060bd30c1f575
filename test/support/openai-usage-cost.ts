import { findProvider } from '@pydantic/genai-prices';
import { OPENAI_USAGE } from '../fakes/openai-fake';

/** What one fake OpenAI answer (OPENAI_USAGE) costs at the catalogue's price for `model`: cached input at the cache-read rate. */
export function openAiAnswerCost(model: string): number {
  const prices = findProvider({ providerId: 'openai' })!.models.find((m) => m.id === model)!.prices as Record<string, number>;
  const cached = OPENAI_USAGE.prompt_tokens_details.cached_tokens;
  return ((OPENAI_USAGE.prompt_tokens - cached) * prices.input_mtok + cached * prices.cache_read_mtok + OPENAI_USAGE.completion_tokens * prices.output_mtok) / 1_000_000;
}
