import type { StoreCommit, StoreSnapshot } from './records';

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
 * Where API-managed connections and endpoints persist. Two implementations: one file in
 * a data directory (a single gateway), and Redis (replicas share it and hear of each
 * other's changes). Every commit is atomic: applied whole or not at all.
 */
export interface AdminStore {
  readonly kind: 'embedded' | 'redis';
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
  close(): Promise<void>;
}
