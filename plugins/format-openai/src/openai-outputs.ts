import { renderGatewayError, sseData, type ChatOutput, type EmbeddingsOutput } from '@model-gateway/core';
import { encodeChatChunk } from './chat-chunk';
import { encodeChatResponse } from './chat-response';
import { encodeEmbeddingsResponse } from './embeddings-response';

/**
 * Writes canonical results the way OpenAI's API does, for every route that
 * answers in OpenAI's format. The gateway always asks the upstream for usage;
 * the usage-only final chunk reaches the client only if it asked for it.
 */
export const openAiChatOutput: ChatOutput = {
  response: (response) => encodeChatResponse(response),
  chunk: (chunk, call) => {
    if (chunk.choices.length === 0 && chunk.usage && !(call.request as { streamUsage?: boolean }).streamUsage) return null;
    return sseData(encodeChatChunk(chunk));
  },
  done: () => 'data: [DONE]\n\n',
  // OpenAI reports a failure inside a stream as an `error` object event; no [DONE] follows.
  streamError: (error) => sseData(renderGatewayError(error).body),
  // Chat Completions has no field for signed reasoning: its clients send back only the tool calls.
  carriesReasoningSignature: false,
};

export const openAiEmbeddingsOutput: EmbeddingsOutput = {
  response: (response, call) =>
    encodeEmbeddingsResponse(response, (call.request as { encodingFormat: 'float' | 'base64' }).encodingFormat),
};

