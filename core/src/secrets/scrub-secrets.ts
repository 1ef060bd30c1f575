/** What a secret becomes in text the gateway relays. */
export const REDACTED = '[redacted]';

/** Shorter values would redact ordinary words; no real credential is this short. */
const MIN_SECRET_LENGTH = 4;

/**
 * Removes `secrets` from provider text as the client will read it. JSON is what
 * clients decode, and a JSON string can spell a key with escapes (`"\u0073k-..."`)
 * that no raw replacement sees; so JSON text is parsed, every decoded string (object
 * keys too) is scrubbed, and the JSON is written again, only when something changed
 * so untouched bodies keep their bytes. Text without a backslash holds no escape,
 * so its raw replacement already covers what a decoder would read (the fast path).
 */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  const values = usableSecrets(secrets);
  if (values.length === 0 || text.length < MIN_SECRET_LENGTH) return text;
  if (text.includes('\\')) {
    const decoded = parseJson(text);
    if (decoded !== NOT_JSON) {
      const scrubbed = scrubValue(decoded.value, values);
      // A secret outside any string (a number, say) is still caught by the raw pass.
      return replaceAll(scrubbed === decoded.value ? text : JSON.stringify(scrubbed), values);
    }
  }
  return replaceAll(text, values);
}

/** Longest first, so a secret that contains another is not half-replaced. */
function usableSecrets(secrets: readonly string[]): string[] {
  const values = secrets.filter((value) => value.length >= MIN_SECRET_LENGTH);
  return values.length > 1 ? [...new Set(values)].sort((a, b) => b.length - a.length) : values;
}

function replaceAll(text: string, values: readonly string[]): string {
  for (const value of values) if (text.includes(value)) text = text.split(value).join(REDACTED);
  return text;
}

const NOT_JSON = Symbol('not-json');

function parseJson(text: string): { value: unknown } | typeof NOT_JSON {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return NOT_JSON;
  }
}

/** The value with every string scrubbed; the same object when nothing needed it, so callers can tell. */
function scrubValue(value: unknown, values: readonly string[]): unknown {
  if (typeof value === 'string') return replaceAll(value, values);
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, index) => {
      const scrubbed = scrubValue(item, values);
      if (scrubbed !== item) (copy ??= [...value])[index] = scrubbed;
    });
    return copy ?? value;
  }
  if (value !== null && typeof value === 'object') {
    let changed = false;
    const entries = Object.entries(value).map(([key, item]): [string, unknown] => {
      const scrubbedKey = replaceAll(key, values);
      const scrubbed = scrubValue(item, values);
      if (scrubbedKey !== key || scrubbed !== item) changed = true;
      return [scrubbedKey, scrubbed];
    });
    return changed ? Object.fromEntries(entries) : value;
  }
  return value;
}
