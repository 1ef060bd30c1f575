/**
 * GenerateContentResponse both ways. Each candidate is a choice; its thought parts are
 * reasoning; a candidate that called functions finishes with `tool_calls` (Gemini
 * says STOP). A prompt blocked before any candidate is one empty choice finished by
 * `content_filter`, so clients see why there is no answer.
 */
import { isWireObject, numberOr, optionalArray, requireObject, stringOr, type AssistantMessage, type ChatChoice, type ChatResponse } from '@model-gateway/core';
import { decodeFinishReason, encodeFinishReason } from './finish-reason';
import type { GeminiCandidate, GenerateContentResponse, ResponseDefaults } from './gemini-wire';
import { decodeModelParts, encodeModelParts, generatedCallId, type ModelCall } from './model-parts';
import { sealThoughtSignature } from './thought-envelope';
import { decodeUsageMetadata, encodeUsageMetadata } from './usage-metadata';

export function decodeGenerateContentResponse(body: unknown, defaults: ResponseDefaults): ChatResponse {
  const wire = requireObject(body, 'the body');
  const id = stringOr(wire.responseId, '');
  const candidates = optionalArray(wire.candidates, 'candidates');
  const response: ChatResponse = {
    id,
    created: createdOf(wire.createTime, defaults.created),
    model: stringOr(wire.modelVersion, defaults.model),
    choices: candidates.map((candidate, position) => decodeCandidate(requireObject(candidate, `candidates[${position}]`), position, id)),
  };
  if (candidates.length === 0 && isWireObject(wire.promptFeedback) && typeof wire.promptFeedback.blockReason === 'string') {
    response.choices = [{ index: 0, message: { role: 'assistant', content: null }, finishReason: 'content_filter' }];
  }
  const usage = decodeUsageMetadata(wire.usageMetadata);
  if (usage) response.usage = usage;
  return response;
}

function decodeCandidate(candidate: Record<string, unknown>, position: number, responseId: string): ChatChoice {
  const index = numberOr(candidate.index, position);
  const content = isWireObject(candidate.content) ? candidate.content : {};
  const parts = decodeModelParts(optionalArray(content.parts, `candidates[${position}].content.parts`), (n) => generatedCallId(responseId, index, n));
  const message: AssistantMessage = { role: 'assistant', content: parts.text.length > 0 ? parts.text.join('') : null };
  if (parts.toolCalls.length > 0) message.toolCalls = parts.toolCalls;
  if (parts.reasoning.length > 0) message.reasoning = parts.reasoning.join('');
  if (parts.signature) message.reasoningSignature = sealThoughtSignature(parts.signature);
  return { index, message, finishReason: decodeFinishReason(candidate.finishReason, parts.toolCalls.length > 0) };
}

/** Vertex AI states when the request was made; the Gemini API does not. */
function createdOf(createTime: unknown, fallback: number): number {
  const ms = typeof createTime === 'string' ? Date.parse(createTime) : NaN;
  return Number.isNaN(ms) ? fallback : Math.floor(ms / 1000);
}

export function encodeGenerateContentResponse(response: ChatResponse): GenerateContentResponse {
  const wire: GenerateContentResponse = { candidates: response.choices.map(encodeChoice) };
  if (response.usage) wire.usageMetadata = encodeUsageMetadata(response.usage);
  wire.modelVersion = response.model;
  wire.responseId = response.id;
  return wire;
}

function encodeChoice(choice: ChatChoice): GeminiCandidate {
  const { calls, malformed } = parseCalls(choice.message.toolCalls ?? []);
  const message = choice.message;
  const text = message.content ?? message.refusal ?? null;
  const parts = encodeModelParts({
    content: text ? [{ text }] : [],
    reasoning: message.reasoning,
    signature: message.reasoningSignature,
    calls,
  });
  const candidate: GeminiCandidate = { content: { role: 'model', parts }, index: choice.index };
  if (malformed) {
    candidate.finishReason = 'MALFORMED_FUNCTION_CALL';
    candidate.finishMessage = 'The model produced tool-call arguments that are not a JSON object.';
  } else if (choice.finishReason) {
    candidate.finishReason = encodeFinishReason(choice.finishReason);
  }
  return candidate;
}

/**
 * Gemini's function call arguments are an object. A call whose arguments are not one
 * cannot be written, which is Gemini's own MALFORMED_FUNCTION_CALL: the client is told
 * so rather than handed made-up arguments.
 */
export function parseCalls(toolCalls: ReadonlyArray<{ id: string; name: string; arguments: string }>): { calls: ModelCall[]; malformed: boolean } {
  const calls: ModelCall[] = [];
  let malformed = false;
  for (const call of toolCalls) {
    const args = parseObject(call.arguments);
    if (args === undefined) malformed = true;
    else calls.push({ id: call.id || undefined, name: call.name, args });
  }
  return { calls, malformed };
}

function parseObject(text: string): Record<string, unknown> | undefined {
  if (text.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return isWireObject(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}
