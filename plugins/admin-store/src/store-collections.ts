import type { Collection } from './collection';
import type { StoredRecord, StoreCommit } from './records';
import { recordChange } from './records';
import { firstIssue } from './record-schemas';

/**
 * The collections a gateway's store holds: those plugins register in their `register()`
 * (admin-api's connections and endpoints, gateway keys, ...), before the store loads: it
 * validates every registered collection's records when it reads them, so they must all be
 * known by then.
 */
export class StoreCollections {
  private readonly byName = new Map<string, Collection>();
  private sealedBy?: string;

  constructor(collections: ReadonlyArray<Collection<StoredRecord>> = []) {
    for (const collection of collections) this.register(collection);
  }

  /** Adds a collection; registering the same one again changes nothing. */
  register(collection: Collection<StoredRecord>): void {
    const known = this.byName.get(collection.name);
    if (known === collection) return;
    if (known) throw new Error(`store collection "${collection.name}" is registered twice, with two different schemas`);
    if (this.sealedBy) throw new Error(`store collection "${collection.name}" was registered after the store was ${this.sealedBy}: register collections in the plugin's register()`);
    this.byName.set(collection.name, collection);
  }

  get(name: string): Collection | undefined {
    return this.byName.get(name);
  }

  list(): Collection[] {
    return [...this.byName.values()];
  }

  /** Called by a store as it first reads: the set is fixed from then on. */
  seal(by: string): void {
    this.sealedBy ??= by;
  }

  /**
   * Refuses a commit that would write what the store could not read back: a record of a
   * collection nobody registered, filed under another id than its own, or not passing its
   * collection's schema. A bug in the caller, so a plain Error.
   */
  check(commit: StoreCommit): void {
    for (const op of commit.ops) {
      const change = recordChange(op);
      const collection = this.byName.get(change.collection);
      if (!collection) throw new Error(`store commit names collection "${change.collection}", which no plugin registered`);
      if (!change.record) continue;
      if (change.record[collection.idField] !== change.id) throw new Error(`store commit files a ${change.collection} record under "${change.id}", not its ${collection.idField}`);
      const result = collection.schema.safeParse(change.record);
      if (!result.success) throw new Error(`store commit writes an invalid ${change.collection} record "${change.id}": ${firstIssue(result.error)}`);
    }
  }
}

/** The container methods this needs (tsyringe's DependencyContainer has them). */
interface Container {
  isRegistered(token: string, recursive?: boolean): boolean;
  register(token: string, provider: { useValue: StoreCollections }): unknown;
  resolve(token: string): unknown;
}

export const STORE_COLLECTIONS = 'model-gateway:AdminStoreCollections';

/**
 * The gateway's collections (created on first use): a plugin registers its collection
 * here in `register()`, and the plugin that opens the store hands this set to it.
 */
export function storeCollections(container: Container): StoreCollections {
  if (!container.isRegistered(STORE_COLLECTIONS, true)) container.register(STORE_COLLECTIONS, { useValue: new StoreCollections() });
  return container.resolve(STORE_COLLECTIONS) as StoreCollections;
}
