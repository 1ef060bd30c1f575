import { decodeCohereEmbed, encodeCohereEmbed } from './cohere-embed';
import { decodeCohereError } from './cohere-error';

describe('encodeCohereEmbed', () => {
  it('sends texts, the connection\'s input type and float embeddings', () => {
    expect(encodeCohereEmbed({ input: ['a', 'b'], encodingFormat: 'float', extra: {} }, 'embed-v4.0', 'search_document')).toEqual({
      model: 'embed-v4.0', texts: ['a', 'b'], input_type: 'search_document', embedding_types: ['float'],
    });
  });

  it('takes a single string, an output dimension, and the request\'s own input_type and truncate', () => {
    expect(encodeCohereEmbed({ input: 'q', encodingFormat: 'base64', dimensions: 256, extra: { input_type: 'search_query', truncate: 'END' } }, 'embed-v4.0', 'search_document')).toEqual({
      model: 'embed-v4.0', texts: ['q'], input_type: 'search_query', embedding_types: ['float'], output_dimension: 256, truncate: 'END',
    });
  });

  it('refuses a truncate value v2 does not take, rather than relaying it or dropping it unseen', () => {
    for (const truncate of ['LEFT', 3]) {
      expect(() => encodeCohereEmbed({ input: 'x', encodingFormat: 'float', extra: { truncate } }, 'e', 'search_document')).toThrow(expect.objectContaining({ param: 'truncate' }));
    }
  });

  it('refuses token ids and an unknown input_type, and drops user', () => {
    expect(() => encodeCohereEmbed({ input: [1, 2, 3], encodingFormat: 'float', extra: {} }, 'e', 'search_document')).toThrow(expect.objectContaining({ param: 'input' }));
    expect(() => encodeCohereEmbed({ input: 'x', encodingFormat: 'float', extra: { input_type: 'poetry' } }, 'e', 'search_document')).toThrow(expect.objectContaining({ param: 'input_type' }));
    expect(encodeCohereEmbed({ input: 'x', encodingFormat: 'float', user: 'u', extra: {} }, 'e', 'search_document')).not.toHaveProperty('user');
  });
});

describe('decodeCohereEmbed', () => {
  it('reads float vectors in order and billed input tokens', () => {
    const response = decodeCohereEmbed({ id: 'e', embeddings: { float: [[0.1, 0.2], [0.3, 0.4]] }, texts: ['a', 'b'], meta: { billed_units: { input_tokens: 4 } }, response_type: 'embeddings_by_type' }, 'embed-v4.0');
    expect(response).toEqual({
      model: 'embed-v4.0',
      data: [{ index: 0, embedding: [0.1, 0.2] }, { index: 1, embedding: [0.3, 0.4] }],
      usage: { inputTokens: 4, outputTokens: 0, totalTokens: 4 },
    });
  });

  it('rejects a body without float embeddings', () => {
    expect(() => decodeCohereEmbed({ embeddings: { int8: [[1]] } }, 'e')).toThrow(expect.objectContaining({ code: 'upstream_invalid_response' }));
  });
});

describe('decodeCohereError', () => {
  it('reads {message}, and falls back to an excerpt', () => {
    expect(decodeCohereError(429, '{"id":"x","message":"too many tokens"}')).toEqual({ message: 'too many tokens' });
    expect(decodeCohereError(502, '<html> bad\n gateway </html>')).toEqual({ message: 'Cohere returned HTTP 502: <html> bad gateway </html>' });
    expect(decodeCohereError(500, '')).toEqual({ message: 'Cohere returned HTTP 500' });
  });
});
