import type { InjectionToken } from 'tsyringe';
import type { StoreSnapshot } from '@model-gateway/admin-store';
import type { AdminHandlers } from './http/admin-handlers';
import type { Mutation } from './store/admin-state';

/**
 * What the admin API offers plugins that keep records of their own in its store (gateway
 * keys): the snapshots as they are applied, validated changes committed with the same
 * conflict handling as connections and endpoints, and its route conventions (access
 * rules, audit lines). Resolved from the container as ADMIN_API.
 */
export interface AdminExtension {
  /**
   * Called with each snapshot as it is applied: the one read at start (version -1 when a
   * shared store could not be read), after each commit here, and after each commit by
   * another replica. A listener added before the gateway starts sees them all.
   */
  onSnapshot(listener: (snapshot: StoreSnapshot) => void): void;
  /** Builds a change against the current snapshot and commits it (503 when the store is unavailable; retried on conflicts). */
  mutate<T>(build: (snapshot: StoreSnapshot) => Promise<Mutation<T>>): Promise<T>;
  /** The handler wrappers of admin routes; available once the gateway has started. */
  handlers(): AdminHandlers;
}

export const ADMIN_API = 'model-gateway:AdminApi' as InjectionToken<AdminExtension>;
