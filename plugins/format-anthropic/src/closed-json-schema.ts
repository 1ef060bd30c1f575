/**
 * Anthropic's structured outputs (`output_config.format`) reject an object schema that
 * does not say `additionalProperties: false`; OpenAI clients often leave it out, since
 * OpenAI only requires it in strict mode. This adds it to every object schema that does
 * not set it. That only narrows the schema: whatever the model writes still matches the
 * client's schema. An object that explicitly allows extra properties is sent as it is,
 * and Anthropic's own error explains the limit.
 */
import { extensibleCopy, isWireObject, type WireObject } from '@model-gateway/core';

/** Keywords whose value is one schema. */
const SCHEMA_KEYS = ['items', 'not', 'additionalItems', 'contains', 'if', 'then', 'else'];
/** Keywords whose value is a list of schemas. */
const SCHEMA_LIST_KEYS = ['anyOf', 'allOf', 'oneOf', 'prefixItems'];
/** Keywords whose value maps names to schemas. */
const SCHEMA_MAP_KEYS = ['properties', '$defs', 'definitions', 'patternProperties'];

export function closeJsonSchema(schema: WireObject): WireObject {
  const out: WireObject = extensibleCopy(schema);
  const isObject = out.type === 'object' || (Array.isArray(out.type) && out.type.includes('object')) || isWireObject(out.properties);
  if (isObject && out.additionalProperties === undefined) out.additionalProperties = false;
  if (isWireObject(out.additionalProperties)) out.additionalProperties = closeJsonSchema(out.additionalProperties);
  for (const key of SCHEMA_KEYS) {
    if (isWireObject(out[key])) out[key] = closeJsonSchema(out[key]);
  }
  for (const key of SCHEMA_LIST_KEYS) {
    const list = out[key];
    if (Array.isArray(list)) out[key] = list.map((item) => (isWireObject(item) ? closeJsonSchema(item) : item));
  }
  for (const key of SCHEMA_MAP_KEYS) {
    const map = out[key];
    if (isWireObject(map)) out[key] = Object.fromEntries(Object.entries(map).map(([name, sub]) => [name, isWireObject(sub) ? closeJsonSchema(sub) : sub]));
  }
  return out;
}
