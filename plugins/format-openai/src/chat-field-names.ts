import type { FieldNames } from '@model-gateway/core';

/** Chat Completions' names for the canonical request fields a target may drop (x-gateway-dropped-fields). */
export const CHAT_FIELD_NAMES: FieldNames = {
  temperature: 'temperature',
  maxTokens: 'max_tokens',
  topP: 'top_p',
  topK: 'top_k',
  n: 'n',
  stop: 'stop',
  presencePenalty: 'presence_penalty',
  frequencyPenalty: 'frequency_penalty',
  toolChoice: 'tool_choice',
  parallelToolCalls: 'parallel_tool_calls',
  responseFormat: 'response_format',
  seed: 'seed',
  user: 'user',
  reasoning: 'reasoning_effort',
};

const CANONICAL_BY_WIRE: ReadonlyMap<string, string> = new Map(Object.entries(CHAT_FIELD_NAMES).map(([canonical, wire]) => [wire, canonical]));

/** The canonical name of a Chat Completions body field, for code that drops fields by their wire name; a field with none keeps its own. */
export function canonicalChatField(wire: string): string {
  return CANONICAL_BY_WIRE.get(wire) ?? wire;
}
