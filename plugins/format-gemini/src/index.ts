/**
 * Gemini's REST wire format (generateContent, streamGenerateContent, embedContent,
 * batchEmbedContents) as pure functions to and from the canonical model, in both
 * directions: the gemini and vertex-ai providers encode requests and decode answers;
 * the Gemini API style decodes requests and encodes answers.
 */
export type * from './gemini-wire';
export { decodeGenerateContentCall, decodeGenerateContentRequest, type DecodedGenerateContent } from './decode-request';
export { encodeGenerateContentRequest } from './encode-request';
export { decodeGenerateContentResponse, encodeGenerateContentResponse } from './response';
export { GeminiStreamDecoder } from './stream-decoder';
export { GeminiStreamEncoder } from './stream-encoder';
export { GEMINI_REASONING_FAMILY, SKIP_SIGNATURE_VALIDATOR, requiresThoughtSignatures, sealThoughtSignature, thoughtSignatureOf, withThoughtSignatures } from './thought-envelope';
export {
  decodeBatchEmbedContentsRequest, decodeBatchEmbedContentsResponse, decodeEmbedContentRequest,
  embeddingTexts, encodeBatchEmbedContentsRequest, encodeBatchEmbedContentsResponse, encodeEmbedContentResponse,
} from './embeddings';
export { decodeUsageMetadata, encodeUsageMetadata } from './usage-metadata';
export { decodeFinishReason, encodeFinishReason } from './finish-reason';
export { EFFORT_BUDGETS, decodeThinkingConfig, encodeThinkingConfig } from './thinking-config';
export { openApiToJsonSchema } from './openapi-schema';
export { decodeGeminiError, inBandErrorStatus, type GeminiErrorDetails } from './gemini-error';
export { normalizeFieldNames } from './normalize-field-names';
export { GEMINI_FIELD_NAMES } from './gemini-field-names';
export { decodeCountTokensRequest, encodeCountTokensResponse } from './count-tokens';
