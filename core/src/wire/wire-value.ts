/**
 * Reading and writing plain JSON wire bodies. Bodies arrive as `unknown` from clients and
 * upstreams alike, so readers check each value's type instead of trusting the format's docs.
 */

export type WireObject = Record<string, unknown>;

/** A JSON object; arrays and null are not, though typeof calls them objects. */
export function isWireObject(value: unknown): value is WireObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Sets `key` only when there is a value, so encoded bodies carry no undefined noise. */
export function setDefined(target: WireObject, key: string, value: unknown): void {
  if (value !== undefined) target[key] = value;
}

export function stringOr(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value : fallback;
}

export function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/** A finite number, or undefined for anything else (token counts an upstream may omit or garble). */
export function finiteNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
