/**
 * The common Chat Completions body checked without zod: text messages, sampling numbers,
 * stream flags and fields the codec does not model. Anything else (content parts, tools,
 * response formats, tool turns, a value out of range) is left to the zod schema, which
 * also words every error. Why: the schema's parse was a measurable share of each request's
 * work for the bodies most clients send (docs/performance.md).
 */
import type { WireObject } from '@model-gateway/core';
import type { WireChatBody } from './chat-request-schema';

const ROLES: ReadonlySet<unknown> = new Set(['system', 'developer', 'user', 'assistant']);
const EFFORTS: ReadonlySet<unknown> = new Set(['none', 'minimal', 'low', 'medium', 'high']);

/**
 * `body` itself when the schema would accept it and give back equal values (the decoder
 * only reads it), else undefined: then the schema decides. It accepts strictly less than
 * the schema does, never more.
 */
export function plainChatBody(body: WireObject, requireModel: boolean): WireChatBody | undefined {
  let messages = false;
  let model = !requireModel;
  let maxTokens = false;
  for (const key in body) {
    const value = body[key];
    switch (key) {
      case 'messages':
        if (!plainMessages(value)) return undefined;
        messages = true;
        break;
      case 'model':
        // Without requireModel the schema has no `model` and passes any value through.
        if (requireModel && !(typeof value === 'string' && value.length > 0)) return undefined;
        model = true;
        break;
      case 'temperature':
        if (!nullOrIn(value, 0, 2)) return undefined;
        break;
      case 'top_p':
        if (!nullOrIn(value, 0, 1)) return undefined;
        break;
      case 'presence_penalty':
      case 'frequency_penalty':
        if (!nullOrIn(value, -2, 2)) return undefined;
        break;
      case 'n':
        if (!(value === null || (Number.isSafeInteger(value) && (value as number) >= 1))) return undefined;
        break;
      case 'max_tokens':
      case 'max_completion_tokens':
        if (value === null) break;
        // Both names set is the schema's error to word.
        if (!(Number.isSafeInteger(value) && (value as number) >= 1) || maxTokens) return undefined;
        maxTokens = true;
        break;
      case 'seed':
        if (!(value === null || Number.isSafeInteger(value))) return undefined;
        break;
      case 'stream':
      case 'parallel_tool_calls':
        if (!(value === null || typeof value === 'boolean')) return undefined;
        break;
      case 'user':
        if (!(value === null || typeof value === 'string')) return undefined;
        break;
      case 'reasoning_effort':
        if (!(value === null || EFFORTS.has(value))) return undefined;
        break;
      case 'stop':
        if (!(value === null || typeof value === 'string' || strings(value))) return undefined;
        break;
      case 'stream_options':
        // The schema's copy puts include_usage first; with no other key the copy equals the original.
        if (!(value === null || includeUsageOnly(value))) return undefined;
        break;
      case 'tools':
      case 'tool_choice':
      case 'response_format':
      case '__proto__':
        return undefined;
      default:
        // A field the codec does not model: the schema passes it through as it is.
        break;
    }
  }
  return messages && model ? (body as WireChatBody) : undefined;
}

function nullOrIn(value: unknown, min: number, max: number): boolean {
  return value === null || (typeof value === 'number' && value >= min && value <= max);
}

function strings(value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  for (const item of value) if (typeof item !== 'string') return false;
  return true;
}

function includeUsageOnly(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  for (const key in value) {
    if (key !== 'include_usage') return false;
    const flag = (value as WireObject)[key];
    if (!(flag === null || typeof flag === 'boolean')) return false;
  }
  return true;
}

/** Text turns of the roles that need nothing else; tool calls and tool results go to the schema. */
function plainMessages(value: unknown): boolean {
  if (!Array.isArray(value) || value.length === 0) return false;
  for (const message of value) {
    if (typeof message !== 'object' || message === null || Array.isArray(message)) return false;
    let role = false;
    let content = false;
    for (const key in message) {
      const field = (message as WireObject)[key];
      switch (key) {
        case 'role':
          if (!ROLES.has(field)) return false;
          role = true;
          break;
        case 'content':
          if (typeof field !== 'string') return false;
          content = true;
          break;
        case 'name':
        case 'refusal':
        case 'tool_call_id':
          if (!(field === null || typeof field === 'string')) return false;
          break;
        case 'tool_calls':
        case '__proto__':
          return false;
        default:
          break;
      }
    }
    if (!role || !content) return false;
  }
  return true;
}
