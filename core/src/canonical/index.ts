export * from './chat';
export * from './embeddings';
export * from './usage';
export { encodeVector } from './vector-encoding';
