import type { OpenAiDialect } from '@model-gateway/provider-openai';

/** Groq's OpenAI-compatible API, as data (https://console.groq.com/docs/openai). */
export const GROQ_DEFAULT_BASE_URL = 'https://api.groq.com/openai/v1';
export const GROQ_API_KEY_ENV = 'GROQ_API_KEY';
export const GROQ_DOCS_URL = 'https://console.groq.com/docs/openai';
/** Groq serves chat and the Responses API; it has no embeddings. */
export const GROQ_OPERATIONS = ['chat/completions', 'responses'] as const;

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
