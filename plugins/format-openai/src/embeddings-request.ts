/**
 * The Embeddings request both ways. Token-array inputs are accepted as OpenAI accepts
 * them; providers of other families reject them themselves.
 */
import { GatewayError, isWireObject, setDefined, type EmbeddingsRequest, type WireObject } from '@model-gateway/core';
import { z } from 'zod';
import { parseRequest } from '@model-gateway/core';
import { unknownFields, withUnknownFields } from './unknown-fields';

const EMBEDDINGS_REQUEST_FIELDS: ReadonlySet<string> = new Set(['model', 'input', 'encoding_format', 'dimensions', 'user']);

const input = z.union(
  [
    z.string().min(1),
    z.array(z.string()).min(1),
    z.array(z.int()).min(1),
    z.array(z.array(z.int()).min(1)).min(1),
  ],
  { error: 'expected a non-empty string, an array of strings, an array of token ids or an array of token-id arrays' },
);

const shape = {
  input,
  encoding_format: z.enum(['float', 'base64']).nullish(),
  dimensions: z.int().min(1).nullish(),
  user: z.string().nullish(),
};

const embeddingsBody = z.looseObject(shape);
const embeddingsBodyWithModel = z.looseObject({ model: z.string().min(1), ...shape });

export function decodeEmbeddingsRequest(body: unknown, options: { requireModel: boolean }): { model?: string; request: EmbeddingsRequest } {
  if (!isWireObject(body)) throw new GatewayError('invalid_parameter', 'The request body must be a JSON object.');
  const wire = parseRequest(options.requireModel ? embeddingsBodyWithModel : embeddingsBody, body);
  const request: EmbeddingsRequest = {
    input: wire.input,
    encodingFormat: wire.encoding_format ?? 'float',
    extra: unknownFields(wire, EMBEDDINGS_REQUEST_FIELDS) ?? {},
  };
  if (wire.dimensions != null) request.dimensions = wire.dimensions;
  if (wire.user != null) request.user = wire.user;
  return options.requireModel ? { model: wire.model as string, request } : { request };
}

/** `float` is OpenAI's default and is left implicit, which compatible servers without the field also accept. */
export function encodeEmbeddingsRequest(request: EmbeddingsRequest, model: string): WireObject {
  const body: WireObject = { model, input: request.input };
  if (request.encodingFormat !== 'float') body.encoding_format = request.encodingFormat;
  setDefined(body, 'dimensions', request.dimensions);
  setDefined(body, 'user', request.user);
  return withUnknownFields(body, request.extra, EMBEDDINGS_REQUEST_FIELDS);
}
