import type { FinishReason } from '@model-gateway/core';
import { z } from 'zod';

/** Cohere's v2 API, as data (https://docs.cohere.com/reference/chat, https://docs.cohere.com/reference/embed). */
export const COHERE_DEFAULT_BASE_URL = 'https://api.cohere.com';
export const COHERE_API_KEY_ENV = 'COHERE_API_KEY';
export const COHERE_DOCS_URL = 'https://docs.cohere.com/reference/chat';
export const COHERE_CHAT_PATH = '/v2/chat';
export const COHERE_EMBED_PATH = '/v2/embed';

/** What each v2 `finish_reason` means canonically. TIMEOUT and ERROR both ended the answer abnormally. */
export const COHERE_FINISH_REASONS: Readonly<Record<string, FinishReason>> = {
  COMPLETE: 'stop',
  STOP_SEQUENCE: 'stop',
  MAX_TOKENS: 'length',
  TOOL_CALL: 'tool_calls',
  ERROR: 'error',
  TIMEOUT: 'error',
};

/** The `input_type` values v2 embed takes; embed v3 and newer models require one. */
export const COHERE_INPUT_TYPES = ['search_document', 'search_query', 'classification', 'clustering'] as const;
export type CohereInputType = (typeof COHERE_INPUT_TYPES)[number];
/** The `truncate` values v2 embed takes (https://docs.cohere.com/reference/embed). */
export const COHERE_TRUNCATE = ['NONE', 'START', 'END'] as const;

export const cohereOptionsSchema = z.object({
  embed_input_type: z
    .enum(COHERE_INPUT_TYPES)
    .default('search_document')
    .describe(
      'The input_type sent with embeddings: search_document for texts stored in an index, search_query for the queries searched with, ' +
        'classification or clustering. A request may override it with its own `input_type` field.',
    ),
});

export type CohereOptions = z.output<typeof cohereOptionsSchema>;
