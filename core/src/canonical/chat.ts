/**
 * The canonical chat model. Every API style decodes into it and every provider
 * encodes from it, so N styles and M providers need N + M adapters, not N x M.
 * Field names are the gateway's own (camelCase); wire names live in format packages.
 */
import type { Usage } from './usage';

export type ChatRole = 'system' | 'developer' | 'user' | 'assistant' | 'tool';

/** A prompt-cache breakpoint after the marked piece (a cache-control mark or a cache point, in the formats that have one); providers that cache on their own ignore it. */
export interface CacheMark {
  /** The cache lifetime the client asked for (`5m` or `1h`), when it named one. */
  ttl?: string;
}

export interface TextPart {
  type: 'text';
  text: string;
  cacheControl?: CacheMark;
}

export interface ImagePart {
  type: 'image';
  /** An https URL or a data: URL. */
  url: string;
  detail?: 'auto' | 'low' | 'high';
  cacheControl?: CacheMark;
}

export type ContentPart = TextPart | ImagePart;

export interface ToolCall {
  id: string;
  name: string;
  /** JSON text exactly as the model produced it; it may not parse. */
  arguments: string;
}

export interface ChatMessage {
  role: ChatRole;
  /** null for an assistant turn that only calls tools. */
  content: string | ContentPart[] | null;
  name?: string;
  toolCalls?: ToolCall[];
  /** On a `tool` message: the call it answers. */
  toolCallId?: string;
  reasoning?: string;
  /** Opaque proof that goes back with `reasoning` on the next turn (a thinking or thought signature, in the formats that have one). */
  reasoningSignature?: string;
  refusal?: string | null;
  /** A cache breakpoint after the whole message (a marked tool result or tool call, which have no part to carry it). */
  cacheControl?: CacheMark;
  /** Wire fields not modelled here, kept so a same-family encoder can send the message back unchanged. */
  extra?: Record<string, unknown>;
}

export interface ToolDefinition {
  name: string;
  description?: string;
  parameters?: Record<string, unknown>;
  strict?: boolean;
  /** A cache breakpoint after this tool's definition (the tools before it are cached with it). */
  cacheControl?: CacheMark;
}

export type ToolChoice = 'auto' | 'none' | 'required' | { name: string };

export type ResponseFormat =
  | { type: 'text' }
  | { type: 'json_object' }
  | { type: 'json_schema'; name: string; schema?: Record<string, unknown>; strict?: boolean; description?: string };

/** How hard a reasoning model should think; each provider maps it to its own knob. */
export interface ReasoningConfig {
  effort?: 'none' | 'minimal' | 'low' | 'medium' | 'high';
  /** An explicit thinking budget in tokens, for providers that take one; wins over `effort` where both exist. */
  budgetTokens?: number;
}

export interface ChatRequest {
  messages: ChatMessage[];
  temperature?: number;
  maxTokens?: number;
  topP?: number;
  /** Sample from the K most likely tokens, for providers that have the knob (not every format does). */
  topK?: number;
  n?: number;
  stream: boolean;
  /** The client asked to receive the usage chunk at the end of a stream. */
  streamUsage: boolean;
  stop?: string[];
  presencePenalty?: number;
  frequencyPenalty?: number;
  tools?: ToolDefinition[];
  toolChoice?: ToolChoice;
  parallelToolCalls?: boolean;
  responseFormat?: ResponseFormat;
  seed?: number;
  user?: string;
  reasoning?: ReasoningConfig;
  /** Fields the gateway does not model; relayed as-is to providers of the same wire family. */
  extra: Record<string, unknown>;
}

export type FinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter' | 'error' | (string & {});

export interface AssistantMessage {
  role: 'assistant';
  content: string | null;
  toolCalls?: ToolCall[];
  reasoning?: string;
  reasoningSignature?: string;
  refusal?: string | null;
  /** Wire fields not modelled here (annotations, audio, ...), for a same-family encoder. */
  extra?: Record<string, unknown>;
}

export interface ChatChoice {
  index: number;
  message: AssistantMessage;
  finishReason: FinishReason | null;
  /** Which of the client's stop sequences ended the answer, when the provider reports it. */
  stopSequence?: string;
  logprobs?: unknown;
}

export interface ChatResponse {
  id: string;
  created: number;
  /** The model that answered, as the provider names it. */
  model: string;
  choices: ChatChoice[];
  usage?: Usage;
  extra?: Record<string, unknown>;
}

export interface ToolCallDelta {
  index: number;
  id?: string;
  name?: string;
  argumentsDelta?: string;
}

export interface ChatDelta {
  role?: 'assistant';
  content?: string | null;
  toolCalls?: ToolCallDelta[];
  reasoning?: string;
  reasoningSignature?: string;
  refusal?: string | null;
}

export interface ChatChunkChoice {
  index: number;
  delta: ChatDelta;
  finishReason: FinishReason | null;
  /** Which of the client's stop sequences ended the answer, on the chunk with the finish reason. */
  stopSequence?: string;
  logprobs?: unknown;
}

/** One stream part. A part with `usage` and no choices is the usage report at the end. */
export interface ChatChunk {
  id: string;
  created: number;
  model: string;
  choices: ChatChunkChoice[];
  usage?: Usage;
  extra?: Record<string, unknown>;
}
