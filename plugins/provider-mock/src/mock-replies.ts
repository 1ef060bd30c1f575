import type { ChatMessage, ChatRequest, ToolCall, Usage } from '@model-gateway/core';

/** Deterministic stand-ins for a model: the same request always gets the same answer. */

export function messageText(message: ChatMessage): string {
  if (typeof message.content === 'string') return message.content;
  if (!message.content) return '';
  return message.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

/** The reply is the last user message, verbatim: easy to assert in tests, obvious in a demo. */
export function replyText(request: ChatRequest, fixed?: string): string {
  if (fixed !== undefined) return fixed;
  for (let i = request.messages.length - 1; i >= 0; i--) {
    if (request.messages[i].role === 'user') return messageText(request.messages[i]);
  }
  return '';
}

/** When tool use is forced, the mock calls the forced tool (or the first one) with the user's text. */
export function forcedToolCall(request: ChatRequest, text: string): ToolCall | undefined {
  const choice = request.toolChoice;
  if (!request.tools?.length || choice === undefined || choice === 'auto' || choice === 'none') return undefined;
  const name = typeof choice === 'object' ? choice.name : request.tools[0].name;
  return { id: `call_mock_${hash(name + text).toString(36)}`, name, arguments: JSON.stringify({ text }) };
}

/** Whitespace-separated words stand in for tokens. */
export function countTokens(text: string): number {
  const words = text.trim().split(/\s+/).filter(Boolean).length;
  return Math.max(words, text.length > 0 ? 1 : 0);
}

export function chatUsage(request: ChatRequest, completion: string): Usage {
  const inputTokens = request.messages.reduce((sum, m) => sum + countTokens(messageText(m)), 0);
  const outputTokens = countTokens(completion);
  return { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens };
}

/**
 * Splits text into `parts` pieces (or one per word, keeping the spaces) that concatenate back to it.
 * Pieces are cut at code points, so none ends in half a surrogate pair, and spread evenly, so
 * exactly `parts` come out (fewer only when the text has fewer characters than that).
 */
export function splitReply(text: string, parts?: number): string[] {
  if (text.length === 0) return [];
  if (parts === undefined) return text.match(/\S+\s*|\s+/g) ?? [text];
  const chars = Array.from(text);
  const count = Math.min(parts, chars.length);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    out.push(chars.slice(Math.floor((i * chars.length) / count), Math.floor(((i + 1) * chars.length) / count)).join(''));
  }
  return out;
}

/** A unit vector derived from the text by a string hash: equal texts, equal vectors. */
export function embedText(text: string, dimensions: number): number[] {
  let seed = hash(text);
  const raw = Array.from({ length: dimensions }, () => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return seed / 0xffffffff - 0.5;
  });
  // Not Math.hypot(...raw): spreading a long vector into arguments overflows the stack.
  const norm = Math.sqrt(raw.reduce((sum, v) => sum + v * v, 0)) || 1;
  return raw.map((v) => Math.fround(v / norm));
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}
