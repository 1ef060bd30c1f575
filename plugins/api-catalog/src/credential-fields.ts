import type { ProviderDefinition } from '@model-gateway/core';

/** One field of the endpoint-creation form for a provider type. */
export interface CredentialField {
  name: string;
  /** JSON Schema type: string, number, integer, boolean, object, array. */
  type: string;
  description: string | null;
  required: boolean;
  /** Held as a secret: shown masked, never echoed back, never logged. */
  secret: boolean;
  default: unknown;
  /** Allowed values, when the field is an enumeration. */
  enum?: unknown[];
  /** A string format such as `uri`. */
  format?: string;
  /** The conventional environment variable (the API key's). */
  env?: string;
  /** What a form calls the field, where the provider names it its own way (the definition's `fieldLabels`). */
  label?: string;
}

type JsonSchema = {
  type?: string | string[];
  description?: string;
  default?: unknown;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
};

/** Turns a zod schema into JSON Schema (zod's own `toJSONSchema`, handed in so this stays a pure function). */
export type ToJsonSchema = (schema: NonNullable<ProviderDefinition['optionsSchema']>) => unknown;

/**
 * What a form needs to create a connection of this type: the API key (with its
 * conventional variable), the base URL (the type's own field when it defines one,
 * else optional with the default), then every field of the type's options schema,
 * rendered from whichever schema the plugin registered.
 */
export function credentialFields(definition: ProviderDefinition, toJsonSchema: ToJsonSchema): CredentialField[] {
  const options = definition.optionsSchema ? (toJsonSchema(definition.optionsSchema) as JsonSchema) : { properties: {} };
  const secrets = new Set(definition.secretOptions ?? []);
  const fields: CredentialField[] = [apiKeyField(definition)];
  const properties = options.properties ?? {};
  if (!('base_url' in properties)) fields.push(defaultBaseUrlField(definition));
  for (const [name, schema] of Object.entries(properties)) {
    fields.push({
      name,
      ...typeOf(schema),
      description: schema.description ?? null,
      required: options.required?.includes(name) ?? false,
      secret: secrets.has(name),
      default: schema.default ?? null,
    });
  }
  return fields.map((field) => {
    const label = definition.fieldLabels?.[field.name];
    return label === undefined ? field : { ...field, label };
  });
}

function apiKeyField(definition: ProviderDefinition): CredentialField {
  const when =
    definition.requiresApiKey === 'default-base-url'
      ? ` Required against the default base URL (${definition.defaultBaseUrl}); servers you run often need none.`
      : definition.requiresApiKey
        ? ''
        : ' Only if the server was configured to require one.';
  return {
    name: 'api_key',
    type: 'string',
    description: `The provider's API key; never logged or returned.${when}`,
    required: definition.requiresApiKey === true,
    secret: true,
    default: null,
    ...(definition.apiKeyEnv ? { env: definition.apiKeyEnv } : {}),
  };
}

function defaultBaseUrlField(definition: ProviderDefinition): CredentialField {
  return {
    name: 'base_url',
    type: 'string',
    format: 'uri',
    description: 'API base URL, to reach a proxy or another region or host.',
    required: false,
    secret: false,
    default: definition.defaultBaseUrl,
  };
}

/** The field's type, enum and format; an optional field's JSON Schema may wrap it in anyOf. */
function typeOf(schema: JsonSchema): Pick<CredentialField, 'type' | 'enum' | 'format'> {
  const inner = schema.anyOf?.find((s) => s.type !== 'null') ?? schema;
  const values = inner.enum ?? (inner.const !== undefined ? [inner.const] : undefined);
  const type = Array.isArray(inner.type) ? inner.type.find((t) => t !== 'null') : inner.type;
  return {
    type: type ?? (values ? typeof values[0] : 'string'),
    ...(values ? { enum: values } : {}),
    ...(inner.format ? { format: inner.format } : {}),
  };
}
