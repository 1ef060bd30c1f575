import type { LocalAnswer, TranslatedCall, TranslatedChat } from '@model-gateway/core';
import { CHAT_FIELD_NAMES, decodeChatRequest, decodeEmbeddingsRequest, openAiChatOutput, openAiEmbeddingsOutput } from '@model-gateway/format-openai';
import { decodeResponsesRequest, DROPPED_TOOLS_HEADER, RESPONSES_FIELD_NAMES, responsesChatOutput } from '@model-gateway/format-openai-responses';

/**
 * Decodes a passthrough body for an endpoint whose provider does not speak OpenAI's
 * format: the same decoders and encoders as the unified API, so a client of
 * /gateway/openai/v1 gets exactly the answers OpenAI's API would give. The Responses API
 * is translated in its stateless subset; what needs stored responses is a clear 400.
 * Fields a target drops (reasoning for a model without it) are named in the client's spelling.
 */
export type OpenAiOperation = 'chat/completions' | 'embeddings' | 'responses';

export function translateOpenAiCall(operation: OpenAiOperation, body: Record<string, unknown>): Exclude<TranslatedCall, LocalAnswer> {
  switch (operation) {
    case 'chat/completions':
      return { kind: 'chat', request: decodeChatRequest(body, { requireModel: true }).request, output: openAiChatOutput, fieldNames: CHAT_FIELD_NAMES };
    case 'embeddings':
      return { kind: 'embeddings', request: decodeEmbeddingsRequest(body, { requireModel: true }).request, output: openAiEmbeddingsOutput };
    case 'responses': {
      const { request, echo, droppedTools } = decodeResponsesRequest(body, { route: 'passthrough' });
      const translated: TranslatedChat = { kind: 'chat', request, output: responsesChatOutput(echo), fieldNames: RESPONSES_FIELD_NAMES };
      if (droppedTools.length > 0) translated.headers = { [DROPPED_TOOLS_HEADER]: droppedTools.join(', ') };
      return translated;
    }
  }
}
