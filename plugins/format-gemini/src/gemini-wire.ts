/**
 * The parts of Gemini's REST wire format (generateContent, streamGenerateContent,
 * embedContent, batchEmbedContents) this package reads and writes. Field names are
 * the wire's own (camelCase JSON of the proto messages); every field is optional
 * because upstreams omit empty ones.
 */

import type { WireObject } from '@model-gateway/core';

export interface GeminiInlineData {
  mimeType?: string;
  /** Base64. */
  data?: string;
}

export interface GeminiFileData {
  mimeType?: string;
  fileUri?: string;
}

export interface GeminiFunctionCall {
  id?: string;
  name?: string;
  args?: Record<string, unknown>;
}

export interface GeminiFunctionResponse {
  id?: string;
  name?: string;
  response?: Record<string, unknown>;
}

export interface GeminiPart {
  text?: string;
  /** Marks a text part as a thought summary. */
  thought?: boolean;
  /** Opaque, base64; goes back with the part it came on. */
  thoughtSignature?: string;
  inlineData?: GeminiInlineData;
  fileData?: GeminiFileData;
  functionCall?: GeminiFunctionCall;
  functionResponse?: GeminiFunctionResponse;
  [other: string]: unknown;
}

export interface GeminiContent {
  /** `user` or `model`; a content without a role is the user's. */
  role?: string;
  parts?: GeminiPart[];
}

export interface GeminiFunctionDeclaration {
  name?: string;
  description?: string;
  /** Gemini's OpenAPI 3.0 subset (types in upper case). */
  parameters?: WireObject;
  /** Full JSON Schema; mutually exclusive with `parameters`. */
  parametersJsonSchema?: unknown;
}

export interface GeminiTool {
  functionDeclarations?: GeminiFunctionDeclaration[];
  [other: string]: unknown;
}

export interface GeminiFunctionCallingConfig {
  mode?: string;
  allowedFunctionNames?: string[];
}

export interface GeminiThinkingConfig {
  includeThoughts?: boolean;
  /** 0 disables thinking, -1 lets the model decide. */
  thinkingBudget?: number;
  thinkingLevel?: string;
}

export interface GeminiGenerationConfig {
  stopSequences?: string[];
  responseMimeType?: string;
  responseSchema?: WireObject;
  responseJsonSchema?: unknown;
  candidateCount?: number;
  maxOutputTokens?: number;
  temperature?: number;
  topP?: number;
  topK?: number;
  seed?: number;
  presencePenalty?: number;
  frequencyPenalty?: number;
  thinkingConfig?: GeminiThinkingConfig;
  [other: string]: unknown;
}

export interface GenerateContentRequest {
  contents: GeminiContent[];
  systemInstruction?: GeminiContent;
  tools?: GeminiTool[];
  toolConfig?: { functionCallingConfig?: GeminiFunctionCallingConfig; [other: string]: unknown };
  generationConfig?: GeminiGenerationConfig;
  [other: string]: unknown;
}

export interface GeminiUsageMetadata {
  /** Includes cachedContentTokenCount. */
  promptTokenCount?: number;
  cachedContentTokenCount?: number;
  /** Excludes thoughtsTokenCount. */
  candidatesTokenCount?: number;
  thoughtsTokenCount?: number;
  toolUsePromptTokenCount?: number;
  totalTokenCount?: number;
  [other: string]: unknown;
}

export interface GeminiCandidate {
  content?: GeminiContent;
  finishReason?: string;
  index?: number;
  [other: string]: unknown;
}

export interface GenerateContentResponse {
  candidates?: GeminiCandidate[];
  promptFeedback?: { blockReason?: string; [other: string]: unknown };
  usageMetadata?: GeminiUsageMetadata;
  modelVersion?: string;
  responseId?: string;
  /** Vertex AI only: RFC 3339 time the request was made. */
  createTime?: string;
  [other: string]: unknown;
}

export interface EmbedContentRequest {
  /** `models/{model}`; required inside batchEmbedContents. */
  model?: string;
  content?: GeminiContent;
  taskType?: string;
  title?: string;
  outputDimensionality?: number;
}

export interface BatchEmbedContentsRequest {
  requests: EmbedContentRequest[];
}

export interface GeminiEmbedding {
  values?: number[];
}

/** What a decoder needs that the wire may not say: the model asked for and a timestamp. */
export interface ResponseDefaults {
  model: string;
  /** Unix seconds, used when the wire carries no creation time. */
  created: number;
}
