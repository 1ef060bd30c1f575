import { isWireObject } from '@model-gateway/core';

/**
 * The prompt fields Vertex AI's countTokens takes at the top level
 * (https://cloud.google.com/vertex-ai/generative-ai/docs/model-reference/count-tokens).
 */
const PROMPT_FIELDS = ['contents', 'systemInstruction', 'system_instruction', 'tools', 'generationConfig', 'generation_config'] as const;

/**
 * A Gemini API countTokens body as Vertex AI takes it. The Gemini API also accepts the
 * prompt wrapped in `generateContentRequest` (https://ai.google.dev/api/tokens#method:-models.counttokens),
 * which google-genai sends when a system instruction or tools are counted; Vertex has no such
 * field, so the wrapped prompt is lifted to the top level and the wrapper's `model` (named in
 * the URL already) left out. Any other body is sent as the client wrote it. Returns a new object.
 */
export function vertexGeminiCountTokensBody(body: Record<string, unknown>): Record<string, unknown> {
  const wrapped = body.generateContentRequest ?? body.generate_content_request;
  if (!isWireObject(wrapped)) return body;
  const out: Record<string, unknown> = {};
  for (const field of PROMPT_FIELDS) if (wrapped[field] !== undefined) out[field] = wrapped[field];
  return out;
}
