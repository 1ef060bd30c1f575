/**
 * The parts of Bedrock's Converse / ConverseStream wire format the gateway writes
 * and reads (API reference: API_runtime_Converse, API_runtime_ConverseStream).
 * Each content block is a union with exactly one key set.
 */

export type ConverseImageFormat = 'png' | 'jpeg' | 'gif' | 'webp';

export interface ConverseImageBlock {
  format: ConverseImageFormat;
  /** Base64 in JSON: the REST protocol serialises blobs that way. */
  source: { bytes: string };
}

export interface ConverseToolUseBlock {
  toolUseId: string;
  name: string;
  /** A JSON document (the parsed arguments), not text. */
  input: unknown;
}

export type ConverseToolResultContent = { text: string } | { json: unknown } | { image: ConverseImageBlock };

export interface ConverseToolResultBlock {
  toolUseId: string;
  content: ConverseToolResultContent[];
  status?: 'success' | 'error';
}

export interface ConverseReasoningBlock {
  reasoningText?: { text: string; signature?: string };
  /** Encrypted thinking (base64), returned as it came. */
  redactedContent?: string;
}

/** A prompt-cache checkpoint: everything before it (in system, tools or messages) is cached. */
export interface ConverseCachePointBlock {
  /** `ttl`: the cache lifetime, when the client named one (Bedrock's default is five minutes). */
  cachePoint: { type: 'default'; ttl?: '5m' | '1h' };
}

export interface ConverseContentBlock {
  text?: string;
  cachePoint?: ConverseCachePointBlock['cachePoint'];
  image?: ConverseImageBlock;
  toolUse?: ConverseToolUseBlock;
  toolResult?: ConverseToolResultBlock;
  reasoningContent?: ConverseReasoningBlock;
}

export type ConverseSystemBlock = { text: string } | ConverseCachePointBlock;

export interface ConverseMessage {
  role: 'user' | 'assistant';
  content: ConverseContentBlock[];
}

export interface ConverseToolSpec {
  toolSpec: { name: string; description?: string; inputSchema: { json: unknown }; strict?: boolean };
}

export type ConverseToolChoice = { auto: Record<string, never> } | { any: Record<string, never> } | { tool: { name: string } };

export interface ConverseRequestBody {
  messages: ConverseMessage[];
  system?: ConverseSystemBlock[];
  inferenceConfig?: { maxTokens?: number; temperature?: number; topP?: number; stopSequences?: string[] };
  toolConfig?: { tools: Array<ConverseToolSpec | ConverseCachePointBlock>; toolChoice?: ConverseToolChoice };
  outputConfig?: { textFormat: { type: 'json_schema'; structure: { jsonSchema: { schema: string; name?: string; description?: string } } } };
  additionalModelRequestFields?: Record<string, unknown>;
  [field: string]: unknown;
}

export interface ConverseUsage {
  inputTokens?: number;
  outputTokens?: number;
  totalTokens?: number;
  cacheReadInputTokens?: number;
  cacheWriteInputTokens?: number;
}

export interface ConverseResponseBody {
  output?: { message?: { role?: string; content?: ConverseContentBlock[] } };
  stopReason?: string;
  usage?: ConverseUsage;
  metrics?: { latencyMs?: number };
  additionalModelResponseFields?: unknown;
}
