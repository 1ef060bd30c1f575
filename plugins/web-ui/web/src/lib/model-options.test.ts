import { modelList, modelPlaceholder, type ListedModel } from './model-options';

const model = (id: string, extra: Partial<ListedModel> = {}): ListedModel =>
  ({
    id,
    object: 'model',
    provider_type: 'openai',
    kind: 'chat',
    display_name: null,
    context_window: null,
    max_output_tokens: null,
    pricing: { currency: 'USD', unit: 'per_million_tokens', input: null, output: null, cache_read: null, cache_write: null },
    capabilities: { tools: null, reasoning: null, caching: null, vision: null },
    deprecated: false,
    legacy: false,
    release_date: null,
    same_as: null,
    sources: ['models.dev'],
    ...extra,
  }) as ListedModel;

// In the server's display order: current first, newest first.
const catalogue = [
  model('gpt-4.1', { capabilities: { tools: true, reasoning: null, caching: null, vision: true } }),
  model('ft:gpt-4o-mini'),
  model('gpt-4o-mini-2024-07-18'),
  model('gpt-4o-mini', { capabilities: { tools: true, reasoning: null, caching: null, vision: null } }),
  model('o3-mini', { capabilities: { tools: true, reasoning: true, caching: null, vision: null } }),
  model('text-embedding-3-small', { kind: 'embeddings' }),
  model('gpt-4o-mini-tts', { kind: 'speech' }),
  model('babbage-002', { legacy: true }),
  model('davinci-002', { deprecated: true }),
];

const ids = (options: { id: string; model?: unknown }[]) => options.map((o) => (o.model ? o.id : `custom:${o.id}`));

describe('modelList', () => {
  it('puts the exact name typed first, so Enter saves that name and not a longer one listed before it', () => {
    const list = modelList({ models: catalogue, kind: 'chat', query: 'gpt-4o-mini' });
    expect(ids(list.options)).toEqual(['gpt-4o-mini', 'ft:gpt-4o-mini', 'gpt-4o-mini-2024-07-18']);
    expect(list.exact?.id).toBe('gpt-4o-mini');
  });

  it('trims what is typed and matches case-sensitively: another case is a custom name, offered first', () => {
    expect(ids(modelList({ models: catalogue, kind: 'chat', query: '  gpt-4o-mini ' }).options)[0]).toBe('gpt-4o-mini');
    const other = modelList({ models: catalogue, kind: 'chat', query: 'GPT-4o-mini' });
    expect(ids(other.options)).toEqual(['custom:GPT-4o-mini', 'ft:gpt-4o-mini', 'gpt-4o-mini-2024-07-18', 'gpt-4o-mini']);
    expect(other.exact).toBeUndefined();
  });

  it('offers a name the catalogue lacks as the first, explicit custom entry, followed by what matches', () => {
    expect(ids(modelList({ models: catalogue, kind: 'chat', query: 'my-finetune' }).options)).toEqual(['custom:my-finetune']);
    expect(ids(modelList({ models: catalogue, kind: 'chat', query: 'gpt-4o-mini-20' }).options)).toEqual(['custom:gpt-4o-mini-20', 'gpt-4o-mini-2024-07-18']);
  });

  it("lists only models of the endpoint's kind, current ones in the server's order, older ones behind the toggle", () => {
    const chat = modelList({ models: catalogue, kind: 'chat', query: '' });
    expect(ids(chat.options)).toEqual(['gpt-4.1', 'ft:gpt-4o-mini', 'gpt-4o-mini-2024-07-18', 'gpt-4o-mini', 'o3-mini']);
    expect(chat.olderCount).toBe(2);
    expect(ids(modelList({ models: catalogue, kind: 'chat', query: '', showOlder: true }).options)).toEqual([
      'gpt-4.1',
      'ft:gpt-4o-mini',
      'gpt-4o-mini-2024-07-18',
      'gpt-4o-mini',
      'o3-mini',
      'babbage-002',
      'davinci-002',
    ]);
    expect(ids(modelList({ models: catalogue, kind: 'embeddings', query: '' }).options)).toEqual(['text-embedding-3-small']);
    expect(ids(modelList({ models: catalogue, kind: 'chat', query: 'tts' }).options)).toEqual(['custom:tts']);
  });

  it('finds an older model typed exactly, with the toggle off', () => {
    expect(ids(modelList({ models: catalogue, kind: 'chat', query: 'babbage-002' }).options)).toEqual(['babbage-002']);
    expect(ids(modelList({ models: catalogue, kind: 'chat', query: 'babbage' }).options)).toEqual(['custom:babbage']);
  });

  it('keeps only models with every required capability', () => {
    const list = modelList({ models: catalogue, kind: 'chat', query: '', required: new Set(['tools', 'vision'] as const) });
    expect(ids(list.options)).toEqual(['gpt-4.1']);
  });
});

describe('modelPlaceholder', () => {
  it('counts what the open list shows', () => {
    expect(modelPlaceholder(modelList({ models: catalogue, kind: 'chat', query: '' }), 'chat', false)).toBe('Search 5 chat models, or type a name…');
    expect(modelPlaceholder(modelList({ models: catalogue, kind: 'chat', query: '', showOlder: true }), 'chat', false)).toBe('Search 7 chat models, or type a name…');
    expect(modelPlaceholder(modelList({ models: catalogue, kind: 'embeddings', query: '' }), 'embeddings', false)).toBe('Search 1 embeddings model, or type a name…');
    expect(modelPlaceholder(modelList({ models: [], kind: 'chat', query: '' }), 'chat', false)).toBe('Type the model name…');
    expect(modelPlaceholder(modelList({ models: catalogue, kind: 'chat', query: '' }), 'chat', true)).toBe('Loading models…');
  });
});
