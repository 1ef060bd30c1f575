/**
 * Canonical embeddings to and from Cohere's v2 `/v2/embed`. The gateway always asks for
 * float vectors and converts them to what the client asked for on the way out (base64
 * included), so `encoding_format` needs no wire counterpart here.
 */
import { finiteNumber, GatewayError, isWireObject, type EmbeddingsRequest, type EmbeddingsResponse, type WireObject } from '@model-gateway/core';
import { COHERE_INPUT_TYPES, COHERE_TRUNCATE, type CohereInputType } from './cohere-facts';
import { invalidCohere } from './cohere-wire';

/** `input_type` on the request wins over the connection's default; `truncate` is relayed once checked; `user` is not sent (Cohere has no such field). */
export function encodeCohereEmbed(request: EmbeddingsRequest, model: string, defaultInputType: CohereInputType): WireObject {
  const body: WireObject = { model, texts: texts(request.input), input_type: inputType(request.extra.input_type, defaultInputType), embedding_types: ['float'] };
  if (request.dimensions !== undefined) body.output_dimension = request.dimensions;
  if (request.extra.truncate !== undefined) body.truncate = truncate(request.extra.truncate);
  return body;
}

export function decodeCohereEmbed(body: unknown, model: string): EmbeddingsResponse {
  if (!isWireObject(body) || !isWireObject(body.embeddings) || !Array.isArray(body.embeddings.float)) throw invalidCohere('embeddings.float is not an array');
  const data = body.embeddings.float.map((vector, index) => {
    if (!Array.isArray(vector) || !vector.every((x) => typeof x === 'number')) throw invalidCohere(`embeddings.float[${index}] is not a number array`);
    return { index, embedding: vector as number[] };
  });
  const response: EmbeddingsResponse = { model, data };
  const billed = isWireObject(body.meta) && isWireObject(body.meta.billed_units) ? finiteNumber(body.meta.billed_units.input_tokens) : undefined;
  if (billed !== undefined) response.usage = { inputTokens: billed, outputTokens: 0, totalTokens: billed };
  return response;
}

function texts(input: EmbeddingsRequest['input']): string[] {
  if (typeof input === 'string') return [input];
  if (input.every((item): item is string => typeof item === 'string')) return input;
  return refuse('input', 'Cohere embeds text, not token ids');
}

function inputType(value: unknown, fallback: CohereInputType): CohereInputType {
  if (value === undefined) return fallback;
  if (typeof value === 'string' && (COHERE_INPUT_TYPES as readonly string[]).includes(value)) return value as CohereInputType;
  throw new GatewayError('invalid_parameter', `input_type: must be one of ${COHERE_INPUT_TYPES.map((t) => `"${t}"`).join(', ')}.`, { param: 'input_type' });
}

/** Cohere answers any other value with a 400; the gateway says so itself, as it does for input_type. */
function truncate(value: unknown): string {
  if (typeof value === 'string' && (COHERE_TRUNCATE as readonly string[]).includes(value)) return value;
  throw new GatewayError('invalid_parameter', `truncate: must be one of ${COHERE_TRUNCATE.map((t) => `"${t}"`).join(', ')}.`, { param: 'truncate' });
}

function refuse(param: string, hint: string): never {
  throw new GatewayError('invalid_parameter', `${param}: not supported by Cohere (${hint}).`, { param });
}
