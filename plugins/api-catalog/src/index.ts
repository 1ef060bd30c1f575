import { TOKENS, type GatewayPlugin } from '@model-gateway/core';
import { MODEL_CATALOG } from '@model-gateway/model-catalog';
import { catalogRoutes } from './catalog-routes';
import { featuresRoute } from './features-route';

export { credentialFields, type CredentialField } from './credential-fields';
export { providerListing } from './provider-listing';
export { modelListing } from './model-listing';

const plugin: GatewayPlugin = {
  specVersion: 1,
  name: 'api-catalog',
  kind: 'operator',
  // Prices and model entries come from the catalogue's MODEL_CATALOG, resolved at start.
  dependencies: { plugins: ['model-catalog'] },
  register: (api) => {
    api.registerRoutes({
      plane: 'operator',
      // Routes are built after every plugin registered and core put its services in the container.
      routes: () => [
        ...catalogRoutes({
          registry: api.container.resolve(TOKENS.PluginRegistry),
          catalog: api.container.resolve(MODEL_CATALOG),
          toJsonSchema: (schema) => api.z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }),
          z: api.z,
        }),
        featuresRoute({ registry: api.container.resolve(TOKENS.PluginRegistry), mounted: () => api.container.resolve(TOKENS.Routes), z: api.z }),
      ],
    });
  },
};

export default plugin;
