import type { FieldNames } from '@model-gateway/core';

/**
 * Anthropic Messages' names for the canonical request fields a target may drop
 * (x-gateway-dropped-fields). Reasoning comes from `thinking` or `output_config.effort`,
 * so the route names it per request, by what the client sent.
 */
export const ANTHROPIC_FIELD_NAMES: FieldNames = {
  temperature: 'temperature',
  maxTokens: 'max_tokens',
  topP: 'top_p',
  topK: 'top_k',
  stop: 'stop_sequences',
  toolChoice: 'tool_choice',
  parallelToolCalls: 'tool_choice.disable_parallel_tool_use',
  responseFormat: 'output_config.format',
  user: 'metadata.user_id',
  reasoning: 'thinking',
};
