import { z } from 'zod';
import type { ConnectionRecord, EndpointRecord, KekMeta, SealedSecret } from './records';

/**
 * The stored records as zod schemas, checked wherever the store reads them (the file at
 * load, every Redis read), so a damaged or hand-edited store is refused with the field
 * at fault instead of being applied, or rewritten, half understood. Objects are loose:
 * a field a newer gateway adds (a sealed header, say) passes through unchanged.
 */

const text = z.string();
const count = z.number().int().nonnegative();

export const sealedSecretSchema = z.looseObject({ kek: count, key: text, data: text });

export const kekMetaSchema = z.looseObject({
  version: count,
  id: text,
  kdf: z.union([
    z.looseObject({ name: z.literal('raw') }),
    z.looseObject({ name: z.literal('scrypt'), salt: text, N: count, r: count, p: count }),
  ]),
});

export const connectionRecordSchema = z.looseObject({
  name: text.min(1),
  type: text.min(1),
  fields: z.record(z.string(), z.unknown()),
  secrets: z.record(z.string(), sealedSecretSchema),
  created_at: text,
  updated_at: text,
});

export const endpointRecordSchema = z.looseObject({
  name: text.min(1),
  body: z.record(z.string(), z.unknown()),
  created_at: text,
  updated_at: text,
});

/** Records stored by name (or id), each under its own name: a record filed under another name would be served under two. */
export function recordsByName<T extends z.ZodType<Record<string, unknown>>>(record: T, nameField: string) {
  return z.record(z.string(), record).superRefine((records, context) => {
    for (const [name, value] of Object.entries(records)) {
      if (value[nameField] !== name) context.addIssue({ code: 'custom', path: [name, nameField], message: `must equal the key it is stored under (${JSON.stringify(name)})` });
    }
  });
}

/** The first problem of a failed parse, as `path: message` (path dotted, indices in brackets), and how many more there are. */
export function firstIssue(error: z.ZodError): string {
  const [issue] = error.issues;
  const at = issue.path.reduce<string>((out, part) => (typeof part === 'number' ? `${out}[${part}]` : out ? `${out}.${String(part)}` : String(part)), '');
  const more = error.issues.length > 1 ? ` (and ${error.issues.length - 1} more problem${error.issues.length > 2 ? 's' : ''})` : '';
  return `${at || '(the whole value)'}: ${issue.message}${more}`;
}

// The schemas accept exactly what the interfaces describe (plus unknown fields): a compile error here means they drifted apart.
type Accepts<Schema extends z.ZodType, Stored> = z.output<Schema> extends Stored ? true : false;
type Holds<T extends true> = T;
export type SchemasMatchRecords = Holds<
  Accepts<typeof sealedSecretSchema, SealedSecret> & Accepts<typeof kekMetaSchema, KekMeta> & Accepts<typeof connectionRecordSchema, ConnectionRecord> &
  Accepts<typeof endpointRecordSchema, EndpointRecord>
>;
