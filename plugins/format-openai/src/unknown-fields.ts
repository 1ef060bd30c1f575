/** Fields of OpenAI's bodies this codec does not model, carried through the canonical `extra` both ways. */
import type { WireObject } from '@model-gateway/core';

/**
 * The fields of `source` this codec does not model, or undefined when there are none,
 * so canonical objects only carry an `extra` when there is something to give back.
 */
export function unknownFields(source: WireObject, known: ReadonlySet<string>): WireObject | undefined {
  let extra: WireObject | undefined;
  // for-in, not Object.entries: this runs on every request and message, and makes no pair arrays.
  for (const key in source) {
    if (known.has(key) || !Object.hasOwn(source, key)) continue;
    extra ??= {};
    extra[key] = source[key];
  }
  return extra;
}

/**
 * Appends `extra` to an encoded body. Keys this codec models are skipped: the canonical
 * value is the truth, and a pipeline stage that removed it must not see it resurrected.
 */
export function withUnknownFields(target: WireObject, extra: WireObject | undefined, known: ReadonlySet<string>): WireObject {
  if (!extra) return target;
  for (const [key, value] of Object.entries(extra)) {
    if (!known.has(key) && !(key in target)) target[key] = value;
  }
  return target;
}
