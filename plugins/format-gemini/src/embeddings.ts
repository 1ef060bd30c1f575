/**
 * embedContent and batchEmbedContents both ways. The gateway always calls
 * batchEmbedContents (one call for one or many texts). Gemini reports no token usage
 * for embeddings, so none is invented.
 *
 * `taskType` and `title` are hints that tune a Gemini vector for retrieval; other
 * providers have no such field (sending them on would be rejected as unknown), so a
 * translated call goes without them and the vector is the provider's plain embedding.
 */
import { encodeVector, invalidParameterAt, invalidUpstream, isWireObject, optionalArray, requireObject, unsupportedParameterAt, type EmbeddingsRequest, type EmbeddingsResponse, type WireObject } from '@model-gateway/core';
import { client } from './client-fields';
import type { BatchEmbedContentsRequest, EmbedContentRequest, GeminiEmbedding } from './gemini-wire';
import { BatchEmbedContentsRequest as BatchEmbedContentsMessage, EmbedContentRequest as EmbedContentMessage } from './gemini-proto-fields';
import { normalizeFieldNames } from './normalize-field-names';

export function decodeEmbedContentRequest(body: unknown): EmbeddingsRequest {
  // Proto field names (output_dimensionality) are as valid as JSON names, as in generateContent.
  body = normalizeFieldNames(body, EmbedContentMessage);
  if (!isWireObject(body)) throw invalidParameterAt('body', 'the request body must be a JSON object');
  const { text, dimensions } = decodeOne(body, '');
  return withDimensions({ input: text, encodingFormat: 'float', extra: {} }, dimensions);
}

export function decodeBatchEmbedContentsRequest(body: unknown): EmbeddingsRequest {
  body = normalizeFieldNames(body, BatchEmbedContentsMessage);
  if (!isWireObject(body)) throw invalidParameterAt('body', 'the request body must be a JSON object');
  const requests = client.array(body.requests, 'requests') ?? [];
  if (requests.length === 0) throw invalidParameterAt('requests', 'must not be empty');
  const decoded = requests.map((request, i) => decodeOne(client.requiredObject(request, `requests[${i}]`), `requests[${i}].`));
  const dimensions = decoded[0].dimensions;
  const differs = decoded.findIndex((one) => one.dimensions !== dimensions);
  if (differs >= 0) throw unsupportedParameterAt(`requests[${differs}].outputDimensionality`, 'every request of a translated batch must ask for the same dimensions');
  return withDimensions({ input: decoded.map((one) => one.text), encodingFormat: 'float', extra: {} }, dimensions);
}

function decodeOne(body: WireObject, prefix: string): { text: string; dimensions?: number } {
  const content = client.object(body.content, `${prefix}content`);
  if (!content) throw invalidParameterAt(`${prefix}content`, 'required');
  const parts = client.array(content.parts, `${prefix}content.parts`) ?? [];
  const texts = parts.map((part, i) => {
    const param = `${prefix}content.parts[${i}]`;
    const text = client.string(client.object(part, param)?.text, `${param}.text`);
    if (text === undefined) throw unsupportedParameterAt(param, 'only text can be embedded by this endpoint');
    return text;
  });
  if (texts.length === 0) throw invalidParameterAt(`${prefix}content.parts`, 'must not be empty');
  return { text: texts.join('\n'), dimensions: client.integer(body.outputDimensionality, `${prefix}outputDimensionality`) };
}

function withDimensions(request: EmbeddingsRequest, dimensions: number | undefined): EmbeddingsRequest {
  if (dimensions !== undefined) request.dimensions = dimensions;
  return request;
}

/** Each request of the batch names the model as a resource, `models/{model}` for a bare name. */
export function encodeBatchEmbedContentsRequest(request: EmbeddingsRequest, model: string): BatchEmbedContentsRequest {
  const resource = model.includes('/') ? model : `models/${model}`;
  return {
    requests: embeddingTexts(request).map((text) => {
      const one: EmbedContentRequest = { model: resource, content: { parts: [{ text }] } };
      if (request.dimensions !== undefined) one.outputDimensionality = request.dimensions;
      return one;
    }),
  };
}

/** The texts of a canonical request; Gemini embeds text only, not token ids. */
export function embeddingTexts(request: EmbeddingsRequest): string[] {
  const inputs = Array.isArray(request.input) ? request.input : [request.input];
  return inputs.map((input, i) => {
    if (typeof input !== 'string') throw unsupportedParameterAt(Array.isArray(request.input) ? `input[${i}]` : 'input', 'this provider embeds text, not token ids');
    return input;
  });
}

export function decodeBatchEmbedContentsResponse(body: unknown, model: string): EmbeddingsResponse {
  const wire = requireObject(body, 'the body');
  const embeddings = optionalArray(wire.embeddings, 'embeddings');
  return { model, data: embeddings.map((embedding, index) => ({ index, embedding: vectorOf(embedding, `embeddings[${index}]`) })) };
}

function vectorOf(value: unknown, where: string): number[] {
  const values = requireObject(value, where).values;
  if (!Array.isArray(values) || !values.every((x) => typeof x === 'number')) throw invalidUpstream(`${where}.values is not a number array`);
  return values as number[];
}

export function encodeEmbedContentResponse(response: EmbeddingsResponse): { embedding: GeminiEmbedding } {
  const first = response.data[0];
  return { embedding: { values: first ? (encodeVector(first.embedding, 'float') as number[]) : [] } };
}

export function encodeBatchEmbedContentsResponse(response: EmbeddingsResponse): { embeddings: GeminiEmbedding[] } {
  const ordered = [...response.data].sort((a, b) => a.index - b.index);
  return { embeddings: ordered.map((item) => ({ values: encodeVector(item.embedding, 'float') as number[] })) };
}
