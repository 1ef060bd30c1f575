/**
 * A dialect applied backwards to an answer the OpenAI passthrough relays: a provider that
 * may answer with `content` as a list of text and reasoning chunks (Mistral's reasoning
 * models, Databricks' signed summaries) has the list joined as the unified routes' decoder
 * joins it, so an OpenAI SDK gets the string (or null) its types promise, and the reasoning
 * as `reasoning_content`.
 * Reasoning a provider sends under another field name is left as it came: it is an
 * extra field, which a client's SDK takes, under the name that provider's clients read.
 */
import type { RelayedAnswerRewrite } from '@model-gateway/core';
import { joinContentChunks } from './normalize-answer';
import type { OpenAiDialect } from './openai-dialect';

/** The rewrite of a relayed Chat Completions answer, built once per connection; undefined (no work per call) when the dialect's answers are OpenAI's. */
export function relayedChatAnswerRewrite(dialect: OpenAiDialect | undefined): RelayedAnswerRewrite | undefined {
  return dialect?.contentChunks ? CONTENT_CHUNKS : undefined;
}

const CONTENT_CHUNKS: RelayedAnswerRewrite = {
  touches: hasContentList,
  whole: (answer) => joinContentChunks(answer, 'message'),
  chunk: (event) => joinContentChunks(event, 'delta'),
};

const CONTENT = Buffer.from('"content"');
const COLON = 0x3a;
const OPEN_BRACKET = 0x5b;

/**
 * Whether the bytes hold a `"content"` member whose value is a list (`"content":[`, spaces
 * allowed): an answer without one has nothing to join and is never parsed. Such text inside
 * a JSON string (escaped quotes) can only cost a parse that changes nothing.
 */
export function hasContentList(bytes: Buffer): boolean {
  for (let at = bytes.indexOf(CONTENT); at !== -1; at = bytes.indexOf(CONTENT, at + CONTENT.length)) {
    let i = skipSpaces(bytes, at + CONTENT.length);
    if (bytes[i] !== COLON) continue;
    i = skipSpaces(bytes, i + 1);
    if (bytes[i] === OPEN_BRACKET) return true;
  }
  return false;
}

function skipSpaces(bytes: Buffer, from: number): number {
  let i = from;
  while (bytes[i] === 0x20 || bytes[i] === 0x0a || bytes[i] === 0x0d || bytes[i] === 0x09) i++;
  return i;
}
