/**
 * The common Messages body checked without zod: text turns, a text system prompt, sampling
 * numbers and the stream flag. Anything else (content blocks, tools, thinking, metadata, a
 * value out of range, a field the translation refuses) is left to the zod schema, which also
 * words every error. Why: the schema's parse was most of the translation's work before the
 * upstream call for the bodies coding agents' simple calls and most clients send (issue 29).
 */
import type { WireObject } from '@model-gateway/core';
import type { WireMessagesBody } from './request-schema';

/**
 * `body` itself when the schema would accept it and give back equal values (the decoder
 * only reads it), else undefined: then the schema decides. It accepts strictly less than
 * the schema does, never more.
 */
export function plainMessagesBody(body: WireObject): WireMessagesBody | undefined {
  let model = false;
  let maxTokens = false;
  let messages = false;
  for (const key in body) {
    const value = body[key];
    switch (key) {
      case 'model':
        if (!(typeof value === 'string' && value.length > 0)) return undefined;
        model = true;
        break;
      case 'max_tokens':
        if (!(Number.isSafeInteger(value) && (value as number) >= 1)) return undefined;
        maxTokens = true;
        break;
      case 'messages':
        if (!plainTurns(value)) return undefined;
        messages = true;
        break;
      case 'system':
        if (!(value === null || typeof value === 'string')) return undefined;
        break;
      case 'stream':
        if (!(value === null || typeof value === 'boolean')) return undefined;
        break;
      case 'temperature':
      case 'top_p':
        if (!(value === null || (typeof value === 'number' && value >= 0 && value <= 1))) return undefined;
        break;
      case 'top_k':
        if (!(value === null || (Number.isSafeInteger(value) && (value as number) >= 0))) return undefined;
        break;
      case 'stop_sequences':
        if (!(value === null || strings(value))) return undefined;
        break;
      default:
        // Every other field, known or not, is the schema's and the decoder's to judge.
        return undefined;
    }
  }
  return model && maxTokens && messages ? (body as WireMessagesBody) : undefined;
}

function strings(value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  for (const item of value) if (typeof item !== 'string') return false;
  return true;
}

/** User and assistant turns of text; blocks and mid-conversation system turns go to the schema. */
function plainTurns(value: unknown): boolean {
  if (!Array.isArray(value) || value.length === 0) return false;
  for (const turn of value) {
    if (typeof turn !== 'object' || turn === null || Array.isArray(turn)) return false;
    let role = false;
    let content = false;
    for (const key in turn) {
      const field = (turn as WireObject)[key];
      if (key === 'role') {
        if (field !== 'user' && field !== 'assistant') return false;
        role = true;
      } else if (key === 'content') {
        if (typeof field !== 'string') return false;
        content = true;
      } else if (key === '__proto__') {
        return false;
      }
    }
    if (!role || !content) return false;
  }
  return true;
}
