import type { GatewayPlugin } from '@model-gateway/core';
import { catalogProvider } from './catalog-provider';
import { CATALOG_ROWS } from './catalog-rows';

export { CATALOG_ROWS };
export { catalogProvider, rowOperations } from './catalog-provider';
export type { CatalogRow, Feature } from './catalog-row';
export { FIREWORKS_DIALECT } from './dialects/fireworks-dialect';
export { GROQ_DIALECT } from './dialects/groq-dialect';
export { MISTRAL_DIALECT } from './dialects/mistral-dialect';
export { OLLAMA_DIALECT } from './dialects/ollama-dialect';
export { TOGETHER_DIALECT } from './dialects/together-dialect';

const plugin: GatewayPlugin = {
  specVersion: 1,
  name: 'provider-catalog',
  kind: 'provider',
  register: (api) => {
    for (const row of CATALOG_ROWS) api.registerProvider(catalogProvider(row));
  },
};

export default plugin;
