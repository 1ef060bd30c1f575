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
