import type { ModelEntry } from '@model-gateway/model-catalog';
import { legacyModelIds, monthsBefore } from './model-legacy';

const entry = (id: string, more: Partial<ModelEntry> = {}): ModelEntry => ({ providerType: 'openai', id, prices: {}, capabilities: {}, sources: ['genai-prices'], ...more });

describe('legacyModelIds', () => {
  it('flags deprecated models, retired families and models far older than the newest dated one', () => {
    const ids = legacyModelIds([
      entry('gpt-5', { releaseDate: '2025-08-07' }),
      entry('gpt-4o', { releaseDate: '2024-05-13' }),
      entry('gpt-4-turbo', { releaseDate: '2023-11-06' }),
      entry('old-model', { releaseDate: '2024-02-06' }),
      entry('edge-model', { releaseDate: '2024-02-07' }),
      entry('gone', { deprecated: true }),
      entry('ada'),
      entry('gpt-6-sol'),
    ]);
    expect([...ids].sort()).toEqual(['ada', 'gone', 'gpt-4-turbo', 'old-model']);
  });

  it('judges a name that serves another model by that model', () => {
    expect(legacyModelIds([entry('databricks-claude-3-7-sonnet', { sameAs: { providerType: 'anthropic', model: 'claude-3-7-sonnet-latest' } })])).toEqual(new Set(['databricks-claude-3-7-sonnet']));
  });

  it('flags nothing by age when no model is dated', () => {
    expect(legacyModelIds([entry('a'), entry('b')]).size).toBe(0);
  });
});

describe('monthsBefore', () => {
  it('counts calendar months back', () => {
    expect(monthsBefore('2025-08-07', 18)).toBe('2024-02-07');
    expect(monthsBefore('2025-01-15', 1)).toBe('2024-12-15');
  });
});
