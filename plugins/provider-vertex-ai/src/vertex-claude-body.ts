import { extensibleCopy } from '@model-gateway/core';
import { VERTEX_ANTHROPIC_VERSION } from './vertex-facts';

/**
 * A Messages body as Claude on Vertex AI takes it (rawPredict, streamRawPredict): the
 * model is named in the URL, so the body names none, and the API version travels in the
 * body as `anthropic_version` (https://cloud.google.com/vertex-ai/generative-ai/docs/partner-models/claude/use-claude).
 * Everything else (cache_control, thinking, stop_sequences) is Anthropic's own and unchanged.
 * Returns a new object: the client's body may be relayed to another target afterwards.
 */
export function vertexClaudeBody(body: Record<string, unknown>): Record<string, unknown> {
  const { model: _model, ...rest } = body;
  return extensibleCopy(rest, { anthropic_version: VERTEX_ANTHROPIC_VERSION });
}

/**
 * Where Vertex AI counts tokens for Claude: a rawPredict on the `count-tokens` model of the
 * anthropic publisher, whose body is Anthropic's count_tokens body naming the Claude model
 * (its Vertex id, as in rawPredict's URL), and whose answer is Anthropic's `{input_tokens}`
 * (https://cloud.google.com/vertex-ai/generative-ai/docs/partner-models/claude/count-tokens).
 */
export const COUNT_TOKENS_MODEL = { publisher: 'anthropic', name: 'count-tokens' } as const;

/** A count_tokens body as Vertex AI takes it: the client's, with the Claude model's Vertex id. Returns a new object. */
export function vertexCountTokensBody(body: Record<string, unknown>, model: string): Record<string, unknown> {
  return extensibleCopy(body, { model });
}
