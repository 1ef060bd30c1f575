/**
 * Brings a dialect's answer (a chat.completion or one chat.completion.chunk) back to
 * OpenAI's shape before format-openai decodes it: reasoning under other names becomes
 * `reasoning_content`, and content sent as text and reasoning chunks becomes plain text.
 */
import { extensibleCopy, isWireObject, type WireObject } from '@model-gateway/core';
import type { OpenAiDialect } from './openai-dialect';

/** `part` is `message` for a complete answer, `delta` for a stream chunk. */
export function normalizeAnswer(answer: unknown, part: 'message' | 'delta', dialect: OpenAiDialect): unknown {
  if (!isWireObject(answer) || !Array.isArray(answer.choices)) return answer;
  if (!dialect.reasoningFields?.length && !dialect.contentChunks) return answer;
  // Most answers have nothing to move: decoding only reads them, so they are not copied.
  if (!answer.choices.some((choice) => needsNormalizing(choice, part, dialect))) return answer;
  return extensibleCopy(answer, {
    choices: answer.choices.map((choice) => {
      if (!isWireObject(choice) || !isWireObject(choice[part])) return choice;
      return extensibleCopy(choice, { [part]: normalizeMessage(choice[part] as WireObject, part, dialect) });
    }),
  });
}

function needsNormalizing(choice: unknown, part: 'message' | 'delta', dialect: OpenAiDialect): boolean {
  if (!isWireObject(choice)) return false;
  const message = choice[part];
  if (!isWireObject(message)) return false;
  if (dialect.contentChunks && Array.isArray(message.content)) return true;
  for (const field of dialect.reasoningFields ?? []) if (typeof message[field] === 'string') return true;
  return false;
}

function normalizeMessage(message: WireObject, part: 'message' | 'delta', dialect: OpenAiDialect): WireObject {
  const out: WireObject = extensibleCopy(message);
  if (dialect.contentChunks && Array.isArray(out.content)) {
    const { text, thinking } = splitChunks(out.content);
    // A complete message with no text has null content, as on OpenAI's wire; a delta just has none.
    out.content = text ?? (part === 'message' ? null : undefined);
    if (out.content === undefined) delete out.content;
    if (thinking !== undefined) out.reasoning_content = `${typeof out.reasoning_content === 'string' ? out.reasoning_content : ''}${thinking}`;
  }
  for (const field of dialect.reasoningFields ?? []) {
    const value = out[field];
    if (typeof value !== 'string') continue;
    if (out.reasoning_content === undefined) out.reasoning_content = value;
    delete out[field];
  }
  return out;
}

/**
 * Text chunks joined, reasoning chunks joined: Mistral's `thinking` chunk holds a string
 * or text chunks of its own; Databricks' `reasoning` chunk holds `summary_text` parts.
 */
function splitChunks(chunks: unknown[]): { text?: string; thinking?: string } {
  let text: string | undefined;
  let thinking: string | undefined;
  for (const chunk of chunks) {
    if (!isWireObject(chunk)) continue;
    if (chunk.type === 'text' && typeof chunk.text === 'string') text = (text ?? '') + chunk.text;
    if (chunk.type === 'thinking') thinking = (thinking ?? '') + thinkingText(chunk.thinking);
    if (chunk.type === 'reasoning') thinking = (thinking ?? '') + thinkingText(chunk.summary);
  }
  return { text, thinking };
}

function thinkingText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (!Array.isArray(value)) return '';
  return value.map((inner) => (isWireObject(inner) && typeof inner.text === 'string' ? inner.text : '')).join('');
}
