/** A caller label: 1-32 characters of letters, digits, `.`, `_` and `-` (a metric label, never free text). */
export const CALLER_LABEL = /^[A-Za-z0-9._-]{1,32}$/;

export function isCallerLabel(value: string): boolean {
  return CALLER_LABEL.test(value);
}
