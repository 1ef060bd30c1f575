/**
 * Whether a catalogue model makes embeddings or chat, read from its name: neither
 * price table nor models.dev says so, and embedding models are named as such by
 * every provider (text-embedding-3-small, gemini-embedding-001, embed-english-v3.0,
 * amazon.titan-embed-text-v2:0, mistral-embed) or belong to a known embedding family.
 */
const EMBEDDING_NAME = /embed|(^|[/._-])(bge|e5|gte|voyage|text-similarity|text-search)([._-]|$)/i;

export function modelKind(id: string): 'chat' | 'embeddings' {
  return EMBEDDING_NAME.test(id) ? 'embeddings' : 'chat';
}
