import type { z } from 'zod';
import { StoreInvalidError } from '../admin-store';
import { firstIssue, kekMetaSchema } from '../record-schemas';
import { makeSnapshot, type KekMeta, type StoredRecord, type StoreSnapshot } from '../records';
import type { StoreCollections } from '../store-collections';

/** The raw values of one consistent read: the version, the KEK description and each collection's hash. */
export interface RawStore {
  version: string | null;
  kek: string | null;
  /** By collection name. */
  hashes: ReadonlyMap<string, Record<string, string>>;
}

/** The full Redis key of each part, for messages that say where the bad value is. */
export interface RawStoreKeys {
  version: string;
  kek: string;
  /** By collection name. */
  hashes: ReadonlyMap<string, string>;
}

const LEAVE_IT = 'the gateway leaves it as it is and changes nothing: fix or delete that value';

/**
 * Validates what a Redis read returned and builds the snapshot. Any value that is not
 * what the store writes (not JSON, a field of the wrong shape, a record filed under
 * another name) throws StoreInvalidError naming its key and field, so a replica never
 * applies a half-understood store or commits over it.
 */
export function snapshotOf(raw: RawStore, keys: RawStoreKeys, collections: StoreCollections): StoreSnapshot {
  const version = raw.version ?? '0';
  if (!/^\d+$/.test(version)) throw new StoreInvalidError(`the shared store (Redis) holds an invalid value at ${keys.version}: ${JSON.stringify(version)} is not a version number; ${LEAVE_IT}`);
  const records = new Map<string, ReadonlyMap<string, StoredRecord>>();
  for (const [name, hash] of raw.hashes) {
    const collection = collections.get(name);
    if (collection) records.set(name, recordMap(hash, collection.schema, collection.idField, keys.hashes.get(name) ?? name));
  }
  return makeSnapshot(Number(version), raw.kek === null ? null : (parseValue(raw.kek, kekMetaSchema, keys.kek) as KekMeta), records);
}

function recordMap<S extends z.ZodType<Record<string, unknown>>>(hash: Record<string, string>, schema: S, nameField: string, key: string): Map<string, z.output<S>> {
  const records = new Map<string, z.output<S>>();
  for (const [name, json] of Object.entries(hash)) {
    const where = `${key} field ${JSON.stringify(name)}`;
    const record = parseValue(json, schema, where);
    if (record[nameField] !== name) {
      throw new StoreInvalidError(`the shared store (Redis) holds an invalid value at ${where}: ${nameField}: must equal the field it is stored under; ${LEAVE_IT}`);
    }
    records.set(name, record);
  }
  return records;
}

function parseValue<S extends z.ZodType>(json: string, schema: S, where: string): z.output<S> {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new StoreInvalidError(`the shared store (Redis) holds an invalid value at ${where}: not valid JSON; ${LEAVE_IT}`);
  }
  const result = schema.safeParse(value);
  if (!result.success) throw new StoreInvalidError(`the shared store (Redis) holds an invalid value at ${where}: ${firstIssue(result.error)}; ${LEAVE_IT}`);
  return result.data;
}
