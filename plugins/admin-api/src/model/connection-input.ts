import {
  checkUrlText, GatewayError, keyRequired, providerSchema, resolveConnectionSettings,
  type ConnectionSettings, type ProviderDefinition,
} from '@model-gateway/core';
import { credentialFields, isUrlField } from './credential-fields';
import { invalidBody, invalidField, requireObject } from './input-issues';
import { isMaskOf } from './masking';
import { objectNameSchema } from './object-name';

/** A connection body that passed every check, split into what is stored in clear and what is sealed. */
export interface ConnectionInput {
  name: string;
  type: string;
  /** The body's fields other than name, type and credentials, as sent. */
  fields: Record<string, unknown>;
  /** Credential fields and their values. */
  secrets: Record<string, string>;
  settings: ConnectionSettings;
}

/** The connection being replaced, for a PUT: its type and credentials. */
export interface StoredConnection {
  type: string;
  secrets: Readonly<Record<string, string>>;
}

export interface ConnectionInputContext {
  definitions: ReadonlyMap<string, ProviderDefinition>;
  allowPrivate: boolean;
}

/**
 * Validates a connection body with the YAML's own schema for its type (`providerSchema`).
 * On a replace, a credential field left out (or sent back as its mask) keeps its stored
 * value, so a form never has to re-send a key; `null` removes it.
 */
export function parseConnectionInput(raw: unknown, context: ConnectionInputContext, replacing?: { name: string; stored: StoredConnection }): ConnectionInput {
  const body = { ...requireObject(raw) };
  const name = replacing ? replacing.name : parseName(body.name);
  if (replacing && body.name !== undefined && body.name !== replacing.name) {
    throw invalidField('name', `the body names "${String(body.name)}" but the path names "${replacing.name}"; a connection cannot be renamed`);
  }
  delete body.name;
  const type = body.type;
  if (typeof type !== 'string' || type === '') throw invalidField('type', 'required: a provider type (GET /api/providers lists them)');
  const definition = context.definitions.get(type);
  if (!definition) throw invalidField('type', `unknown provider type ${JSON.stringify(type)}; GET /api/providers lists the types`);

  const secretFields = credentialFields(definition);
  const kept = replacing?.stored.type === type ? replacing.stored.secrets : {};
  for (const field of secretFields) {
    if (body[field] === null) delete body[field];
    else if ((body[field] === undefined || isMaskOf(body[field], kept[field])) && kept[field] !== undefined) body[field] = kept[field];
  }

  const parsed = providerSchema(definition).safeParse(body, { reportInput: true });
  if (!parsed.success) throw invalidBody(parsed.error.issues, secretFields);
  const entry = parsed.data as { type: string } & Record<string, unknown>;

  for (const [field, value] of Object.entries(entry)) {
    if (typeof value !== 'string' || !isUrlField(field) || secretFields.includes(field)) continue;
    const refusal = checkUrlText(value, { allowPrivate: context.allowPrivate });
    if (refusal) throw invalidField(field, `${refusal}${/private|loopback/.test(refusal) ? ' (allowed only with admin.allow_private_base_urls: true)' : ''}`);
  }

  const settings = resolveConnectionSettings(name, entry, definition);
  settings.egress = { allowPrivate: context.allowPrivate };
  if (!settings.apiKey && keyRequired(definition, settings)) {
    throw invalidField('api_key', `required for provider type "${type}"${settings.baseUrl === definition.defaultBaseUrl.replace(/\/$/, '') ? ` at its default base URL ${definition.defaultBaseUrl}` : ''}`);
  }

  const fields: Record<string, unknown> = {};
  const secrets: Record<string, string> = {};
  for (const [field, value] of Object.entries(body)) {
    if (field === 'type' || value === undefined) continue;
    if (secretFields.includes(field)) secrets[field] = String(value);
    else fields[field] = value;
  }
  return { name, type, fields, secrets, settings };
}

/** Settings for a connection read back from the store: the same schema, so a record that no longer validates is reported, not used. */
export function connectionSettingsOf(
  name: string,
  type: string,
  fields: Record<string, unknown>,
  secrets: Record<string, string>,
  context: ConnectionInputContext,
): ConnectionSettings {
  const definition = context.definitions.get(type);
  if (!definition) throw new Error(`provider type "${type}" is not loaded`);
  const parsed = providerSchema(definition).safeParse({ ...fields, ...secrets, type });
  if (!parsed.success) throw invalidBody(parsed.error.issues, credentialFields(definition));
  const settings = resolveConnectionSettings(name, parsed.data as { type: string } & Record<string, unknown>, definition);
  settings.egress = { allowPrivate: context.allowPrivate };
  return settings;
}

function parseName(value: unknown): string {
  const parsed = objectNameSchema.safeParse(value);
  if (!parsed.success) {
    const problem = value === undefined ? 'required' : parsed.error.issues[0].message;
    throw new GatewayError('invalid_parameter', `name: ${problem}`, { param: 'name' });
  }
  return parsed.data;
}

export { parseName };
