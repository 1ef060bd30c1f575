import type { ChatRequest, DroppableField } from '@model-gateway/core';
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
