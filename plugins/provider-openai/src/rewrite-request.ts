/**
 * Applies an OpenAiDialect to request bodies that format-openai encoded. Checks come
 * first and use OpenAI's field names (the ones the client knows); renames come last.
 */
import { extensibleCopy, GatewayError, type ChatRequest } from '@model-gateway/core';
import { canonicalChatField } from '@model-gateway/format-openai';
import type { OpenAiDialect } from './openai-dialect';
import { fitMessage, rewritesMessages } from './dialect-messages';

type Body = Record<string, unknown>;

/** `drop` hears the canonical name of each field left out as a hint the provider cannot honour (the attempt's dropField). */
export function rewriteChatBody(body: Body, request: ChatRequest, dialect: OpenAiDialect, drop: (field: string) => void = () => {}): Body {
  // Most bodies have nothing this dialect changes or refuses; they are sent as encoded, not copied.
  if (!touchesChatBody(body, request, dialect)) return body;
  const out: Body = extensibleCopy(body);
  for (const field of dialect.dropFields ?? []) {
    if (!(field in out)) continue;
    delete out[field];
    drop(canonicalChatField(field));
  }
  placeTopK(out, request, dialect, drop);
  for (const rule of dialect.unsupported ?? []) {
    const value = out[rule.field];
    if (value === undefined || rule.accepts?.(value)) continue;
    refuse(rule.field, dialect, rule.hint);
  }
  if (Array.isArray(out.messages)) out.messages = out.messages.map((message, i) => rewriteMessage(message, i, dialect));
  const choice = out.tool_choice;
  if (typeof choice === 'string' && dialect.toolChoiceValues) {
    out.tool_choice = dialect.toolChoiceValues[choice as 'auto' | 'none' | 'required'] ?? choice;
  }
  if (dialect.streamOptions === false) delete out.stream_options;
  return rename(out, dialect.renameFields);
}

export function rewriteEmbeddingsBody(body: Body, dialect: OpenAiDialect): Body {
  return rename(extensibleCopy(body), dialect.renameEmbeddingsFields);
}

/** Whether any rule of `dialect` could change or refuse `body`; false means rewriteChatBody would return an equal copy. */
function touchesChatBody(body: Body, request: ChatRequest, dialect: OpenAiDialect): boolean {
  if (dialect.unsupported?.length || dialect.unsupportedMessageFields?.length || rewritesMessages(dialect)) return true;
  if (request.topK !== undefined || body.top_k !== undefined) return true;
  if (dialect.dropFields) for (const field of dialect.dropFields) if (field in body) return true;
  if (dialect.toolChoiceValues && typeof body.tool_choice === 'string') return true;
  if (dialect.streamOptions === false && 'stream_options' in body) return true;
  if (dialect.renameFields) for (const from in dialect.renameFields) if (from in body) return true;
  return false;
}

/** format-openai leaves top-k out (OpenAI has none); here it goes where the provider takes it, or is dropped and named (a sampling hint). */
function placeTopK(out: Body, request: ChatRequest, dialect: OpenAiDialect, drop: (field: string) => void): void {
  if (request.topK === undefined && out.top_k === undefined) return;
  if (!dialect.topKField) {
    delete out.top_k;
    drop('topK');
    return;
  }
  if (request.topK !== undefined) {
    delete out.top_k;
    out[dialect.topKField] = request.topK;
  }
}

/** Fitted first, so a field the dialect leaves out (a tool message's name) is not refused. */
function rewriteMessage(message: unknown, index: number, dialect: OpenAiDialect): unknown {
  if (typeof message !== 'object' || message === null) return message;
  const wire = fitMessage(message as Body, dialect);
  for (const field of dialect.unsupportedMessageFields ?? []) {
    if (wire[field] !== undefined) refuse(`messages[${index}].${field}`, dialect);
  }
  return wire;
}

export function rename(body: Body, renames: Readonly<Record<string, string>> | undefined): Body {
  if (!renames) return body;
  for (const [from, to] of Object.entries(renames)) {
    if (!(from in body)) continue;
    body[to] = body[from];
    delete body[from];
  }
  return body;
}

function refuse(param: string, dialect: OpenAiDialect, hint?: string): never {
  const detail = hint ? ` (${hint})` : '';
  throw new GatewayError('invalid_parameter', `${param}: not supported by ${dialect.label}${detail}.`, { param });
}
