/**
 * Reading a client's Gemini body field by field. A body that breaks the format is the
 * client's fault: a 400 naming the field by its path, e.g. `contents[2].parts[0].text`.
 */
import { invalidParameterAt, isWireObject, type WireObject } from '@model-gateway/core';

/** Client-side readers: undefined and null both mean "not set", as on Google's JSON mapping. */
export const client = {
  object(value: unknown, param: string): WireObject | undefined {
    if (value == null) return undefined;
    if (!isWireObject(value)) throw invalidParameterAt(param, 'expected an object');
    return value;
  },
  /** An object where one must be (an array's element, a part's call): null is a 400 too. */
  requiredObject(value: unknown, param: string): WireObject {
    if (!isWireObject(value)) throw invalidParameterAt(param, 'expected an object');
    return value;
  },
  array(value: unknown, param: string): unknown[] | undefined {
    if (value == null) return undefined;
    if (!Array.isArray(value)) throw invalidParameterAt(param, 'expected an array');
    return value;
  },
  string(value: unknown, param: string): string | undefined {
    if (value == null) return undefined;
    if (typeof value !== 'string') throw invalidParameterAt(param, 'expected a string');
    return value;
  },
  number(value: unknown, param: string): number | undefined {
    if (value == null) return undefined;
    if (typeof value !== 'number' || !Number.isFinite(value)) throw invalidParameterAt(param, 'expected a number');
    return value;
  },
  integer(value: unknown, param: string): number | undefined {
    const number = client.number(value, param);
    if (number !== undefined && !Number.isInteger(number)) throw invalidParameterAt(param, 'expected an integer');
    return number;
  },
  boolean(value: unknown, param: string): boolean | undefined {
    if (value == null) return undefined;
    if (typeof value !== 'boolean') throw invalidParameterAt(param, 'expected a boolean');
    return value;
  },
  stringArray(value: unknown, param: string): string[] | undefined {
    const array = client.array(value, param);
    return array?.map((item, i) => client.string(item, `${param}[${i}]`) ?? '');
  },
};
