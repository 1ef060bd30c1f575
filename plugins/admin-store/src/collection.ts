import type { z } from 'zod';
import type { StoredRecord, StoreOp, StoreSnapshot } from './records';

/** `<plugin>/<records>`, lower case: the plugin that owns a collection names it, so two plugins never share one by accident. */
export const COLLECTION_NAME = /^[a-z0-9][a-z0-9-]*\/[a-z0-9][a-z0-9-]*$/;

const NONE: ReadonlyMap<string, never> = new Map<string, never>();

/**
 * A kind of record a plugin keeps in the store, declared once by the plugin that owns it:
 * its namespaced name, the zod schema every stored record must pass (checked whenever a
 * store reads or writes one), and the field that holds a record's id. Both backends store
 * any collection the same way, so a new kind of record needs no change to the store.
 */
export interface Collection<T extends StoredRecord = StoredRecord> {
  readonly name: string;
  readonly schema: z.ZodType<T>;
  /** The record field holding its id: the key it is filed under, unique in the collection. */
  readonly idField: string;
  /** The collection's records in `snapshot`, by id (empty when it holds none). */
  all(snapshot: StoreSnapshot): ReadonlyMap<string, T>;
  get(snapshot: StoreSnapshot, id: string): T | undefined;
  /** The operation that files `record` under its id (adds or replaces), for a commit. */
  put(record: T): StoreOp;
  /** The operation that removes the record with this id, for a commit. */
  delete(id: string): StoreOp;
}

/** Declares a collection; throws on a name that is not `<plugin>/<records>`. */
export function defineCollection<S extends z.ZodType<StoredRecord>>(name: string, schema: S, options: { idField: string }): Collection<z.output<S>> {
  if (!COLLECTION_NAME.test(name)) throw new Error(`store collection name ${JSON.stringify(name)} is not "<plugin>/<records>" (lower-case letters, digits and dashes)`);
  type T = z.output<S>;
  const { idField } = options;
  return {
    name,
    schema: schema as unknown as z.ZodType<T>,
    idField,
    all: (snapshot) => (snapshot.records.get(name) ?? NONE) as ReadonlyMap<string, T>,
    get: (snapshot, id) => snapshot.records.get(name)?.get(id) as T | undefined,
    put: (record) => ({ op: 'put', collection: name, id: String(record[idField]), record }),
    delete: (id) => ({ op: 'delete', collection: name, id }),
  };
}
