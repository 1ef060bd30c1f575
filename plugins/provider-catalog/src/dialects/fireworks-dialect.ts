import type { OpenAiDialect } from '@model-gateway/provider-openai';

/**
 * Fireworks takes OpenAI's body plus `top_k`, and answers reasoning in
 * `reasoning_content` as the gateway reads it; top-k is its only difference here
 * (https://docs.fireworks.ai/api-reference/post-chatcompletions).
 */
export const FIREWORKS_DIALECT: OpenAiDialect = {
  label: 'Fireworks AI',
  topKField: 'top_k',
};
