/**
 * Brings a dialect's answer (a chat.completion or one chat.completion.chunk) back to
 * OpenAI's shape before format-openai decodes it: reasoning under other names becomes
 * `reasoning_content`, and content sent as text and reasoning chunks becomes plain text.
 * The content rule alone (`joinContentChunks`) is also what the OpenAI passthrough's relay
 * applies to such a provider's answer, so a client's SDK gets a string there too.
 */
import { extensibleCopy, isWireObject, type WireObject } from '@model-gateway/core';
import type { OpenAiDialect } from './openai-dialect';

type Part = 'message' | 'delta';

/** `part` is `message` for a complete answer, `delta` for a stream chunk. */
export function normalizeAnswer(answer: unknown, part: Part, dialect: OpenAiDialect): unknown {
  if (!dialect.reasoningFields?.length && !dialect.contentChunks) return answer;
  return mapMessages(answer, part, (message) => needsNormalizing(message, dialect), (message) => normalizeMessage(message, part, dialect));
}

/**
 * Content sent as a list of chunks, as OpenAI's fields: text joined into `content`, reasoning
 * into `reasoning_content`. Signed reasoning (Databricks' summaries) is joined too, its
 * signature left out, as the unified routes' decoder does: a Chat Completions client reads
 * `content` as a string (the OpenAI SDK's type; the AI SDK refuses a list) and sends back only
 * the text and tool calls, so a list kept whole for its signature would be unreadable to it.
 */
export function joinContentChunks(answer: unknown, part: Part): unknown {
  return mapMessages(answer, part, (message) => Array.isArray(message.content), (message) => {
    const out: WireObject = extensibleCopy(message);
    joinChunks(out, part);
    return out;
  });
}

/** Each choice's `part` through `rewrite`; most answers have nothing to change, and are handed back as they are rather than copied. */
function mapMessages(answer: unknown, part: Part, needs: (message: WireObject) => boolean, rewrite: (message: WireObject) => WireObject): unknown {
  if (!isWireObject(answer) || !Array.isArray(answer.choices)) return answer;
  if (!answer.choices.some((choice) => isWireObject(choice) && isWireObject(choice[part]) && needs(choice[part] as WireObject))) return answer;
  return extensibleCopy(answer, {
    choices: answer.choices.map((choice) => {
      if (!isWireObject(choice) || !isWireObject(choice[part])) return choice;
      return extensibleCopy(choice, { [part]: rewrite(choice[part] as WireObject) });
    }),
  });
}

function needsNormalizing(message: WireObject, dialect: OpenAiDialect): boolean {
  if (dialect.contentChunks && Array.isArray(message.content)) return true;
  for (const field of dialect.reasoningFields ?? []) if (typeof message[field] === 'string') return true;
  return false;
}

function normalizeMessage(message: WireObject, part: Part, dialect: OpenAiDialect): WireObject {
  const out: WireObject = extensibleCopy(message);
  if (dialect.contentChunks) joinChunks(out, part);
  for (const field of dialect.reasoningFields ?? []) {
    const value = out[field];
    if (typeof value !== 'string') continue;
    if (out.reasoning_content === undefined) out.reasoning_content = value;
    delete out[field];
  }
  return out;
}

/** Rewrites a copied message's content list in place (a string or null content is left as it is). */
function joinChunks(out: WireObject, part: Part): void {
  if (!Array.isArray(out.content)) return;
  const { text, thinking } = splitChunks(out.content);
  // A complete message with no text has null content, as on OpenAI's wire; a delta just has none.
  out.content = text ?? (part === 'message' ? null : undefined);
  if (out.content === undefined) delete out.content;
  if (thinking !== undefined) out.reasoning_content = `${typeof out.reasoning_content === 'string' ? out.reasoning_content : ''}${thinking}`;
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
