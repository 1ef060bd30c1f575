/**
 * A Cohere v2 chat response to the canonical ChatResponse. v2 answers one message with
 * content parts (text, thinking), tool calls and a `tool_plan`: text parts become the
 * content, thinking and the tool plan (the model's reasoning about which tools to call)
 * become the reasoning, and citations are kept on the message for same-shape clients.
 */
import { isWireObject, type AssistantMessage, type ChatResponse, type FinishReason, type ToolCall, type WireObject } from '@model-gateway/core';
import { COHERE_FINISH_REASONS } from './cohere-facts';
import { decodeCohereUsage } from './cohere-usage';
import { invalidCohere, text } from './cohere-wire';

/** v2 answers carry neither the model nor a timestamp; the caller knows both. */
export interface AnswerContext {
  model: string;
  created: number;
}

export function decodeCohereChat(body: unknown, context: AnswerContext): ChatResponse {
  if (!isWireObject(body)) throw invalidCohere('the body is not an object');
  if (!isWireObject(body.message)) throw invalidCohere('message is not an object');
  const response: ChatResponse = {
    id: text(body.id) ?? '',
    created: context.created,
    model: context.model,
    choices: [{ index: 0, message: decodeMessage(body.message), finishReason: cohereFinishReason(body.finish_reason) }],
  };
  const usage = decodeCohereUsage(body.usage);
  if (usage) response.usage = usage;
  return response;
}

export function cohereFinishReason(value: unknown): FinishReason | null {
  if (typeof value !== 'string') return null;
  return COHERE_FINISH_REASONS[value] ?? value.toLowerCase();
}

function decodeMessage(wire: WireObject): AssistantMessage {
  const { content, thinking } = splitContent(wire.content);
  const message: AssistantMessage = { role: 'assistant', content };
  const reasoning = joinReasoning(thinking, text(wire.tool_plan));
  if (reasoning !== undefined) message.reasoning = reasoning;
  if (Array.isArray(wire.tool_calls) && wire.tool_calls.length > 0) message.toolCalls = wire.tool_calls.map(decodeToolCall);
  if (Array.isArray(wire.citations) && wire.citations.length > 0) message.extra = { citations: wire.citations };
  return message;
}

function splitContent(value: unknown): { content: string | null; thinking?: string } {
  if (typeof value === 'string') return { content: value };
  if (!Array.isArray(value)) return { content: null };
  let content: string | null = null;
  let thinking: string | undefined;
  for (const part of value) {
    if (!isWireObject(part)) continue;
    if (part.type === 'text' && typeof part.text === 'string') content = (content ?? '') + part.text;
    if (part.type === 'thinking' && typeof part.thinking === 'string') thinking = (thinking ?? '') + part.thinking;
  }
  return thinking === undefined ? { content } : { content, thinking };
}

/** Thinking comes before the tool plan, as the model produced them. */
export function joinReasoning(thinking: string | undefined, plan: string | undefined): string | undefined {
  if (thinking && plan) return `${thinking}\n\n${plan}`;
  return thinking || plan || undefined;
}

function decodeToolCall(value: unknown, index: number): ToolCall {
  if (!isWireObject(value) || !isWireObject(value.function) || typeof value.function.name !== 'string') {
    throw invalidCohere(`message.tool_calls[${index}] has no function name`);
  }
  return { id: text(value.id) ?? '', name: value.function.name, arguments: text(value.function.arguments) ?? '' };
}
