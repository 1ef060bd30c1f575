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
    'databricks-gte-large-en',
    'databricks-bge-large-en',
  ])('reads %s as an embeddings model', (id) => {
    expect(modelKind(id)).toBe('embeddings');
  });

  it.each([
    'gpt-4o-mini',
    'claude-haiku-4-5',
    'gemini-2.5-flash',
    'amazon.nova-lite-v1:0',
    'llama-3.1-8b',
    'command-r-plus',
    'deepseek-r1',
    'gpt-4o-search-preview',
    'o3-deep-research',
    'codex-mini-latest',
    'gpt-5-chat-latest',
    'voxtral-small-latest',
    'gemini-3.5-flash-lite',
    'gpt-oss-safeguard-20b',
  ])('reads %s as a chat model', (id) => {
    expect(modelKind(id)).toBe('chat');
  });

  it.each([
    ['gpt-4o-mini-tts', 'speech'],
    ['tts-1-hd', 'speech'],
    ['gemini-2.5-flash-preview-tts', 'speech'],
    ['gemini-2.5-pro-tts', 'speech'],
    ['gpt-4o-audio-preview', 'speech'],
    ['gpt-4o-mini-audio-preview', 'speech'],
    ['gpt-audio', 'speech'],
    ['gpt-audio-mini', 'speech'],
    ['whisper-1', 'transcription'],
    ['whisper-large-v3-turbo', 'transcription'],
    ['gpt-4o-transcribe', 'transcription'],
    ['gpt-4o-mini-transcribe', 'transcription'],
    ['gpt-transcribe', 'transcription'],
    ['gpt-realtime', 'realtime'],
    ['gpt-4o-realtime-preview', 'realtime'],
    ['gpt-4o-mini-realtime-preview', 'realtime'],
    ['gemini-live-2.5-flash', 'realtime'],
    ['gemini-3.1-flash-live-preview', 'realtime'],
    ['gemini-2.5-flash-native-audio-latest', 'realtime'],
    ['amazon.nova-sonic-v1:0', 'realtime'],
    ['dall-e-3', 'image'],
    ['gpt-image-1', 'image'],
    ['gpt-5-image-mini', 'image'],
    ['gpt-5.4-image-2', 'image'],
    ['gemini-2.5-flash-image', 'image'],
    ['gemini-3-pro-image-preview', 'image'],
    ['imagen-4.0-generate-001', 'image'],
    ['black-forest-labs/flux.1-schnell', 'image'],
    ['moderation', 'moderation'],
    ['omni-moderation-latest', 'moderation'],
    ['mistral-moderation-latest', 'moderation'],
  ] as const)('reads %s from its name as %s', (id, kind) => {
    expect(modelKind(id)).toBe(kind);
  });

  it.each([
    [{ input: ['text'], output: ['audio'] }, 'speech'],
    [{ input: ['audio'], output: ['text'] }, 'transcription'],
    [{ input: ['text', 'image'], output: ['text', 'image'] }, 'image'],
    [{ input: ['text'], output: ['image'] }, 'image'],
    [{ input: ['text', 'image', 'audio', 'video', 'pdf'], output: ['text'] }, 'chat'],
    [{ input: ['text', 'audio'], output: ['text'] }, 'chat'],
    [{}, 'chat'],
  ] as const)('reads an unnamed model with modalities %j as %s', (modalities, kind) => {
    expect(modelKind('some-model', modalities)).toBe(kind);
  });

  it('lets the name win over modalities that would mislead', () => {
    expect(modelKind('gemini-live-2.5-flash', { input: ['text', 'audio'], output: ['text', 'audio'] })).toBe('realtime');
    expect(modelKind('text-embedding-3-large', { input: ['text'], output: ['text'] })).toBe('embeddings');
  });
});
