/**
 * The OpenAI Responses API (its stateless subset) as pure functions between wire JSON
 * and the canonical model: requests decoded, answers and streams encoded. Used by the
 * API styles that answer in the Responses format (the unified /gateway/native/v1/responses
 * and the translated /gateway/openai/v1/responses).
 */
export { decodeResponsesRequest, type DecodeResponsesOptions, type DecodedResponsesRequest } from './decode-responses-request';
export { DROPPED_TOOLS_HEADER, decodeResponsesTools, flatName, type DecodedTools, type NamespacedName, type ToolNames } from './responses-tools';
export { encodeResponsesResponse } from './encode-responses-response';
export { ResponsesStreamEncoder, type ResponsesEvent } from './responses-stream-encoder';
export { encodeResponsesUsage, decodeResponsesUsage } from './responses-usage';
export { responsesChatOutput, sseEvents } from './responses-outputs';
export type { ResponsesEcho } from './responses-echo';
export { RESPONSES_FIELD_NAMES } from './responses-field-names';
