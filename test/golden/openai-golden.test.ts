import type { CallContext, ChatChunk, ChatRequest, ChatResponse, EmbeddingsRequest, EmbeddingsResponse } from '@model-gateway/core';
import {
  decodeChatChunk, decodeChatRequest, decodeChatResponse, decodeEmbeddingsRequest, decodeEmbeddingsResponse,
  encodeChatRequest, encodeChatResponse, encodeEmbeddingsRequest, encodeEmbeddingsResponse, openAiChatOutput,
} from '@model-gateway/format-openai';
import { normalizeAnswer, OPENAI_DIALECT, rewriteChatBody } from '@model-gateway/provider-openai';
import { GROQ_DIALECT, MISTRAL_DIALECT } from '@model-gateway/provider-catalog';
import { expectGolden, readFixture } from './golden-file';

/**
 * OpenAI's Chat Completions and Embeddings format both ways. The provider side is what
 * a connection of type `openai` sends and reads (format-openai's encoding, then the
 * openai dialect, which places top-k); the API-style side is what the OpenAI-compatible
 * routes read from clients and write back. The last group shows two OpenAI-compatible
 * providers' dialects on top of the same format. Each input is `openai/<case>.input.json`;
 * its reviewed output is `openai/<case>.json`.
 */
const DIR = 'openai';

/** SSE text as the list of `data:` payloads a client reads, parsed (the final [DONE] kept as text). */
function dataEvents(sse: string): unknown[] {
  return sse
    .split('\n\n')
    .filter(Boolean)
    .map((block) => block.slice('data: '.length))
    .map((data) => (data === '[DONE]' ? data : JSON.parse(data)));
}

describe('golden: OpenAI Chat Completions, provider side', () => {
  it.each([
    'encode-request-text', 'encode-request-multi-turn', 'encode-request-vision', 'encode-request-tools',
    'encode-request-tool-results', 'encode-request-json-schema', 'encode-request-reasoning',
  ])('encodes %s', (name) => {
    const { model, request } = readFixture<{ model: string; request: ChatRequest }>(`${DIR}/${name}.input`);
    expectGolden(`${DIR}/${name}`, rewriteChatBody(encodeChatRequest(request, model), request, OPENAI_DIALECT));
  });

  it.each(['decode-response-text', 'decode-response-tool-calls', 'decode-response-reasoning-cache'])('decodes %s', (name) => {
    expectGolden(`${DIR}/${name}`, decodeChatResponse(readFixture(`${DIR}/${name}.input`)));
  });

  it.each(['decode-stream-text-tools', 'decode-stream-reasoning'])('decodes %s', (name) => {
    expectGolden(`${DIR}/${name}`, readFixture<unknown[]>(`${DIR}/${name}.input`).map((chunk) => decodeChatChunk(chunk)));
  });

  it('encodes encode-embeddings-request', () => {
    const { model, request } = readFixture<{ model: string; request: EmbeddingsRequest }>(`${DIR}/encode-embeddings-request.input`);
    expectGolden(`${DIR}/encode-embeddings-request`, encodeEmbeddingsRequest(request, model));
  });

  it('decodes decode-embeddings-response', () => {
    expectGolden(`${DIR}/decode-embeddings-response`, decodeEmbeddingsResponse(readFixture(`${DIR}/decode-embeddings-response.input`)));
  });
});

describe('golden: OpenAI Chat Completions, API-style side', () => {
  it.each(['decode-request-text', 'decode-request-tools-results', 'decode-request-vision-schema'])('decodes %s', (name) => {
    expectGolden(`${DIR}/${name}`, decodeChatRequest(readFixture(`${DIR}/${name}.input`), { requireModel: true }));
  });

  it.each(['encode-response-text', 'encode-response-tool-calls'])('encodes %s', (name) => {
    expectGolden(`${DIR}/${name}`, encodeChatResponse(readFixture<ChatResponse>(`${DIR}/${name}.input`)));
  });

  it('encodes encode-stream-text-tools as the SSE a client reads (it asked for usage)', () => {
    const call = { request: { streamUsage: true } } as unknown as CallContext;
    const sse = readFixture<ChatChunk[]>(`${DIR}/encode-stream-text-tools.input`).map((chunk) => openAiChatOutput.chunk(chunk, call) ?? '').join('') + openAiChatOutput.done(call);
    expectGolden(`${DIR}/encode-stream-text-tools`, dataEvents(sse));
  });

  it('decodes decode-embeddings-request', () => {
    expectGolden(`${DIR}/decode-embeddings-request`, decodeEmbeddingsRequest(readFixture(`${DIR}/decode-embeddings-request.input`), { requireModel: true }));
  });

  it('encodes encode-embeddings-response, as base64 for a client that asked for it', () => {
    const response = readFixture<EmbeddingsResponse>(`${DIR}/encode-embeddings-response.input`);
    expectGolden(`${DIR}/encode-embeddings-response`, { float: encodeEmbeddingsResponse(response, 'float'), base64: encodeEmbeddingsResponse(response, 'base64') });
  });
});

describe('golden: OpenAI-compatible dialects', () => {
  it('Mistral request: random_seed, max_tokens, tool_choice "any", nine-character tool call ids, no stream_options', () => {
    const { model, request } = readFixture<{ model: string; request: ChatRequest }>(`${DIR}/dialect-mistral-request.input`);
    expectGolden(`${DIR}/dialect-mistral-request`, rewriteChatBody(encodeChatRequest(request, model), request, MISTRAL_DIALECT));
  });

  it('Mistral answer: thinking and text chunks read as reasoning and content', () => {
    expectGolden(`${DIR}/dialect-mistral-response`, decodeChatResponse(normalizeAnswer(readFixture(`${DIR}/dialect-mistral-response.input`), 'message', MISTRAL_DIALECT)));
  });

  it('Groq stream: `reasoning` deltas read as reasoning', () => {
    const chunks = readFixture<unknown[]>(`${DIR}/dialect-groq-stream.input`);
    expectGolden(`${DIR}/dialect-groq-stream`, chunks.map((chunk) => decodeChatChunk(normalizeAnswer(chunk, 'delta', GROQ_DIALECT))));
  });
});
