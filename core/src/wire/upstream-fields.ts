/**
 * Reading the payload of an upstream answer. Only a missing payload is fatal (a 502 naming
 * where it should be); incidental fields are read with the fallbacks of wire-value.
 */
import { invalidUpstream } from '../errors/invalid-upstream';
import { isWireObject, type WireObject } from './wire-value';

export function requireObject(value: unknown, where: string): WireObject {
  if (!isWireObject(value)) throw invalidUpstream(`${where} is not an object`);
  return value;
}

export function requireArray(value: unknown, where: string): unknown[] {
  if (!Array.isArray(value)) throw invalidUpstream(`${where} is not an array`);
  return value;
}

/** An array an upstream may leave out (undefined or null), read as empty. */
export function optionalArray(value: unknown, where: string): unknown[] {
  if (value == null) return [];
  return requireArray(value, where);
}
