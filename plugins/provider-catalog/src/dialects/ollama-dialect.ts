import type { OpenAiDialect } from '@model-gateway/provider-openai';

/**
 * Ollama's compatibility layer lists the OpenAI fields it reads; of the sampling and
 * output fields, `n` and `logit_bias` are not among them (and it has no top-k there),
 * so they are refused rather than silently ignored; `user`, which does not change the
 * answer, is dropped. Thinking models answer their reasoning in `reasoning`
 * (https://docs.ollama.com/api/openai-compatibility).
 */
export const OLLAMA_DIALECT: OpenAiDialect = {
  label: 'Ollama',
  unsupported: [
    { field: 'n', accepts: (value) => value === 1, hint: 'Ollama generates one choice' },
    { field: 'logit_bias' },
  ],
  dropFields: ['user'],
  reasoningFields: ['reasoning'],
};
