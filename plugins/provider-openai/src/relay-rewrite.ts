/**
 * A dialect applied to a body a client wrote in OpenAI's format and the OpenAI
 * passthrough relays: the same spelling rules as for encoded bodies (renamed fields,
 * roles and tool call ids, fields the provider refuses left out), so a provider gets
 * its dialect on every route. Refusals are not repeated here: on a relayed call the
 * provider's own error reaches the client as it came. The rewriters are built once
 * per connection, and undefined when the dialect changes nothing a client can send,
 * so such a provider's relay does no work at all.
 */
import { extensibleCopy } from '@model-gateway/core';
import { fitMessage, rewritesMessages } from './dialect-messages';
import type { OpenAiDialect } from './openai-dialect';
import { rename } from './rewrite-request';

type Body = Record<string, unknown>;
export type RelayedBodyRewrite = (body: Body) => Body;

/** The rewrite of a relayed Chat Completions body, or undefined when the dialect has none. */
export function relayedChatRewrite(dialect: OpenAiDialect | undefined): RelayedBodyRewrite | undefined {
  if (dialect === undefined || dialect.encodedOnly) return undefined;
  const touches = dialect.dropFields?.length || dialect.renameFields || dialect.toolChoiceValues || dialect.streamOptions === false || rewritesMessages(dialect);
  return touches ? (body) => rewriteRelayedChat(body, dialect) : undefined;
}

/** The rewrite of a relayed Embeddings body, or undefined when the dialect has none. */
export function relayedEmbeddingsRewrite(dialect: OpenAiDialect | undefined): RelayedBodyRewrite | undefined {
  const renames = dialect?.encodedOnly ? undefined : dialect?.renameEmbeddingsFields;
  if (renames === undefined) return undefined;
  return (body) => (Object.keys(renames).some((from) => from in body) ? rename(extensibleCopy(body), renames) : body);
}

/** The client's body is never changed: it may be relayed again to another target of the endpoint. */
export function rewriteRelayedChat(body: Body, dialect: OpenAiDialect): Body {
  const out: Body = extensibleCopy(body);
  for (const field of dialect.dropFields ?? []) delete out[field];
  if (dialect.streamOptions === false) delete out.stream_options;
  const choice = out.tool_choice;
  if (typeof choice === 'string' && dialect.toolChoiceValues && Object.hasOwn(dialect.toolChoiceValues, choice)) {
    out.tool_choice = dialect.toolChoiceValues[choice as 'auto' | 'none' | 'required'];
  }
  if (Array.isArray(out.messages) && rewritesMessages(dialect)) {
    out.messages = out.messages.map((message: unknown) => (typeof message === 'object' && message !== null ? fitMessage(message as Body, dialect) : message));
  }
  return rename(out, dialect.renameFields);
}
