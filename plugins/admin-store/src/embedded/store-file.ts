import fs from 'node:fs';
import { z } from 'zod';
import { StoreInvalidError } from '../admin-store';
import { fileField, fileFields } from '../collection-places';
import { EMPTY_SNAPSHOT, makeSnapshot, type StoredRecord, type StoreSnapshot } from '../records';
import { firstIssue, kekMetaSchema, recordsByName } from '../record-schemas';
import { StoreCollections } from '../store-collections';

export const STORE_FORMAT = 'model-gateway-store/1';
/** The format of a file that holds collections under `collections`: a gateway from before them refuses it rather than drop them on its next write. */
export const STORE_FORMAT_COLLECTIONS = 'model-gateway-store/2';
export const STORE_FILE = 'store.json';

/** A collection no loaded plugin registered: each record must be an object, and is kept as it is. */
const unregistered = z.record(z.string(), z.looseObject({}));

/**
 * The whole file: the snapshot as plain JSON, each registered collection validated by its
 * own schema, at its place (collection-places.ts). Unknown top-level fields pass, as in
 * the records.
 */
export function storeFileSchemaFor(collections: StoreCollections) {
  const registered = (name: string) => {
    const collection = collections.get(name);
    return collection ? recordsByName(collection.schema, collection.idField) : unregistered;
  };
  const topLevel: Record<string, z.ZodType> = {};
  for (const [field, name] of fileFields()) topLevel[field] = registered(name);
  const namespaced: Record<string, z.ZodType> = {};
  for (const collection of collections.list()) if (!fileField(collection.name)) namespaced[collection.name] = registered(collection.name).optional();
  return z.looseObject({
    format: z.enum([STORE_FORMAT, STORE_FORMAT_COLLECTIONS]),
    version: z.number().int().nonnegative(),
    kek: kekMetaSchema.nullable(),
    ...topLevel,
    // Absent in files written before gateway keys existed.
    keys: (topLevel.keys ?? unregistered).optional(),
    collections: z.object(namespaced).catchall(unregistered).optional(),
  });
}

/** The file's schema with no collection registered (what a tool that knows no plugin reads: every collection kept as it is). */
export const storeFileSchema = storeFileSchemaFor(new StoreCollections());

export function serialize(snapshot: StoreSnapshot): string {
  const places: Record<string, unknown> = {};
  for (const [field] of fileFields()) places[field] = {};
  const collections: Record<string, unknown> = {};
  for (const [name, records] of snapshot.records) {
    const field = fileField(name);
    if (field) places[field] = Object.fromEntries(records);
    else if (records.size > 0) collections[name] = Object.fromEntries(records);
  }
  const namespaced = Object.keys(collections).length > 0;
  const file = {
    format: namespaced ? STORE_FORMAT_COLLECTIONS : STORE_FORMAT,
    version: snapshot.version,
    kek: snapshot.kek,
    ...places,
    ...(namespaced ? { collections } : {}),
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/**
 * Reads and validates the store file; a missing file is an empty store. Anything else
 * that is not a valid store (not JSON, another format, a field of the wrong shape) throws
 * StoreInvalidError naming the file and the first field at fault: the store is never
 * started empty or half understood, so it is never rewritten over what it could not read.
 * `collections`: the registered collections, validated by their schemas (the others are
 * kept as they are).
 */
export function readStoreFile(file: string, collections: StoreCollections = new StoreCollections()): StoreSnapshot {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return EMPTY_SNAPSHOT;
    throw error;
  }
  const keep = 'the gateway leaves it as it is: fix it or restore it from a backup';
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new StoreInvalidError(`${file} is not valid JSON; ${keep} (the gateway never writes it partially)`);
  }
  const format = (parsed as { format?: unknown } | null)?.format;
  if (format !== STORE_FORMAT && format !== STORE_FORMAT_COLLECTIONS) {
    throw new StoreInvalidError(`${file}: unknown format ${JSON.stringify(format)} (this gateway reads ${STORE_FORMAT} and ${STORE_FORMAT_COLLECTIONS}); ${keep}`);
  }
  const result = storeFileSchemaFor(collections).safeParse(parsed);
  if (!result.success) throw new StoreInvalidError(`${file} is not a valid store file: ${firstIssue(result.error)}; ${keep}`);
  const valid = result.data as Record<string, unknown> & { version: number; kek: StoreSnapshot['kek']; collections?: Record<string, Record<string, StoredRecord>> };
  const records = new Map<string, ReadonlyMap<string, StoredRecord>>();
  for (const [field, name] of fileFields()) {
    const held = valid[field] as Record<string, StoredRecord> | undefined;
    if (held) records.set(name, new Map(Object.entries(held)));
  }
  for (const [name, held] of Object.entries(valid.collections ?? {})) records.set(name, new Map(Object.entries(held)));
  return makeSnapshot(valid.version, valid.kek, records);
}
