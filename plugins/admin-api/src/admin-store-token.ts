import type { InjectionToken } from 'tsyringe';
import type { AdminStore } from '@model-gateway/admin-store';

/**
 * The store admin-api opened (the data directory's file, or Redis), for a plugin that keeps
 * a collection of its own in it: registered in its `register()` with storeCollections(),
 * then used through `store.collection(...)`. Resolvable once the gateway has started
 * (admin-api opens the store in its service's start); resolved earlier, it throws.
 */
export const ADMIN_STORE = 'model-gateway:AdminStore' as InjectionToken<AdminStore>;
