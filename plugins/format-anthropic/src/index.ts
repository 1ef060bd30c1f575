/**
 * Anthropic's Messages wire format as pure functions to and from the canonical model,
 * in both directions: the anthropic provider encodes requests and decodes answers; the
 * Anthropic API style decodes requests and encodes answers for other providers.
 */
export { decodeAnthropicRequest, type DecodedAnthropicRequest } from './decode-request';
export { encodeAnthropicRequest, JSON_OBJECT_INSTRUCTION, thinkingDropped, type EncodeAnthropicOptions } from './encode-request';
export { ANTHROPIC_REASONING_FAMILY, finalToolTurnLacksThinking, sealThinking, thinkingBlocksOf } from './thinking-envelope';
export { encodeAnthropicMessages } from './encode-messages';
export { closeJsonSchema } from './closed-json-schema';
export { decodeAnthropicResponse, encodeAnthropicResponse, decodeStopReason, encodeStopReason } from './response';
export { AnthropicStreamDecoder, type StreamDecoderOptions } from './stream-decoder';
export { AnthropicStreamEncoder, anthropicEvent } from './stream-encoder';
export { decodeAnthropicUsage, encodeAnthropicUsage } from './usage';
export { decodeAnthropicError, errorInfo as anthropicErrorInfo, statusForErrorType } from './anthropic-error';
export {
  DEFAULT_ANTHROPIC_VERSION, DEFAULT_MAX_TOKENS, EFFORT_BUDGETS, ERROR_TYPE_STATUS, FINISH_REASONS, MIN_THINKING_BUDGET, STOP_REASONS, effortForBudget,
} from './anthropic-facts';
export { ANTHROPIC_FIELD_NAMES } from './anthropic-field-names';
export { fitSamplingPair, refusesSamplingPair } from './sampling-pair';
export { fitClaudeSampling, fitClaudeSamplingBody, refusesSampling } from './claude-sampling';
