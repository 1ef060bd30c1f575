import { catalogProvider } from '../catalog-provider';
import { DIALECT_ROWS } from './dialect-rows';

/**
 * The five providers that were packages of their own, now rows: each definition holds the
 * facts its package declared, and each connection reaches exactly the operations it served.
 */
const definition = (type: string) => catalogProvider(DIALECT_ROWS.find((row) => row.type === type)!);
const ALL = { chat: true, embeddings: true, streaming: true, tools: true, vision: true, jsonSchema: true, passthrough: ['openai'] };

describe('DIALECT_ROWS', () => {
  it.each([
    ['mistral', 'Mistral AI (La Plateforme)', 'Mistral AI', 'https://api.mistral.ai/v1', 'MISTRAL_API_KEY', ALL],
    ['groq', 'Groq', 'Groq', 'https://api.groq.com/openai/v1', 'GROQ_API_KEY', { ...ALL, embeddings: false }],
    ['together', 'Together AI', 'Together AI', 'https://api.together.xyz/v1', 'TOGETHER_API_KEY', ALL],
    ['fireworks', 'Fireworks AI', 'Fireworks AI', 'https://api.fireworks.ai/inference/v1', 'FIREWORKS_API_KEY', ALL],
  ])('%s: a hosted API with a bearer key and its own facts', (type, displayName, label, baseUrl, keyEnv, capabilities) => {
    const provider = definition(type);
    expect(provider).toMatchObject({ type, displayName, label, defaultBaseUrl: baseUrl, apiKeyEnv: keyEnv, requiresApiKey: true, auth: { kind: 'bearer' }, capabilities });
    expect(provider.optionsSchema).toBeUndefined();
  });

  it('ollama: a local server, no key variable and no key required, a configured key sent as a bearer token', () => {
    expect(definition('ollama')).toMatchObject({
      displayName: 'Ollama (local models, OpenAI-compatible API)',
      label: 'Ollama',
      defaultBaseUrl: 'http://127.0.0.1:11434/v1',
      apiKeyEnv: undefined,
      requiresApiKey: false,
      auth: { kind: 'bearer' },
      capabilities: ALL,
    });
  });

  it.each([
    ['mistral', ['chat/completions', 'embeddings']],
    ['groq', ['chat/completions', 'responses']],
    ['together', ['chat/completions', 'embeddings', 'responses']],
    ['fireworks', ['chat/completions', 'embeddings']],
    ['ollama', ['chat/completions', 'embeddings', 'responses']],
  ])('%s serves %j under its base URL, and no other OpenAI operation', (type, operations) => {
    const connection = definition(type).createConnection({ name: 'c', type, baseUrl: 'https://up.test/v1', headers: {}, options: {} });
    for (const operation of ['chat/completions', 'embeddings', 'responses']) {
      const expected = operations.includes(operation) ? `https://up.test/v1/${operation}` : undefined;
      expect([operation, connection.passthrough?.('openai', operation, 'm')?.url]).toEqual([operation, expected]);
    }
  });

  it('gives every row its dialect, labelled as the errors name the vendor', () => {
    expect(DIALECT_ROWS.map((row) => [row.type, row.dialect?.label])).toEqual([
      ['mistral', 'Mistral'],
      ['groq', 'Groq'],
      ['together', 'Together AI'],
      ['fireworks', 'Fireworks AI'],
      ['ollama', 'Ollama'],
    ]);
  });
});
