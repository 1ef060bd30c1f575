import type { OpenAiDialect } from '@model-gateway/provider-openai';

/**
 * Where Groq departs from OpenAI's Chat Completions, per its compatibility page: it
 * answers 400 to `logprobs`, `logit_bias`, `top_logprobs`, `messages[].name` and any
 * `n` but 1, so the gateway refuses them first, by name. It has no top-k. Reasoning
 * models put their parsed reasoning in `reasoning`. A tool message's `name` (which a
 * Gemini client's functionResponse brings) is the refused `messages[].name` too, but
 * redundant with `tool_call_id`, so it is left out rather than refused
 * (https://console.groq.com/docs/openai, "Currently Unsupported OpenAI Features").
 */
export const GROQ_DIALECT: OpenAiDialect = {
  label: 'Groq',
  unsupported: [
    { field: 'n', accepts: (value) => value === 1, hint: 'Groq only generates one choice' },
    { field: 'logprobs', accepts: (value) => value === false },
    { field: 'top_logprobs' },
    { field: 'logit_bias' },
  ],
  unsupportedMessageFields: ['name'],
  toolMessageName: false,
  reasoningFields: ['reasoning'],
};
