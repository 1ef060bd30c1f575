import { GatewayError, encodeVector } from '@model-gateway/core';
import { decodeEmbeddingsRequest, encodeEmbeddingsRequest } from './embeddings-request';
import { decodeEmbeddingsResponse, encodeEmbeddingsResponse } from './embeddings-response';

function errorOf(body: unknown, requireModel = false): GatewayError {
  try {
    decodeEmbeddingsRequest(body, { requireModel });
  } catch (error) {
    if (error instanceof GatewayError) return error;
    throw error;
  }
  throw new Error('expected the body to be rejected');
}

const INPUT_SHAPES = 'input: expected a non-empty string, an array of strings, an array of token ids or an array of token-id arrays';

describe('decodeEmbeddingsRequest', () => {
  it.each<[string, unknown]>([
    ['a string', 'hello'],
    ['strings', ['a', 'b']],
    ['tokens', [1, 2, 3]],
    ['token arrays', [[1, 2], [3]]],
  ])('accepts %s as input', (_, input) => {
    const { request } = decodeEmbeddingsRequest({ input }, { requireModel: false });
    expect(request).toEqual({ input, encodingFormat: 'float', extra: {} });
  });

  it('maps every field and keeps unknown ones', () => {
    const result = decodeEmbeddingsRequest(
      { model: 'text-embedding-3-small', input: 'x', encoding_format: 'base64', dimensions: 256, user: 'u', priority: 'low' },
      { requireModel: true },
    );
    expect(result).toEqual({
      model: 'text-embedding-3-small',
      request: { input: 'x', encodingFormat: 'base64', dimensions: 256, user: 'u', extra: { priority: 'low' } },
    });
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['input missing', {}, 'input', INPUT_SHAPES],
    ['input empty', { input: '' }, 'input', 'input: must not be empty'],
    ['input an empty array', { input: [] }, 'input', INPUT_SHAPES],
    ['input mixed', { input: ['a', 1] }, 'input', INPUT_SHAPES],
    ['input an object', { input: { text: 'a' } }, 'input', INPUT_SHAPES],
    ['encoding_format unknown', { input: 'a', encoding_format: 'int8' }, 'encoding_format', 'encoding_format: must be one of "float", "base64", got "int8"'],
    ['dimensions zero', { input: 'a', dimensions: 0 }, 'dimensions', 'dimensions: must be >= 1'],
    ['dimensions fractional', { input: 'a', dimensions: 2.5 }, 'dimensions', 'dimensions: expected an integer, got 2.5'],
    ['user a number', { input: 'a', user: 1 }, 'user', 'user: expected a string, got 1'],
  ])('names the parameter when %s', (_, body, param, message) => {
    const error = errorOf(body);
    expect(error.code).toBe('invalid_parameter');
    expect(error.param).toBe(param);
    expect(error.message).toBe(message);
  });

  it('requires the model only when asked to', () => {
    expect(errorOf({ input: 'a' }, true).message).toBe('model: required');
    expect(decodeEmbeddingsRequest({ model: 1, input: 'a' }, { requireModel: false }).model).toBeUndefined();
    expect(errorOf(['a']).message).toBe('The request body must be a JSON object.');
  });
});

describe('encodeEmbeddingsRequest', () => {
  it('round-trips a body', () => {
    const body = { model: 'text-embedding-3-large', input: ['a', 'b'], encoding_format: 'base64', dimensions: 1024, user: 'u', extra_field: true };
    const { model, request } = decodeEmbeddingsRequest(body, { requireModel: true });
    expect(encodeEmbeddingsRequest(request, model as string)).toEqual(body);
  });

  it('leaves the default float encoding implicit', () => {
    expect(encodeEmbeddingsRequest({ input: 'a', encodingFormat: 'float', extra: {} }, 'm')).toEqual({ model: 'm', input: 'a' });
  });
});

describe('embeddings responses', () => {
  const floats = [0.1, -0.25, 3.14159, 1e-7, -42];
  const wire = {
    object: 'list',
    data: [{ object: 'embedding', index: 0, embedding: floats }],
    model: 'text-embedding-3-small',
    usage: { prompt_tokens: 5, total_tokens: 5 },
  };

  it('decodes vectors as the provider sent them', () => {
    const base64 = encodeVector(floats, 'base64');
    const decoded = decodeEmbeddingsResponse({ ...wire, data: [{ object: 'embedding', index: 0, embedding: base64 }] });
    expect(decoded.data[0].embedding).toBe(base64);
    expect(decoded.usage).toEqual({ inputTokens: 5, outputTokens: 0, totalTokens: 5 });
  });

  it('round-trips float vectors exactly', () => {
    expect(encodeEmbeddingsResponse(decodeEmbeddingsResponse(wire), 'float')).toEqual(wire);
  });

  it('converts float to base64 and back within float32 precision', () => {
    const asBase64 = encodeEmbeddingsResponse(decodeEmbeddingsResponse(wire), 'base64');
    const vector = (asBase64.data as Array<{ embedding: unknown }>)[0].embedding;
    expect(typeof vector).toBe('string');
    expect(Buffer.from(vector as string, 'base64')).toHaveLength(floats.length * 4);

    const back = encodeEmbeddingsResponse(decodeEmbeddingsResponse(asBase64), 'float');
    const restored = (back.data as Array<{ embedding: number[] }>)[0].embedding;
    expect(restored).toHaveLength(floats.length);
    restored.forEach((value, i) => expect(value).toBeCloseTo(Math.fround(floats[i]), 10));
    expect(restored).not.toEqual(floats);
  });

  it('writes zero usage when the provider reported none, as the SDKs require the field', () => {
    const encoded = encodeEmbeddingsResponse({ model: 'm', data: [{ index: 0, embedding: [1] }] }, 'float');
    expect(encoded).toEqual({ object: 'list', data: [{ object: 'embedding', index: 0, embedding: [1] }], model: 'm', usage: { prompt_tokens: 0, total_tokens: 0 } });
  });

  it.each<[string, unknown]>([
    ['no data', { model: 'm' }],
    ['a vector of strings', { data: [{ index: 0, embedding: ['a'] }] }],
    ['a missing vector', { data: [{ index: 0 }] }],
  ])('rejects a response with %s', (_, body) => {
    expect(() => decodeEmbeddingsResponse(body)).toThrow(expect.objectContaining({ code: 'upstream_invalid_response' }));
  });
});
