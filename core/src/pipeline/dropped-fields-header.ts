import { DROPPED_FIELDS_HEADER, type FieldNames } from '../contracts/dropped-fields';
import type { TranslationHeaders } from '../contracts/relay-input';

/** The header that names what the answering attempt dropped, in the client's spelling; undefined when nothing was. */
export function droppedFieldsHeader(dropped: readonly string[], names: FieldNames | undefined): TranslationHeaders | undefined {
  if (dropped.length === 0) return undefined;
  const spelled = [...new Set(dropped.map((field) => names?.[field] ?? field))];
  return { [DROPPED_FIELDS_HEADER]: spelled.join(', ') };
}
