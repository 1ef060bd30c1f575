import { withoutFields, type ChatRequest, type DroppableField, type ProviderAttempt } from '@model-gateway/core';
import { fitClaudeSampling } from '@model-gateway/format-anthropic';
import { chatFamily } from './model-family';

/**
 * The hints a Converse target cannot honour: sampling knobs (penalties, seed, a top-k the
 * model's vendor has no field for) and `parallel_tool_calls: false`. Dropping them changes
 * how the answer is sampled, not what it means, so they are left out and named in
 * x-gateway-dropped-fields rather than refused (the encoder still refuses them if asked).
 */
export function unhonouredHints(request: ChatRequest, modelId: string): DroppableField[] {
  const hints: DroppableField[] = [];
  if (request.presencePenalty) hints.push('presencePenalty');
  if (request.frequencyPenalty) hints.push('frequencyPenalty');
  if (request.seed !== undefined) hints.push('seed');
  if (request.parallelToolCalls === false) hints.push('parallelToolCalls');
  if (request.topK !== undefined) {
    const family = chatFamily(modelId);
    if (family !== 'anthropic' && family !== 'nova') hints.push('topK');
  }
  return hints;
}

/**
 * The request as the Converse target takes it: hints it has no field for dropped and named,
 * and for Claude the same sampling rules as on Anthropic's API (format-anthropic's
 * claude-sampling.ts: Opus 4.7 and later refuse temperature, top_p and top_k; newer models
 * refuse temperature with top_p), which Converse's `inferenceConfig.temperature` / `topP` and
 * `additionalModelRequestFields.top_k` reach as they are.
 */
export function fitConverseHints(request: ChatRequest, attempt: Pick<ProviderAttempt, 'model' | 'dropField'>): ChatRequest {
  const fitted = withoutFields(request, unhonouredHints(request, attempt.model), attempt);
  return chatFamily(attempt.model) === 'anthropic' ? fitClaudeSampling(fitted, attempt) : fitted;
}
