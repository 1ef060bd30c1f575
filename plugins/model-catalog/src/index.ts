import { instanceCachingFactory } from 'tsyringe';
import { TOKENS, type GatewayPlugin } from '@model-gateway/core';
import { ModelCatalog } from './model-catalog';
import { MODEL_CATALOG } from './model-catalog-token';
import { liveModelOverrides, modelsSection, type RawModelsSection } from './models-section';
import { modelsDevCatalog } from './models-dev-source';
import { capabilitiesLookup } from './model-capabilities-lookup';
import { reasoningFitPlugin } from './reasoning-fit';

export { ModelCatalog, type CatalogSources, type ModelOverrides } from './model-catalog';
export { MODEL_CATALOG } from './model-catalog-token';
export { CAPABILITY_OVERLAY } from './capability-overlay';
export { PRICE_PROVIDER_IDS, priceProviderId } from './price-provider-ids';
export { MODELS_DEV_PROVIDER_IDS } from './models-dev-provider-ids';
export type { Cost, ModelCapabilities, ModelEntry, ModelModalities, ModelOverride, ModelPrices, ModelSource, ServedModel } from './model-entry';
export { isRetiredModel, RETIRED_FAMILIES, type RetiredFamily } from './retired-models';
export { SERVED_MODELS, type ServedName } from './served-models';
export { isPatternId, listedModelName } from './listed-model-name';
export { modelOverrideSchema, modelsSection, modelsSectionSchema, resolveModelOverrides, type RawModelOverride, type RawModelsSection } from './models-section';

const plugin: GatewayPlugin = {
  specVersion: 1,
  name: 'model-catalog',
  kind: 'pipeline',
  register: (api) => {
    // The `models:` section is the catalogue's: prices and facts an operator adds or corrects.
    api.registerConfigSection(modelsSection);
    // models.dev's data is read and indexed here, at load time, never on a request's path.
    const modelsDev = modelsDevCatalog();
    // Built on first use: the config is put in the container only after every plugin has registered.
    // Read on each lookup, so an accepted reload's `models:` applies from the next call on.
    api.container.register(MODEL_CATALOG, {
      useFactory: instanceCachingFactory((container) => {
        const live = container.isRegistered(TOKENS.Config, true) ? container.resolve(TOKENS.Config) : undefined;
        return new ModelCatalog(liveModelOverrides(() => live?.current.sections.models as RawModelsSection | undefined), { modelsDev });
      }),
    });
    // Reasoning goes only to models that have it, on every chat route; the catalogue is read on first use.
    api.registerPipeline(reasoningFitPlugin(capabilitiesLookup(api.container)));
  },
};

export default plugin;
export { type CapabilitiesOf } from './model-capabilities-lookup';
export { capabilitiesLookup };
export { DROPPED_FIELDS_HEADER, fitReasoning, reasoningFitPlugin } from './reasoning-fit';
