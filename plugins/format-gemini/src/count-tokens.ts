/**
 * Gemini's countTokens body (https://ai.google.dev/api/tokens#method:-models.counttokens) as
 * the canonical request it counts, for an endpoint whose provider is not Gemini. The body holds
 * the prompt as `contents`, or as `generateContentRequest` (with system instruction and tools),
 * never both; either field in either spelling. The answer is Gemini's CountTokensResponse,
 * `{totalTokens}`.
 */
import { GatewayError, invalidParameterAt, isWireObject, type ChatRequest, type WireObject } from '@model-gateway/core';
import { decodeGenerateContentCall } from './decode-request';
import { CountTokensRequest } from './gemini-proto-fields';
import { normalizeFieldNames } from './normalize-field-names';
import { unknownNameError } from './top-level-fields';

export function decodeCountTokensRequest(body: unknown): ChatRequest {
  const normalized = normalizeFieldNames(body, CountTokensRequest);
  if (!isWireObject(normalized)) throw invalidParameterAt('body', 'the request body must be a JSON object');
  const unknown = Object.keys(normalized).filter((key) => !Object.prototype.hasOwnProperty.call(CountTokensRequest.fields, key));
  if (unknown.length > 0) throw unknownNameError(unknown);
  const { contents, generateContentRequest } = normalized;
  if (contents != null && generateContentRequest != null) {
    // Gemini's words: "You can either send Model + Contents or a generateContentRequest, but never both."
    throw invalidParameterAt('generateContentRequest', 'contents and generateContentRequest are mutually exclusive: send one');
  }
  // The inner request was renamed with the rest; its own model names a Gemini model, which the endpoint replaces.
  const inner: WireObject = isWireObject(generateContentRequest) ? generateContentRequest : { contents };
  const { model: _model, ...request } = inner;
  return decodeGenerateContentCall(request, { stream: false }).request;
}

/** Gemini's CountTokensResponse for a count made elsewhere. */
export function encodeCountTokensResponse(totalTokens: number): { totalTokens: number } {
  if (!Number.isInteger(totalTokens) || totalTokens < 0) throw new GatewayError('upstream_invalid_response', `The provider's token count is not usable: ${String(totalTokens)}.`);
  return { totalTokens };
}
