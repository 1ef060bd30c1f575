import fs from 'node:fs';
import path from 'node:path';
import { StoreConflictError, StoreUnavailableError, type AdminStore } from '../admin-store';
import type { Collection } from '../collection';
import { CollectionHandle } from '../collection-handle';
import { applyCommit, EMPTY_SNAPSHOT, type StoredRecord, type StoreCommit, type StoreSnapshot } from '../records';
import { StoreCollections } from '../store-collections';
import { writeFileAtomic } from './atomic-file';
import { DirectoryLock, LockHeldError } from './directory-lock';
import type { ProcessProbe } from './process-probe';
import { readStoreFile, serialize, STORE_FILE } from './store-file';

export interface FileStoreOptions {
  /** How the directory lock learns about processes (tests hand in a fake /proc). */
  probe?: ProcessProbe;
  /** The collections plugins registered (none when left out: a tool then registers the ones it writes). */
  collections?: StoreCollections;
}

/**
 * The embedded store: one JSON file in a data directory, rewritten atomically on every
 * commit (writeFileAtomic), commits one at a time. The directory is locked for this
 * process when the store is first read from an existing directory, or first written.
 */
export class FileStore implements AdminStore {
  readonly kind = 'embedded' as const;
  readonly file: string;
  private readonly lock: DirectoryLock;
  private snapshot: StoreSnapshot = EMPTY_SNAPSHOT;
  private queue: Promise<unknown> = Promise.resolve();
  /** Why the store refused to load: nothing may be written over a file it could not read. */
  private refused?: Error;
  readonly collections: StoreCollections;
  private readonly changeListeners: Array<(snapshot: StoreSnapshot) => void> = [];

  constructor(readonly dir: string, options: FileStoreOptions = {}) {
    this.file = path.join(dir, STORE_FILE);
    this.lock = new DirectoryLock(dir, options.probe);
    this.collections = options.collections ?? new StoreCollections();
  }

  /** Takes the directory's lock (throws LockHeldError when a live process holds it). */
  lockNow(): void {
    this.lock.acquire();
  }

  async load(): Promise<StoreSnapshot> {
    this.collections.seal('loaded');
    if (!fs.existsSync(this.dir)) return this.snapshot;
    this.lock.acquire();
    try {
      this.snapshot = readStoreFile(this.file, this.collections);
    } catch (error) {
      this.refused = error as Error;
      this.lock.release();
      throw error;
    }
    return this.snapshot;
  }

  current(): StoreSnapshot {
    return this.snapshot;
  }

  async sync(): Promise<StoreSnapshot> {
    return this.snapshot;
  }

  commit(commit: StoreCommit): Promise<StoreSnapshot> {
    try {
      this.collections.check(commit);
    } catch (error) {
      return Promise.reject(error);
    }
    const run = this.queue.then(() => this.write(commit));
    this.queue = run.catch(() => undefined);
    return run;
  }

  onRemoteChange(): void {
    // One process owns the directory: nobody else writes.
  }

  onChange(listener: (snapshot: StoreSnapshot) => void): void {
    this.changeListeners.push(listener);
  }

  collection<T extends StoredRecord>(collection: Collection<T>): CollectionHandle<T> {
    this.collections.register(collection);
    return new CollectionHandle(this, collection);
  }

  async close(): Promise<void> {
    await this.queue;
    this.lock.release();
  }

  private async write(commit: StoreCommit): Promise<StoreSnapshot> {
    if (this.refused) throw new StoreUnavailableError(this.refused.message);
    if (commit.baseVersion !== this.snapshot.version) throw new StoreConflictError(this.snapshot.version);
    if (!this.lock.isHeld) this.lockForFirstWrite();
    const next = applyCommit(this.snapshot, commit);
    await writeFileAtomic(this.file, serialize(next));
    this.snapshot = next;
    for (const listener of this.changeListeners) listener(next);
    return next;
  }

  /**
   * Takes the lock of a directory that did not exist when the store was read. A store file
   * found there (left by a gateway that has gone since) is read first: adopted when valid,
   * so the commit is re-validated against it (a conflict), refused when not, and never
   * written over unread.
   */
  private lockForFirstWrite(): void {
    fs.mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    try {
      this.lock.acquire();
    } catch (error) {
      // Another gateway took the directory after this one started: never write over its store.
      if (error instanceof LockHeldError) throw new StoreUnavailableError(error.message);
      throw error;
    }
    let found: StoreSnapshot;
    try {
      found = readStoreFile(this.file, this.collections);
    } catch (error) {
      this.lock.release();
      throw new StoreUnavailableError((error as Error).message);
    }
    if (found === EMPTY_SNAPSHOT) return;
    this.snapshot = found;
    throw new StoreConflictError(found.version);
  }
}
