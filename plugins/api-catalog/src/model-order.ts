/** What the order of a model list reads. */
export interface OrderedModel {
  id: string;
  legacy: boolean;
  release_date: string | null;
}

/**
 * The order the API lists models in, which is the order the UI shows them: current models
 * before legacy ones; within each, dated models newest first, then undated ones by
 * compareVersionsDescending (gpt-6-sol before gpt-5.5 before gpt-5); ties by the same.
 */
export function compareListedModels(a: OrderedModel, b: OrderedModel): number {
  if (a.legacy !== b.legacy) return a.legacy ? 1 : -1;
  if (a.release_date !== b.release_date) {
    if (a.release_date === null) return 1;
    if (b.release_date === null) return -1;
    return a.release_date < b.release_date ? 1 : -1;
  }
  return compareVersionsDescending(a.id, b.id);
}

/** A name split into words and numbers; separators (- . _ / : @) only split. */
function tokens(id: string): Array<string | number> {
  return (id.toLowerCase().match(/\d+|[a-z]+/g) ?? []).map((token) => (/^\d/.test(token) ? Number(token) : token));
}

/**
 * A snapshot tag (2024, 0613, 20250514) is a variant of its model, not a newer version of it:
 * against a word or the end of a name, numbers of four digits or more count as words.
 */
const isVersion = (token: string | number | undefined): token is number => typeof token === 'number' && token < 1000;

/**
 * Natural version order, newest first: numbers descending (gpt-5.5 before gpt-5.4, o4-mini
 * before o3), a version number before a word at the same place (gpt-5.5 before gpt-5-mini),
 * a point release before its base (claude-opus-4-5 before claude-opus-4) but a base before its
 * variants (gpt-5 before gpt-5-mini), and words alphabetically (gpt-6-astra before gpt-6-luna).
 */
export function compareVersionsDescending(a: string, b: string): number {
  const left = tokens(a);
  const right = tokens(b);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const x = left[i];
    const y = right[i];
    if (x === y) continue;
    if (x === undefined) return isVersion(y) ? 1 : -1;
    if (y === undefined) return isVersion(x) ? -1 : 1;
    if (typeof x === 'number' && typeof y === 'number' && isVersion(x) === isVersion(y)) return y - x;
    if (isVersion(x)) return -1;
    if (isVersion(y)) return 1;
    return String(x) < String(y) ? -1 : 1;
  }
  return a < b ? -1 : a > b ? 1 : 0;
}
