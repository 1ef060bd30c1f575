import type { Usage } from './usage';

export type EmbeddingEncoding = 'float' | 'base64';

export interface EmbeddingsRequest {
  /** Text(s) to embed; token arrays are accepted for providers whose format takes them. */
  input: string | string[] | number[] | number[][];
  encodingFormat: EmbeddingEncoding;
  dimensions?: number;
  user?: string;
  extra: Record<string, unknown>;
}

/** A vector as numbers, or as base64 of little-endian float32 (a common wire form). */
export type EmbeddingVector = number[] | string;

export interface Embedding {
  index: number;
  embedding: EmbeddingVector;
}

export interface EmbeddingsResponse {
  model: string;
  data: Embedding[];
  usage?: Usage;
}
