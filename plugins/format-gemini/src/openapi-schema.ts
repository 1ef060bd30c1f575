/**
 * Gemini's `Schema` (an OpenAPI 3.0 subset: upper-case types, `nullable`) to JSON
 * Schema, for clients that declare functions with `parameters` or ask for output
 * with `responseSchema`. Other providers take JSON Schema, and the gateway sends
 * Gemini its JSON-Schema fields (`parametersJsonSchema`, `responseJsonSchema`), so
 * only this direction is needed.
 */
import { isWireObject, type WireObject } from '@model-gateway/core';

/** Keywords with no JSON Schema meaning that strict providers would reject. */
const DROPPED = new Set(['nullable', 'propertyOrdering', 'example']);

export function openApiToJsonSchema(schema: WireObject): WireObject {
  const out: WireObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (DROPPED.has(key)) continue;
    if (key === 'type' && typeof value === 'string') out.type = value.toLowerCase();
    else if (key === 'properties' && isWireObject(value)) out.properties = mapValues(value);
    else if (key === 'items' && isWireObject(value)) out.items = openApiToJsonSchema(value);
    else if (key === 'anyOf' && Array.isArray(value)) out.anyOf = value.map((item) => (isWireObject(item) ? openApiToJsonSchema(item) : item));
    else out[key] = value;
  }
  if (out.type === 'type_unspecified') delete out.type;
  if (schema.nullable === true) makeNullable(out);
  return out;
}

function mapValues(properties: WireObject): WireObject {
  const out: WireObject = {};
  for (const [name, value] of Object.entries(properties)) out[name] = isWireObject(value) ? openApiToJsonSchema(value) : value;
  return out;
}

function makeNullable(schema: WireObject): void {
  if (typeof schema.type === 'string') schema.type = [schema.type, 'null'];
  else if (Array.isArray(schema.anyOf)) schema.anyOf = [...schema.anyOf, { type: 'null' }];
}
