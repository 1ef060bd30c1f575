import { StoreConflictError, type AdminStore } from './admin-store';
import type { Collection } from './collection';
import type { StoredRecord, StoreOp, StoreSnapshot } from './records';

/** How often a change is built again on a newer state after a conflict before the conflict is the answer. */
const CONFLICT_RETRIES = 3;

/**
 * One collection of a store, for the plugin that owns it: reads from the state the
 * replica holds, changes committed atomically (built again on the newer state when
 * another replica committed first), and a notice when the collection changed.
 */
export class CollectionHandle<T extends StoredRecord> {
  constructor(
    private readonly store: AdminStore,
    readonly collection: Collection<T>,
  ) {}

  list(): ReadonlyMap<string, T> {
    return this.collection.all(this.store.current());
  }

  get(id: string): T | undefined {
    return this.collection.get(this.store.current(), id);
  }

  put(record: T): Promise<StoreSnapshot> {
    return this.change(() => [this.collection.put(record)]);
  }

  delete(id: string): Promise<StoreSnapshot> {
    return this.change(() => [this.collection.delete(id)]);
  }

  /**
   * Commits the operations `build` returns for the current records (it may throw to
   * refuse); on a conflict, re-reads and builds again, so a check in `build` always holds
   * for the state the change lands on.
   */
  async change(build: (records: ReadonlyMap<string, T>, snapshot: StoreSnapshot) => StoreOp[]): Promise<StoreSnapshot> {
    for (let attempt = 0; ; attempt++) {
      const snapshot = this.store.current();
      try {
        return await this.store.commit({ baseVersion: snapshot.version, ops: build(this.collection.all(snapshot), snapshot) });
      } catch (error) {
        if (!(error instanceof StoreConflictError) || attempt >= CONFLICT_RETRIES) throw error;
        await this.store.sync();
      }
    }
  }

  /** Called with the collection's records whenever a newer state changed them (this replica's commits and others'). */
  onChange(listener: (records: ReadonlyMap<string, T>, snapshot: StoreSnapshot) => void): void {
    let last = this.list();
    this.store.onChange((snapshot) => {
      const next = this.collection.all(snapshot);
      if (sameRecords(last, next)) return;
      last = next;
      listener(next, snapshot);
    });
  }
}

/** A commit leaves untouched collections' maps as they were; a re-read makes new ones, compared by content. */
function sameRecords(a: ReadonlyMap<string, StoredRecord>, b: ReadonlyMap<string, StoredRecord>): boolean {
  if (a === b) return true;
  if (a.size !== b.size) return false;
  for (const [id, record] of a) {
    const other = b.get(id);
    if (other !== record && JSON.stringify(other) !== JSON.stringify(record)) return false;
  }
  return true;
}
