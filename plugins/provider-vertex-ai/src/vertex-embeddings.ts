/**
 * Vertex AI text embeddings through `predict`: `{instances: [{content}], parameters}`
 * in, `{predictions: [{embeddings: {values, statistics: {token_count}}}]}` out. The
 * token counts are the only usage Vertex reports for embeddings; they are input tokens.
 *
 * gemini-embedding models take one instance per request; the older text-embedding
 * models take up to 250. Requests are cut to fit and their answers joined in order.
 */
import { invalidUpstream } from '@model-gateway/core';

const BATCH_LIMIT = 250;

export function predictBatches(model: string, texts: string[]): string[][] {
  const size = model.startsWith('gemini-embedding') ? 1 : BATCH_LIMIT;
  const batches: string[][] = [];
  for (let i = 0; i < texts.length; i += size) batches.push(texts.slice(i, i + size));
  return batches;
}

export function encodePredictRequest(texts: string[], dimensions: number | undefined): Record<string, unknown> {
  const body: Record<string, unknown> = { instances: texts.map((content) => ({ content })) };
  if (dimensions !== undefined) body.parameters = { outputDimensionality: dimensions };
  return body;
}

export interface PredictedEmbeddings {
  vectors: number[][];
  /** Undefined when no prediction stated its token count. */
  tokens?: number;
}

export function decodePredictResponse(body: unknown, expected: number): PredictedEmbeddings {
  const predictions = (body as { predictions?: unknown })?.predictions;
  if (!Array.isArray(predictions) || predictions.length !== expected) {
    throw invalidUpstream(`expected ${expected} predictions, got ${Array.isArray(predictions) ? predictions.length : 'none'}`);
  }
  let tokens: number | undefined;
  const vectors = predictions.map((prediction, i) => {
    const embeddings = (prediction as { embeddings?: { values?: unknown; statistics?: { token_count?: unknown } } })?.embeddings;
    const values = embeddings?.values;
    if (!Array.isArray(values) || !values.every((x) => typeof x === 'number')) throw invalidUpstream(`predictions[${i}].embeddings.values is not a number array`);
    const count = embeddings?.statistics?.token_count;
    if (typeof count === 'number') tokens = (tokens ?? 0) + count;
    return values as number[];
  });
  return tokens === undefined ? { vectors } : { vectors, tokens };
}
