import fs from 'node:fs';
import { z } from 'zod';
import { StoreInvalidError } from '../admin-store';
import { EMPTY_SNAPSHOT, type StoreSnapshot } from '../records';
import { connectionRecordSchema, endpointRecordSchema, firstIssue, kekMetaSchema, keyRecordSchema, recordsByName } from '../record-schemas';

export const STORE_FORMAT = 'model-gateway-store/1';
export const STORE_FILE = 'store.json';

/** The whole file: the snapshot as plain JSON. Unknown top-level fields pass, as in the records. */
export const storeFileSchema = z.looseObject({
  format: z.literal(STORE_FORMAT),
  version: z.number().int().nonnegative(),
  kek: kekMetaSchema.nullable(),
  connections: recordsByName(connectionRecordSchema, 'name'),
  endpoints: recordsByName(endpointRecordSchema, 'name'),
  /** Absent in files written before gateway keys existed. */
  keys: recordsByName(keyRecordSchema, 'id').optional(),
});

export function serialize(snapshot: StoreSnapshot): string {
  const file = {
    format: STORE_FORMAT,
    version: snapshot.version,
    kek: snapshot.kek,
    connections: Object.fromEntries(snapshot.connections),
    endpoints: Object.fromEntries(snapshot.endpoints),
    keys: Object.fromEntries(snapshot.keys),
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/**
 * Reads and validates the store file; a missing file is an empty store. Anything else
 * that is not a valid store (not JSON, another format, a field of the wrong shape) throws
 * StoreInvalidError naming the file and the first field at fault: the store is never
 * started empty or half understood, so it is never rewritten over what it could not read.
 */
export function readStoreFile(file: string): StoreSnapshot {
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
  if (format !== STORE_FORMAT) throw new StoreInvalidError(`${file}: unknown format ${JSON.stringify(format)} (this gateway reads ${STORE_FORMAT}); ${keep}`);
  const result = storeFileSchema.safeParse(parsed);
  if (!result.success) throw new StoreInvalidError(`${file} is not a valid store file: ${firstIssue(result.error)}; ${keep}`);
  const valid = result.data;
  return {
    version: valid.version,
    kek: valid.kek,
    connections: new Map(Object.entries(valid.connections)),
    endpoints: new Map(Object.entries(valid.endpoints)),
    keys: new Map(Object.entries(valid.keys ?? {})),
  };
}
