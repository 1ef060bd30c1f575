import type { TranslatedChat } from '@model-gateway/core';
import { decodeAnthropicRequest } from '@model-gateway/format-anthropic';
import { DROPPED_FIELDS_HEADER, fitReasoning, type CapabilitiesOf } from '@model-gateway/model-catalog';
import { anthropicChatOutput } from './anthropic-chat-output';

/**
 * A Messages body for a provider of another format: decoded into the canonical model; the
 * Anthropic-side fields it leaves out are named in `x-gateway-dropped-fields`, and reasoning
 * (thinking, output_config.effort) goes only to a target whose model has it.
 */
export function translateAnthropicCall(body: Record<string, unknown>, capabilitiesOf: CapabilitiesOf): TranslatedChat {
  const { request, dropped, reasoningFrom } = decodeAnthropicRequest(body);
  const translated: TranslatedChat = { kind: 'chat', request, output: anthropicChatOutput };
  if (dropped.length > 0) translated.headers = { [DROPPED_FIELDS_HEADER]: dropped.join(', ') };
  const forTarget = fitReasoning(request, capabilitiesOf, reasoningFrom.join(', '));
  if (forTarget) translated.forTarget = forTarget;
  return translated;
}
