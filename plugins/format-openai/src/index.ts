/**
 * The OpenAI Chat Completions and Embeddings wire format, as pure functions between
 * wire JSON and the canonical model. Shared by the openai provider and the
 * OpenAI-style API plugins, so both sides of the gateway read and write it one way.
 */
export { decodeChatRequest } from './decode-chat-request';
export { encodeChatRequest } from './encode-chat-request';
export { decodeChatResponse, encodeChatResponse } from './chat-response';
export { decodeChatChunk, encodeChatChunk } from './chat-chunk';
export { decodeUsage, encodeUsage } from './usage';
export { decodeEmbeddingsRequest, encodeEmbeddingsRequest } from './embeddings-request';
export { decodeEmbeddingsResponse, encodeEmbeddingsResponse } from './embeddings-response';
export { decodeOpenAiError, type OpenAiErrorDetails } from './openai-error';
export { openAiChatOutput, openAiEmbeddingsOutput } from './openai-outputs';
export { MAX_USER_LENGTH, openAiUser } from './user-field';
export { CHAT_FIELD_NAMES, canonicalChatField } from './chat-field-names';
