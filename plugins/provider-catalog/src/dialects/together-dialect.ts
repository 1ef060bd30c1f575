import type { OpenAiDialect } from '@model-gateway/provider-openai';

/**
 * Together takes OpenAI's body and adds sampling knobs of its own: `top_k` is one, so
 * the canonical top-k goes there (its other extras, such as `repetition_penalty`, pass
 * through as unknown fields). Reasoning models put their reasoning in `reasoning`
 * (https://docs.together.ai/reference/chat-completions-1).
 */
export const TOGETHER_DIALECT: OpenAiDialect = {
  label: 'Together AI',
  topKField: 'top_k',
  reasoningFields: ['reasoning'],
};
