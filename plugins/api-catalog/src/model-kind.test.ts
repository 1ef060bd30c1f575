import { modelKind } from './model-kind';

describe('modelKind', () => {
  it.each([
    'text-embedding-3-small',
    'gemini-embedding-001',
    'embed-english-v3.0',
    'amazon.titan-embed-text-v2:0',
    'cohere.embed-multilingual-v3',
    'mistral-embed',
    'nomic-embed-text',
    'BAAI/bge-large-en-v1.5',
    'intfloat/multilingual-e5-large',
    'thenlper/gte-large',
    'voyage-3',
  ])('reads %s as an embeddings model', (id) => {
    expect(modelKind(id)).toBe('embeddings');
  });

  it.each(['gpt-4o-mini', 'claude-haiku-4-5', 'gemini-2.5-flash', 'amazon.nova-lite-v1:0', 'llama-3.1-8b', 'command-r-plus', 'deepseek-r1'])('reads %s as a chat model', (id) => {
    expect(modelKind(id)).toBe('chat');
  });
});
