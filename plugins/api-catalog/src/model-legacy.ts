import { isRetiredModel, type ModelEntry } from '@model-gateway/model-catalog';

/** How much older than its type's newest dated model a model may be before it counts as superseded. */
export const LEGACY_AFTER_MONTHS = 18;

/**
 * The ids of a type's models that are legacy: deprecated by a source (genai-prices), of a
 * retired or superseded family (the catalogue's RETIRED_FAMILIES, from the makers' deprecation
 * pages), or released more than LEGACY_AFTER_MONTHS before the newest dated model of the same
 * list. A model without a date is never legacy by age: the newest names are often undated.
 * A name that serves another model (a Databricks endpoint) is judged by the model it serves.
 */
export function legacyModelIds(entries: readonly ModelEntry[]): Set<string> {
  const newest = entries.reduce<string | undefined>((latest, { releaseDate }) => (releaseDate !== undefined && (latest === undefined || releaseDate > latest) ? releaseDate : latest), undefined);
  const cutoff = newest === undefined ? undefined : monthsBefore(newest, LEGACY_AFTER_MONTHS);
  const legacy = new Set<string>();
  for (const entry of entries) {
    const aged = cutoff !== undefined && entry.releaseDate !== undefined && entry.releaseDate < cutoff;
    if (entry.deprecated || aged || isRetiredModel(entry.id) || (entry.sameAs !== undefined && isRetiredModel(entry.sameAs.model))) legacy.add(entry.id);
  }
  return legacy;
}

/** "YYYY-MM-DD" so many months before a "YYYY-MM-DD" day (the same day of the month, clamped by Date). */
export function monthsBefore(day: string, months: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date.toISOString().slice(0, 10);
}
