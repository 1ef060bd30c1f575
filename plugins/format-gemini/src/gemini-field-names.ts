import type { FieldNames } from '@model-gateway/core';

/** Gemini generateContent's names for the canonical request fields a target may drop (x-gateway-dropped-fields). */
export const GEMINI_FIELD_NAMES: FieldNames = {
  temperature: 'generationConfig.temperature',
  maxTokens: 'generationConfig.maxOutputTokens',
  topP: 'generationConfig.topP',
  topK: 'generationConfig.topK',
  n: 'generationConfig.candidateCount',
  stop: 'generationConfig.stopSequences',
  presencePenalty: 'generationConfig.presencePenalty',
  frequencyPenalty: 'generationConfig.frequencyPenalty',
  toolChoice: 'toolConfig.functionCallingConfig',
  responseFormat: 'generationConfig.responseJsonSchema',
  seed: 'generationConfig.seed',
  reasoning: 'generationConfig.thinkingConfig',
};
