/**
 * countTokens, as the Gemini API and Vertex AI's Gemini models serve it.
 *
 * - Gemini API, `POST /{version}/models/{model}:countTokens`
 *   (https://ai.google.dev/api/tokens#method:-models.counttokens): the body holds `contents` or
 *   `generateContentRequest`, "mutually exclusive. You can either send Model + Contents or a
 *   generateContentRequest, but never both"; a generateContentRequest needs its `model`
 *   (GenerateContentRequest.model is Required). Unknown names are refused as everywhere
 *   (gemini-known-fields.ts). Answer: CountTokensResponse, `{totalTokens, promptTokensDetails}`.
 * - Vertex AI, `...:countTokens` on a publisher model
 *   (https://cloud.google.com/vertex-ai/generative-ai/docs/model-reference/count-tokens): `contents`
 *   (required), with `systemInstruction`, `tools` and `generationConfig` beside it at the top
 *   level. Answer: `{totalTokens, totalBillableCharacters}`.
 *
 * The fake's count is the number of words in the body's texts, so a test can tell the
 * provider's count from the gateway's estimate.
 */

/** The words of every `text` in `value`, at any depth. */
export function fakeTokenCount(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + fakeTokenCount(item), 0);
  if (typeof value !== 'object' || value === null) return 0;
  return Object.entries(value).reduce((sum, [key, field]) => {
    if (key === 'text' && typeof field === 'string') return sum + field.split(/\s+/).filter(Boolean).length;
    return sum + fakeTokenCount(field);
  }, 0);
}

const has = (body: any, ...names: string[]) => names.some((name) => body?.[name] != null);

/** The Gemini API's 400 message for a countTokens body, beyond unknown names; undefined when it takes it. */
export function geminiCountTokensProblem(body: any): string | undefined {
  const contents = has(body, 'contents');
  const request = body?.generateContentRequest ?? body?.generate_content_request;
  if (contents && request != null) return 'contents and generate_content_request are mutually exclusive.';
  if (!contents && request == null) return 'contents must not be empty.';
  if (request != null && !has(request, 'model')) return 'generate_content_request.model is required.';
  return undefined;
}

export function geminiCountTokensAnswer(body: unknown) {
  const totalTokens = fakeTokenCount(body);
  return { totalTokens, promptTokensDetails: [{ modality: 'TEXT', tokenCount: totalTokens }] };
}

/** Vertex AI's top-level countTokens fields, in either spelling. */
const VERTEX_FIELDS = new Set(['contents', 'systemInstruction', 'system_instruction', 'tools', 'generationConfig', 'generation_config', 'model', 'instances']);

export function vertexCountTokensProblem(body: any): string | undefined {
  const unknown = Object.keys(body ?? {}).find((key) => !VERTEX_FIELDS.has(key));
  if (unknown) return `Invalid JSON payload received. Unknown name "${unknown}": Cannot find field.`;
  return has(body, 'contents') ? undefined : 'contents is required.';
}

export function vertexCountTokensAnswer(body: unknown) {
  const totalTokens = fakeTokenCount(body);
  return { totalTokens, totalBillableCharacters: totalTokens * 5 };
}
