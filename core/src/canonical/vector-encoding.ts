import type { EmbeddingEncoding, EmbeddingVector } from './embeddings';

/** Converts a vector to the encoding a client asked for: base64 is little-endian float32, the common wire form. */
export function encodeVector(vector: EmbeddingVector, encoding: EmbeddingEncoding): EmbeddingVector {
  if (encoding === 'base64') {
    if (typeof vector === 'string') return vector;
    const bytes = Buffer.allocUnsafe(vector.length * 4);
    for (let i = 0; i < vector.length; i++) bytes.writeFloatLE(vector[i], i * 4);
    return bytes.toString('base64');
  }
  if (typeof vector !== 'string') return vector;
  const bytes = Buffer.from(vector, 'base64');
  const out = new Array<number>(bytes.length >> 2);
  for (let i = 0; i < out.length; i++) out[i] = bytes.readFloatLE(i * 4);
  return out;
}
