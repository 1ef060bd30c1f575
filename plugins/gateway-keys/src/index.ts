import type { GatewayPlugin } from '@model-gateway/core';
import { ADMIN_API } from '@model-gateway/admin-api';
import { storeCollections } from '@model-gateway/admin-store';
import { authSectionSchema } from './auth-config';
import { GatewayKeys } from './gateway-keys';
import { KEY_ERRORS } from './key-error-codes';
import { KEY_COLLECTION } from './key-record';
import { gatewayKeyRoutes } from './key-routes';
import { KeyTable } from './key-table';
import { KEY_TABLE } from './key-table-token';

export { GatewayKeys };
export { KEY_ERRORS };
export { authSection, authSectionSchema, type AuthSection } from './auth-config';
export { KeyTable, type KeyEntry } from './key-table';
export { KEY_COLLECTION, keyRecordSchema, type KeyRecord } from './key-record';
export { keyHash, maskedKey, newKey, KEY_PATTERN, KEY_ID_PATTERN, KEY_PREFIX } from './key-material';
export { presentedKey, type CredentialSources } from './presented-key';

/**
 * Gateway keys: `auth.require_keys` turns the check on for the data plane; keys are
 * created, listed and revoked through /api/keys and kept (as hashes) in the admin API's
 * store, so they replicate like connections and endpoints. Needs the admin-api plugin,
 * which the loader registers first because it is declared below.
 */
const plugin: GatewayPlugin = {
  specVersion: 1,
  name: 'gateway-keys',
  kind: 'pipeline',
  // The admin API's store holds the keys, and register() subscribes to its snapshots; a key's own
  // limits are enforced by rate-limits (PRINCIPAL_LIMITS), so without it they would silently do nothing.
  dependencies: { plugins: ['admin-api', 'rate-limits'] },
  register: (api) => {
    api.registerConfigSection({ field: 'auth', schema: authSectionSchema });
    api.registerErrorCodes(KEY_ERRORS);
    // Before the admin store loads (admin-api's start), so it validates the keys it reads.
    storeCollections(api.container).register(KEY_COLLECTION);
    const table = new KeyTable();
    api.container.resolve(ADMIN_API).onSnapshot((snapshot) => table.load(snapshot));
    api.container.register(KEY_TABLE, { useValue: table });
    api.registerPipeline(GatewayKeys);
    api.registerRoutes({ plane: 'operator', routes: () => gatewayKeyRoutes(api.container, table) });
  },
};

export default plugin;
