/**
 * One Chat Completions message in a dialect's spelling, for bodies the gateway encoded
 * and bodies a client wrote alike: a role the provider lacks renamed, echoed answer
 * fields it refuses left out, a tool message's name removed where refused, tool call
 * ids fitted. A message the dialect does not change is returned as it is, not copied.
 */
import { extensibleCopy } from '@model-gateway/core';
import type { OpenAiDialect } from './openai-dialect';
import { fitToolCallId } from './tool-call-ids';

type Body = Record<string, unknown>;

/** Whether the dialect has any message rule; false lets callers skip the messages entirely. */
export function rewritesMessages(dialect: OpenAiDialect): boolean {
  return dialect.messageRoles !== undefined || dialect.dropMessageFields !== undefined || dialect.toolMessageName === false || dialect.toolCallIds !== undefined;
}

export function fitMessage(message: Body, dialect: OpenAiDialect): Body {
  if (!needsFitting(message, dialect)) return message;
  const out: Body = extensibleCopy(message);
  const role = renamedRole(out.role, dialect);
  if (role !== undefined) out.role = role;
  for (const field of dialect.dropMessageFields ?? []) delete out[field];
  if (dialect.toolMessageName === false && out.role === 'tool') delete out.name;
  const rule = dialect.toolCallIds;
  if (rule) {
    if (typeof out.tool_call_id === 'string') out.tool_call_id = fitToolCallId(out.tool_call_id, rule);
    if (Array.isArray(out.tool_calls)) {
      out.tool_calls = out.tool_calls.map((call: Body) => (typeof call?.id === 'string' ? extensibleCopy(call, { id: fitToolCallId(call.id, rule) }) : call));
    }
  }
  return out;
}

/** Reads only: most messages (a user's text) have nothing a dialect changes. */
function needsFitting(message: Body, dialect: OpenAiDialect): boolean {
  if (renamedRole(message.role, dialect) !== undefined) return true;
  if (dialect.dropMessageFields) for (const field of dialect.dropMessageFields) if (field in message) return true;
  if (dialect.toolMessageName === false && message.role === 'tool' && 'name' in message) return true;
  return dialect.toolCallIds !== undefined && (message.tool_call_id !== undefined || message.tool_calls !== undefined);
}

/** Own keys only: a client's role is any string, and `constructor` is no rename. */
function renamedRole(role: unknown, dialect: OpenAiDialect): string | undefined {
  const roles = dialect.messageRoles;
  return roles !== undefined && typeof role === 'string' && Object.hasOwn(roles, role) ? roles[role] : undefined;
}
