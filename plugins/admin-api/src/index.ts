import type { GatewayPlugin } from '@model-gateway/core';
import { storeCollections } from '@model-gateway/admin-store';
import { adminSectionSchema, checkAdminSection, storeSectionSchema } from './admin-config';
import { ADMIN_ERRORS } from './admin-error-codes';
import { ADMIN_API } from './admin-extension';
import { AdminService } from './admin-service';
import { ADMIN_STORE } from './admin-store-token';
import { secretsCommand } from './cli/rotate-key-command';
import { CONNECTIONS, ENDPOINTS } from './store/admin-collections';

export { AdminService } from './admin-service';
export { ADMIN_ERRORS } from './admin-error-codes';
export { ADMIN_API, type AdminExtension } from './admin-extension';
export { ADMIN_STORE } from './admin-store-token';
export { CONNECTIONS, ENDPOINTS, connectionRecordSchema, endpointRecordSchema, type ConnectionRecord, type EndpointRecord } from './store/admin-collections';
export { adminErrors, type AdminHandlers, type Change } from './http/admin-handlers';
export { errorSchema, listOf } from './model/views';
export type { Mutation } from './store/admin-state';
export { adminSettings, adminSectionSchema, storeSectionSchema, type AdminSettings } from './admin-config';
export { maskSecret } from './model/masking';

/**
 * The admin API: connections and endpoints created, changed and deleted at run time,
 * persisted (embedded file or Redis) with credentials under envelope encryption. Owns the
 * `store:` and `admin:` config sections and `model-gateway secrets rotate-key`.
 */
const plugin: GatewayPlugin = {
  specVersion: 1,
  name: 'admin-api',
  kind: 'operator',
  // Prices and model entries come from the catalogue's MODEL_CATALOG, resolved at start.
  dependencies: { plugins: ['model-catalog'] },
  register: (api) => {
    api.registerConfigSection({ field: 'store', schema: storeSectionSchema });
    api.registerConfigSection({ field: 'admin', schema: adminSectionSchema, check: checkAdminSection });
    api.registerErrorCodes(ADMIN_ERRORS);
    // Before the store loads (this plugin's start), so it validates the records it reads.
    const collections = storeCollections(api.container);
    collections.register(CONNECTIONS);
    collections.register(ENDPOINTS);
    const service = new AdminService(api.container);
    api.container.register(ADMIN_API, { useValue: service });
    api.container.register(ADMIN_STORE, { useFactory: () => service.openedStore() });
    api.registerService(service);
    api.registerConfigSource(service.configSource);
    api.registerOperatorAccess({ check: (req) => service.authorizeRead(req), requiresCredential: () => service.requiresToken() });
    // The /api namespace is the operator's: its OpenAPI document and its guard cover it, whichever plugin serves a path there.
    api.registerRoutes({ plane: 'operator', prefixes: ['/api'], routes: (runtime) => service.routes(runtime) });
    api.registerCommand(secretsCommand);
  },
};

export default plugin;
