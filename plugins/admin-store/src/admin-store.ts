import type { Collection } from './collection';
import type { CollectionHandle } from './collection-handle';
import type { StoredRecord, StoreCommit, StoreSnapshot } from './records';
import type { StoreCollections } from './store-collections';

/** The commit was validated against a version the store has moved past: re-read, re-validate, retry. */
export class StoreConflictError extends Error {
  constructor(readonly currentVersion: number) {
    super(`the store changed meanwhile (now at version ${currentVersion})`);
  }
}

/** The store cannot be reached or written; nothing was changed. */
export class StoreUnavailableError extends Error {}

/** What the store holds does not validate (damaged or hand-edited): refused, never applied or written over. */
export class StoreInvalidError extends Error {}

/**
 * Where plugins' records persist, in namespaced collections (admin-api's connections and
 * endpoints, gateway keys, ...). Two implementations: one file in a data directory (a
 * single gateway), and Redis (replicas share it and hear of each other's changes). Both
 * store any registered collection the same way. Every commit is atomic: applied whole or
 * not at all, across collections.
 */
export interface AdminStore {
  readonly kind: 'embedded' | 'redis';
  /** The registered collections: validated whenever read, and the only ones a commit may write. */
  readonly collections: StoreCollections;
  /** Reads the current state (at start; a shared store that cannot be reached yields version -1 and catches up later). */
  load(): Promise<StoreSnapshot>;
  /** The last state read or written. */
  current(): StoreSnapshot;
  /** Re-reads a shared store now (after a conflict); the embedded store is always current. */
  sync(): Promise<StoreSnapshot>;
  /** Applies `commit` if the store is still at `commit.baseVersion`; resolves once it is durable. */
  commit(commit: StoreCommit): Promise<StoreSnapshot>;
  /** Called with each newer state written by someone else (another replica). */
  onRemoteChange(listener: (snapshot: StoreSnapshot) => void): void;
  /** Called with each newer state, this replica's commits and others' alike. */
  onChange(listener: (snapshot: StoreSnapshot) => void): void;
  /**
   * One collection's records, with get/list/put/delete and change notices. Registers the
   * collection if need be, which only works before the store loads.
   */
  collection<T extends StoredRecord>(collection: Collection<T>): CollectionHandle<T>;
  close(): Promise<void>;
}
