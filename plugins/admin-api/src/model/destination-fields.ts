import type { z } from 'zod';
import type { ProviderDefinition } from '@model-gateway/core';
import { isUrlField } from './credential-fields';

/**
 * The fields of a connection that decide where its credentials are sent, read from the
 * provider definition rather than listed here: `base_url`, every URL-valued option (by
 * name, or typed as a URL in the options schema), and every option the default base URL
 * names as a `{placeholder}` (Bedrock's `{region}`, Vertex AI's `{location}` pick the host).
 * `type` is a destination too; it is compared on its own, since it selects the definition.
 */
export function destinationFields(definition: ProviderDefinition): string[] {
  const fields = new Set(['base_url']);
  const shape = definition.optionsSchema?.shape ?? {};
  for (const [field, schema] of Object.entries(shape)) {
    if (isUrlField(field) || isUrlTyped(schema as z.ZodType)) fields.add(field);
  }
  for (const match of definition.defaultBaseUrl.matchAll(/\{([A-Za-z0-9_]+)\}/g)) fields.add(match[1]);
  for (const secret of definition.secretOptions ?? []) fields.delete(secret);
  return [...fields];
}

/**
 * The destination fields whose effective value (defaults applied, a trailing slash
 * ignored) differs between a stored connection's fields and a new body of the same type.
 */
export function changedDestinations(definition: ProviderDefinition, before: Readonly<Record<string, unknown>>, after: Readonly<Record<string, unknown>>): string[] {
  return destinationFields(definition).filter((field) => effective(definition, field, before) !== effective(definition, field, after));
}

function effective(definition: ProviderDefinition, field: string, entry: Readonly<Record<string, unknown>>): string {
  let value = entry[field];
  if (value === undefined || value === null) value = defaultOf(definition, field);
  if (value === undefined) return '';
  const text = typeof value === 'string' ? value.trim() : JSON.stringify(value);
  return text.replace(/\/+$/, '');
}

function defaultOf(definition: ProviderDefinition, field: string): unknown {
  const schema = definition.optionsSchema?.shape[field] as z.ZodType | undefined;
  if (schema) {
    const parsed = schema.safeParse(undefined);
    if (parsed.success && parsed.data !== undefined) return parsed.data;
  }
  return field === 'base_url' ? definition.defaultBaseUrl : undefined;
}

/** A string schema of zod's `url` format, under any optional/default/refine wrappers. */
function isUrlTyped(schema: z.ZodType): boolean {
  let inner = schema as unknown as { _zod: { def: { innerType?: unknown; format?: string } } };
  while (inner._zod.def.innerType) inner = inner._zod.def.innerType as typeof inner;
  return inner._zod.def.format === 'url';
}
