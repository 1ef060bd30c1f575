/**
 * How a stored credential is shown: enough to recognise it (`sk-...abcd`), never enough
 * to use it. Values shorter than 12 characters show nothing at all.
 */
export function maskSecret(value: string): string {
  if (value.length < 12) return '***';
  return `${value.slice(0, 3)}...${value.slice(-4)}`;
}

/** True when a form sent back the masked text it was shown: the stored value is kept. */
export function isMaskOf(candidate: unknown, value: string | undefined): boolean {
  return typeof candidate === 'string' && value !== undefined && candidate === maskSecret(value);
}
