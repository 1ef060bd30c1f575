import { DROPPED_FIELDS_HEADER, type TranslatedChat } from '@model-gateway/core';
import { ANTHROPIC_FIELD_NAMES, decodeAnthropicRequest } from '@model-gateway/format-anthropic';
import { anthropicChatOutput } from './anthropic-chat-output';

/**
 * A Messages body for a provider of another format: decoded into the canonical model; the
 * Anthropic-side fields it leaves out are named in `x-gateway-dropped-fields`, and so are the
 * fields a target drops (reasoning, named by what the client sent: thinking, output_config.effort).
 */
export function translateAnthropicCall(body: Record<string, unknown>): TranslatedChat {
  const { request, dropped, reasoningFrom } = decodeAnthropicRequest(body);
  const fieldNames = reasoningFrom.length > 0 ? { ...ANTHROPIC_FIELD_NAMES, reasoning: reasoningFrom.join(', ') } : ANTHROPIC_FIELD_NAMES;
  const translated: TranslatedChat = { kind: 'chat', request, output: anthropicChatOutput, fieldNames };
  if (dropped.length > 0) translated.headers = { [DROPPED_FIELDS_HEADER]: dropped.join(', ') };
  return translated;
}
