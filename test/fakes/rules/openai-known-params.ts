/**
 * OpenAI refuses a Chat Completions body with a top-level field it does not know:
 * 400 `{"error": {"message": "Unrecognized request argument supplied: top_k",
 * "type": "invalid_request_error", "param": null, "code": null}}`
 * (https://platform.openai.com/docs/api-reference/chat/create lists the fields).
 * The list is the official SDK's `ChatCompletionCreateParamsBase`; a test holds it equal to
 * node_modules/openai's type declarations, so it follows the SDK.
 */

/** The top-level fields OpenAI's Chat Completions API takes. */
export const CHAT_COMPLETIONS_FIELDS: ReadonlySet<string> = new Set([
  'model', 'messages', 'audio', 'frequency_penalty', 'function_call', 'functions', 'logit_bias', 'logprobs', 'max_completion_tokens',
  'max_tokens', 'metadata', 'modalities', 'n', 'parallel_tool_calls', 'prediction', 'presence_penalty', 'prompt_cache_key',
  'prompt_cache_retention', 'reasoning_effort', 'response_format', 'safety_identifier', 'seed', 'service_tier', 'stop', 'store',
  'stream', 'stream_options', 'temperature', 'tool_choice', 'tools', 'top_logprobs', 'top_p', 'user', 'verbosity', 'web_search_options',
]);

/**
 * OpenAI's 400 message for the first field of `body` outside the API's own and the server's
 * `extra` ones (a compatible server's `top_k`); `'any'` is a server that ignores unknown fields.
 */
export function unrecognizedArgument(body: Record<string, unknown>, extra: readonly string[] | 'any' | undefined): string | undefined {
  if (extra === 'any') return undefined;
  const unknown = Object.keys(body).find((key) => !CHAT_COMPLETIONS_FIELDS.has(key) && !extra?.includes(key));
  return unknown === undefined ? undefined : `Unrecognized request argument supplied: ${unknown}`;
}
