import type { FieldNames } from '@model-gateway/core';

/** The Responses API's names for the canonical request fields a target may drop (x-gateway-dropped-fields). */
export const RESPONSES_FIELD_NAMES: FieldNames = {
  temperature: 'temperature',
  maxTokens: 'max_output_tokens',
  topP: 'top_p',
  toolChoice: 'tool_choice',
  parallelToolCalls: 'parallel_tool_calls',
  responseFormat: 'text.format',
  user: 'user',
  reasoning: 'reasoning.effort',
};
