import { compareListedModels, compareVersionsDescending } from './model-order';

const sorted = (ids: string[]) => [...ids].sort(compareVersionsDescending);

describe('compareVersionsDescending', () => {
  it('puts higher versions first, across major and point releases', () => {
    expect(sorted(['gpt-5', 'gpt-5.5', 'gpt-6-sol', 'gpt-5.4', 'gpt-4.1'])).toEqual(['gpt-6-sol', 'gpt-5.5', 'gpt-5.4', 'gpt-5', 'gpt-4.1']);
    expect(sorted(['o3', 'o4-mini', 'o1'])).toEqual(['o4-mini', 'o3', 'o1']);
    expect(sorted(['claude-opus-4', 'claude-opus-4-5', 'claude-opus-4-1'])).toEqual(['claude-opus-4-5', 'claude-opus-4-1', 'claude-opus-4']);
  });

  it('puts a version before a word at the same place, a base before its variants, and words alphabetically', () => {
    expect(sorted(['gpt-5-mini', 'gpt-5.5'])).toEqual(['gpt-5.5', 'gpt-5-mini']);
    expect(sorted(['gpt-5-mini', 'gpt-5', 'gpt-5-nano'])).toEqual(['gpt-5', 'gpt-5-mini', 'gpt-5-nano']);
    expect(sorted(['gpt-6-sol', 'gpt-6-astra', 'gpt-6-luna'])).toEqual(['gpt-6-astra', 'gpt-6-luna', 'gpt-6-sol']);
    expect(sorted(['gpt-4.1', 'gpt-4o'])).toEqual(['gpt-4.1', 'gpt-4o']);
  });

  it('treats a snapshot date as a variant of its model, newest snapshot first', () => {
    expect(sorted(['gpt-4o-2024-05-13', 'gpt-4o', 'gpt-4o-2024-08-06'])).toEqual(['gpt-4o', 'gpt-4o-2024-08-06', 'gpt-4o-2024-05-13']);
    expect(sorted(['claude-sonnet-4-20250514', 'claude-sonnet-4-5'])).toEqual(['claude-sonnet-4-5', 'claude-sonnet-4-20250514']);
  });

  it('is a consistent order: equal only for the same name', () => {
    expect(compareVersionsDescending('gpt-5', 'gpt-5')).toBe(0);
    expect(Math.sign(compareVersionsDescending('GPT-5', 'gpt-5'))).toBe(-Math.sign(compareVersionsDescending('gpt-5', 'GPT-5')));
  });
});

describe('compareListedModels', () => {
  it('lists current before legacy, dated newest first, then undated by version', () => {
    const models = [
      { id: 'ada', legacy: true, release_date: null },
      { id: 'gpt-3.5-turbo', legacy: true, release_date: '2023-03-01' },
      { id: 'gpt-6-sol', legacy: false, release_date: null },
      { id: 'gpt-4o', legacy: false, release_date: '2024-05-13' },
      { id: 'gpt-5.5', legacy: false, release_date: null },
      { id: 'gpt-5', legacy: false, release_date: '2025-08-07' },
      { id: 'gpt-5-mini', legacy: false, release_date: '2025-08-07' },
    ];
    expect([...models].sort(compareListedModels).map((m) => m.id)).toEqual(['gpt-5', 'gpt-5-mini', 'gpt-4o', 'gpt-6-sol', 'gpt-5.5', 'gpt-3.5-turbo', 'ada']);
  });
});
