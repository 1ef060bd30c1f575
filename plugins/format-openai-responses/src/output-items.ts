/**
 * The output items of a Responses answer, shared by the whole-response encoder and
 * the stream encoder so both describe one answer with identical items.
 */
import type { FinishReason, ToolCall, WireObject } from '@model-gateway/core';
import type { NamespacedName } from './responses-tools';

export type ItemStatus = 'in_progress' | 'completed' | 'incomplete';

export type MessagePart = { type: 'output_text'; text: string } | { type: 'refusal'; refusal: string };

/** An output_text part as OpenAI writes it; the gateway has no annotations (citations) to add. */
export function wirePart(part: MessagePart): WireObject {
  return part.type === 'output_text' ? { type: 'output_text', text: part.text, annotations: [] } : { type: 'refusal', refusal: part.refusal };
}

export function messageItem(id: string, parts: MessagePart[], status: ItemStatus): WireObject {
  return { type: 'message', id, status, role: 'assistant', content: parts.map(wirePart) };
}

/**
 * Canonical reasoning becomes the item's summary: what OpenAI's own models show of their
 * thinking, and where clients look for it. The provider's signature (Anthropic's thinking
 * signature, Gemini's thought signature) travels as encrypted_content, so a client that
 * sends the item back in its next input gives the provider the proof it requires.
 */
export function reasoningItem(id: string, text: string | undefined, signature: string | undefined, status: ItemStatus): WireObject {
  const item: WireObject = { type: 'reasoning', id, summary: text === undefined ? [] : [{ type: 'summary_text', text }] };
  if (signature !== undefined) item.encrypted_content = signature;
  item.status = status;
  return item;
}

/** A call of a flattened namespace tool goes back under its namespace, as the client declared it. */
export function functionCallItem(id: string, call: ToolCall, status: ItemStatus, namespaced?: ReadonlyMap<string, NamespacedName>): WireObject {
  const origin = namespaced?.get(call.name);
  if (origin) return { type: 'function_call', id, call_id: call.id, namespace: origin.namespace, name: origin.name, arguments: call.arguments, status };
  return { type: 'function_call', id, call_id: call.id, name: call.name, arguments: call.arguments, status };
}

/** The name a client knows a called tool by (the inner name of a namespace tool). */
export function clientToolName(name: string, namespaced?: ReadonlyMap<string, NamespacedName>): string {
  return namespaced?.get(name)?.name ?? name;
}

export interface ResponseOutcome {
  status: 'completed' | 'incomplete';
  incompleteReason?: 'max_output_tokens' | 'content_filter';
}

/** A cut-off or filtered answer is `incomplete` with its reason; every other finish is `completed`. */
export function outcomeOf(finishReason: FinishReason | null): ResponseOutcome {
  if (finishReason === 'length') return { status: 'incomplete', incompleteReason: 'max_output_tokens' };
  if (finishReason === 'content_filter') return { status: 'incomplete', incompleteReason: 'content_filter' };
  return { status: 'completed' };
}
