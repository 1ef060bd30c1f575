import type { LocalAnswer, TranslatedCall, TranslatedChat } from '@model-gateway/core';
import { decodeChatRequest, decodeEmbeddingsRequest, openAiChatOutput, openAiEmbeddingsOutput } from '@model-gateway/format-openai';
import { decodeResponsesRequest, DROPPED_TOOLS_HEADER, responsesChatOutput } from '@model-gateway/format-openai-responses';
import { fitReasoning, type CapabilitiesOf } from '@model-gateway/model-catalog';

/**
 * Decodes a passthrough body for an endpoint whose provider does not speak OpenAI's
 * format: the same decoders and encoders as the unified API, so a client of
 * /gateway/openai/v1 gets exactly the answers OpenAI's API would give. The Responses API
 * is translated in its stateless subset; what needs stored responses is a clear 400.
 * Reasoning controls go only to a target whose model has reasoning (fitReasoning).
 */
export type OpenAiOperation = 'chat/completions' | 'embeddings' | 'responses';

export function translateOpenAiCall(operation: OpenAiOperation, body: Record<string, unknown>, capabilitiesOf: CapabilitiesOf): Exclude<TranslatedCall, LocalAnswer> {
  switch (operation) {
    case 'chat/completions':
      return withReasoningFit({ kind: 'chat', request: decodeChatRequest(body, { requireModel: true }).request, output: openAiChatOutput }, capabilitiesOf, 'reasoning_effort');
    case 'embeddings':
      return { kind: 'embeddings', request: decodeEmbeddingsRequest(body, { requireModel: true }).request, output: openAiEmbeddingsOutput };
    case 'responses': {
      const { request, echo, droppedTools } = decodeResponsesRequest(body, { route: 'passthrough' });
      const translated: TranslatedChat = { kind: 'chat', request, output: responsesChatOutput(echo) };
      if (droppedTools.length > 0) translated.headers = { [DROPPED_TOOLS_HEADER]: droppedTools.join(', ') };
      return withReasoningFit(translated, capabilitiesOf, 'reasoning.effort');
    }
  }
}

function withReasoningFit(translated: TranslatedChat, capabilitiesOf: CapabilitiesOf, clientField: string): TranslatedChat {
  const forTarget = fitReasoning(translated.request, capabilitiesOf, clientField);
  if (forTarget) translated.forTarget = forTarget;
  return translated;
}
