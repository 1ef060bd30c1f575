/**
 * Gemini request bodies in either spelling of their field names, read as one.
 *
 * Gemini parses requests with the proto3 JSON mapping, whose parsers accept both the
 * lowerCamelCase JSON name and the original proto field name
 * (https://protobuf.dev/programming-guides/json/: "Protobuf JSON parsers are required to
 * accept both the converted lowerCamelCase name and the proto field name"), and clients
 * use both: google-genai (JS) writes `maxOutputTokens`, LiteLLM and hand-written REST calls
 * `max_output_tokens`, `system_instruction`, `function_declarations`. The decoders read
 * camelCase only, so this pass renames the proto spellings of known message fields before
 * they run. Free-form values (function arguments, function responses, JSON Schemas, the
 * property names of a Schema) are the client's own and are never renamed.
 *
 * The same field under both names is a 400, as the mapping requires ("parsers are required
 * to reject JSON that contains the same field, either by proto field name or by JSON name,
 * more than once", https://protobuf.dev/programming-guides/json/#duplicate-values).
 *
 * Pure and cheap: a body already in camelCase is returned as the same object, after one look
 * at each key of its message objects (free-form JSON and text are not walked); a body with
 * proto spellings is copied only along the paths that change.
 */
import { invalidParameterAt, isWireObject, paramPath, type WireObject } from '@model-gateway/core';
import { GenerateContentRequest, OPAQUE, type FieldKind, type ProtoMessage } from './gemini-proto-fields';

/** `body` with every known field under its JSON name; anything not an object is returned as is, for the decoder to refuse. */
export function normalizeFieldNames(body: unknown, root: ProtoMessage = GenerateContentRequest): unknown {
  return normalizeMessage(body, root, []);
}

function normalizeMessage(value: unknown, message: ProtoMessage, path: Array<string | number>): unknown {
  if (!isWireObject(value)) return value;
  let out: WireObject | undefined;
  for (const key in value) {
    const json = message.snakeNames.get(key);
    if (json !== undefined && Object.prototype.hasOwnProperty.call(value, json)) {
      throw invalidParameterAt(paramPath([...path, json]), `given twice, as ${json} and ${key}; send one`);
    }
    const name = json ?? key;
    const field = value[key];
    const kind = Object.prototype.hasOwnProperty.call(message.fields, name) ? message.fields[name] : OPAQUE;
    let next = field;
    if (kind !== OPAQUE && field != null) {
      path.push(name);
      next = normalizeField(field, kind, path);
      path.pop();
    }
    if (out === undefined && (next !== field || name !== key)) out = copyBefore(value, key);
    if (out !== undefined) setOwn(out, name, next);
  }
  return out ?? value;
}

function normalizeField(value: unknown, kind: Exclude<FieldKind, typeof OPAQUE>, path: Array<string | number>): unknown {
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      path.push(i);
      const next = normalizeOne(value[i], kind, path);
      path.pop();
      if (next !== value[i]) (out ??= value.slice())[i] = next;
    }
    return out ?? value;
  }
  return normalizeOne(value, kind, path);
}

function normalizeOne(value: unknown, kind: Exclude<FieldKind, typeof OPAQUE>, path: Array<string | number>): unknown {
  if (!('mapOf' in kind)) return normalizeMessage(value, kind, path);
  if (!isWireObject(value)) return value;
  // A map's keys are the client's names (a Schema's property names): only its values are messages.
  let out: WireObject | undefined;
  for (const key in value) {
    path.push(key);
    const next = normalizeMessage(value[key], kind.mapOf, path);
    path.pop();
    if (out === undefined && next !== value[key]) out = copyBefore(value, key);
    if (out !== undefined) setOwn(out, key, next);
  }
  return out ?? value;
}

/** A new object with `source`'s fields that come before `stop`, in their order. */
function copyBefore(source: WireObject, stop: string): WireObject {
  const out: WireObject = {};
  for (const key in source) {
    if (key === stop) break;
    setOwn(out, key, source[key]);
  }
  return out;
}

/** A plain assignment of `__proto__` (a key JSON.parse does produce) would set the prototype instead. */
function setOwn(target: WireObject, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}
