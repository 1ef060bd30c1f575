import { ModelCatalog } from './model-catalog';
import { modelsDevCatalog } from './models-dev-source';

describe('Gemini 3 in the catalogue', () => {
  const catalog = new ModelCatalog(() => ({}), { modelsDev: modelsDevCatalog() });

  it.each([['gemini', 'gemini-3-pro-preview'], ['gemini', 'gemini-3-flash-preview'], ['vertex-ai', 'gemini-3-pro-preview']])('%s %s has reasoning', (type, model) => {
    expect(catalog.lookup(type, model)?.capabilities.reasoning).toBe(true);
  });
});
