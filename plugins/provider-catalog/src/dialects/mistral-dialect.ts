import type { OpenAiDialect } from '@model-gateway/provider-openai';

/**
 * Where Mistral's chat and embeddings bodies differ from OpenAI's:
 * - the seed is `random_seed`, and the output limit is only ever `max_tokens`;
 * - "must call a tool" is `tool_choice: "any"` (a named function keeps OpenAI's object form);
 * - tool call ids must be exactly nine letters or digits, so ids minted by other
 *   providers (`call_...`, `toolu_...`) are mapped to ones that fit;
 * - there is no `stream_options`: the last chunk of every stream carries the usage;
 * - its request schema has no `logit_bias`, `logprobs` or `top_logprobs`, and no top-k (refused);
 *   nor `user`, which does not change the answer (dropped);
 * - reasoning models answer `content` as text and thinking chunks;
 * - an embeddings size is `output_dimension`;
 * - messages are system, user, assistant or tool only, so a `developer` message is sent
 *   as `system`, and an assistant turn takes content, tool_calls and prefix only, so the
 *   `refusal`, `annotations` and `audio` an OpenAI client echoes back from an earlier
 *   answer are left out (Mistral answers any other field with a 422 `extra_forbidden`):
 *   https://docs.mistral.ai/api/#tag/chat/operation/chat_completion_v1_chat_completions_post
 * These apply on every route: the OpenAI passthrough relays a client's body through them too.
 * Its 422 `detail` errors need nothing here: format-openai reads that FastAPI shape for every provider.
 */
export const MISTRAL_DIALECT: OpenAiDialect = {
  label: 'Mistral',
  unsupported: [
    { field: 'logit_bias' },
    { field: 'logprobs' },
    { field: 'top_logprobs' },
  ],
  dropFields: ['user'],
  renameFields: { seed: 'random_seed', max_completion_tokens: 'max_tokens' },
  toolChoiceValues: { required: 'any' },
  streamOptions: false,
  toolCallIds: { pattern: /^[a-zA-Z0-9]{9}$/, length: 9 },
  contentChunks: true,
  renameEmbeddingsFields: { dimensions: 'output_dimension' },
  messageRoles: { developer: 'system' },
  dropMessageFields: ['refusal', 'annotations', 'audio'],
};
