import { z } from 'zod';
import type { KekMeta, SealedSecret } from './records';

/**
 * The store's own values as zod schemas (the KEK description, and a sealed secret for the
 * collections that hold some), checked wherever the store reads them, so a damaged or
 * hand-edited store is refused with the field at fault instead of being applied, or
 * rewritten, half understood. Loose: a field a newer gateway adds passes through unchanged.
 * Each collection's records are checked by the schema its plugin registered.
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
export type SchemasMatchRecords = Holds<Accepts<typeof sealedSecretSchema, SealedSecret> & Accepts<typeof kekMetaSchema, KekMeta>>;
