import { GatewayError, type ConfigSourceHost, type ConnectionSettings, type ListenAddress, type ProviderDefinition } from '@model-gateway/core';
import { checkUrlText, ownAddressRefusal } from '@model-gateway/core/internal';
import { credentialFields, isUrlField } from './credential-fields';
import { changedDestinations } from './destination-fields';
import { headerSecretField, headerSecrets, headersOf } from './header-secrets';
import { invalidField, requireObject } from './input-issues';
import { isMaskOf } from './masking';
import { objectNameSchema } from './object-name';

/** A connection body that passed every check, split into what is stored in clear and what is sealed. */
export interface ConnectionInput {
  name: string;
  type: string;
  /** The body's fields other than name, type and credentials, as sent. */
  fields: Record<string, unknown>;
  /** Credential fields and their values, and each custom header's value as `headers.<name>`. */
  secrets: Record<string, string>;
  settings: ConnectionSettings;
}

/** The connection being replaced, for a PUT: its type, stored fields and credentials (headers as `headers.<name>`). */
export interface StoredConnection {
  type: string;
  fields: Readonly<Record<string, unknown>>;
  secrets: Readonly<Record<string, string>>;
}

export interface ConnectionInputContext {
  definitions: ReadonlyMap<string, ProviderDefinition>;
  /** Core's check of a connection declaration (the YAML's schema for the type, the type's check of run-time entries). */
  check: ConfigSourceHost['checkConnection'];
  allowPrivate: boolean;
  /** The gateway's own address: a URL field naming it is refused (the gateway would call itself). */
  listenAddress?: ListenAddress;
}

/**
 * Validates a connection body through core, with the YAML's own schema for its type.
 * On a replace, a credential field left out (or sent back as its mask) keeps its stored
 * value, so a form never has to re-send a key; `null` removes it. Custom headers are kept
 * the same way (`headers` left out keeps them all, a header sent as its mask keeps its
 * value). A kept credential is never moved to another destination: a body that changes
 * the type, base URL or another field deciding where calls go must send it again.
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
  const stored = replacing?.stored;
  const kept = keepStoredSecrets(body, secretFields, stored?.secrets ?? {});

  // Core runs the type's check of run-time entries on the merged body, then the schema.
  const checked = context.check(name, body, context.allowPrivate);
  if (!checked.ok) throw new GatewayError('invalid_parameter', checked.message, { param: checked.param });
  const entry = checked.fields;

  for (const [field, value] of Object.entries(entry)) {
    if (typeof value !== 'string' || !isUrlField(field) || secretFields.includes(field)) continue;
    const refusal = checkUrlText(value, { allowPrivate: context.allowPrivate });
    if (refusal) throw invalidField(field, `${refusal}${/private|loopback/.test(refusal) ? ' (allowed only with admin.allow_private_base_urls: true, or GATEWAY_ALLOW_PRIVATE_BASE_URLS=true in the environment)' : ''}`);
    const own = ownAddressRefusal(value, context.listenAddress);
    if (own) throw invalidField(field, own);
  }

  // After the URL checks, so a refused address is named as such whatever else the body keeps.
  if (stored && kept.length > 0) {
    const changed = stored.type !== type ? ['type'] : changedDestinations(definition, stored.fields, body);
    if (changed.length > 0) throw reenterToMove(kept, changed);
  }

  const { settings } = checked;
  if (checked.keyMissing) {
    throw invalidField('api_key', `required for provider type "${type}"${settings.baseUrl === definition.defaultBaseUrl.replace(/\/$/, '') ? ` at its default base URL ${definition.defaultBaseUrl}` : ''}`);
  }

  const fields: Record<string, unknown> = {};
  const secrets: Record<string, string> = {};
  for (const [field, value] of Object.entries(body)) {
    if (field === 'type' || value === undefined) continue;
    if (field === 'headers') Object.assign(secrets, headerSecrets(entry.headers as Record<string, string>));
    else if (secretFields.includes(field)) secrets[field] = String(value);
    else fields[field] = value;
  }
  return { name, type, fields, secrets, settings };
}

/**
 * Puts stored values into the body where it left a credential out or sent its mask back
 * (`null` removes one), and answers which fields it kept that way.
 */
function keepStoredSecrets(body: Record<string, unknown>, secretFields: readonly string[], stored: Readonly<Record<string, string>>): string[] {
  const kept: string[] = [];
  for (const field of secretFields) {
    if (body[field] === null) delete body[field];
    else if ((body[field] === undefined || isMaskOf(body[field], stored[field])) && stored[field] !== undefined) {
      body[field] = stored[field];
      kept.push(field);
    }
  }
  if (body.headers === null) {
    delete body.headers;
  } else if (body.headers === undefined) {
    const headers = headersOf(stored);
    if (headers) {
      body.headers = headers;
      kept.push(...Object.keys(headers).map(headerSecretField));
    }
  } else if (typeof body.headers === 'object' && !Array.isArray(body.headers)) {
    const headers = { ...(body.headers as Record<string, unknown>) };
    for (const [header, value] of Object.entries(headers)) {
      const field = headerSecretField(header);
      if (!isMaskOf(value, stored[field])) continue;
      headers[header] = stored[field];
      kept.push(field);
    }
    body.headers = headers;
  }
  return kept;
}

/** The 400 for a body that would send kept credentials somewhere else: it names each one and what changed. */
function reenterToMove(kept: readonly string[], changed: readonly string[]): GatewayError {
  const what = kept.length === 1 ? (kept[0] === 'api_key' ? 'the key' : 'it') : 'them';
  return new GatewayError(
    'invalid_parameter',
    `${kept.join(', ')}: re-enter ${what} to change ${changed.join(', ')} (a stored credential is sent only to the destination it was entered for; null removes one)`,
    { param: kept[0] },
  );
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
