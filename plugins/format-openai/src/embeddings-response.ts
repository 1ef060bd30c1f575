/**
 * The Embeddings response both ways. Vectors are kept in whatever form the provider sent
 * (numbers or base64) and converted once, on encode, to the form the client asked for.
 */
import { encodeVector, invalidUpstream, numberOr, requireArray, requireObject, stringOr, type Embedding, type EmbeddingEncoding, type EmbeddingsResponse, type WireObject } from '@model-gateway/core';
import { decodeUsage } from './usage';

export function decodeEmbeddingsResponse(body: unknown): EmbeddingsResponse {
  const wire = requireObject(body, 'the body');
  const response: EmbeddingsResponse = {
    model: stringOr(wire.model, ''),
    data: requireArray(wire.data, 'data').map(decodeEmbedding),
  };
  const usage = decodeUsage(wire.usage);
  if (usage) response.usage = usage;
  return response;
}

/**
 * Usage is always written, as the OpenAI SDKs' CreateEmbeddingResponse requires it; a provider
 * that reports no token counts (Gemini) gets zeros, not an estimate that could pass for a count.
 */
export function encodeEmbeddingsResponse(response: EmbeddingsResponse, encoding: EmbeddingEncoding): WireObject {
  const wire: WireObject = {
    object: 'list',
    data: response.data.map((item) => ({
      object: 'embedding',
      index: item.index,
      embedding: encodeVector(item.embedding, encoding),
    })),
    model: response.model,
    usage: { prompt_tokens: response.usage?.inputTokens ?? 0, total_tokens: response.usage?.totalTokens ?? 0 },
  };
  return wire;
}

function decodeEmbedding(value: unknown, position: number): Embedding {
  const where = `data[${position}]`;
  const wire = requireObject(value, where);
  const vector = wire.embedding;
  const usable = typeof vector === 'string' || (Array.isArray(vector) && vector.every((x) => typeof x === 'number'));
  if (!usable) throw invalidUpstream(`${where}.embedding is neither a number array nor a base64 string`);
  return { index: numberOr(wire.index, position), embedding: vector as number[] | string };
}
