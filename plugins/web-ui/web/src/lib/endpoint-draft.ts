import type { ConnectionView, EndpointKind, EndpointListing, ProviderType } from '../api/types';
import { credentialFieldProblem, credentialValues } from './credential-values';

/**
 * The create/edit form's state and what it sends: a connection body for
 * POST/PUT /api/connections and an endpoint body for POST/PUT /api/endpoints, in
 * the YAML's own field names (the admin API validates them with the YAML's schema).
 */

/** The YAML's rule for endpoint and connection names. */
export const NAME_PATTERN = /^[A-Za-z0-9._-]+$/;

export interface TargetDraft {
  /** Stable across reorders, for React keys. */
  key: string;
  connection: string;
  model: string;
  /** The catalogue model `model` serves, when it is another (kept from the stored endpoint). */
  catalogModel?: string;
  /** Percent of traffic, as typed. */
  weight: string;
}

export interface FallbackDraft {
  key: string;
  connection: string;
  model: string;
  catalogModel?: string;
}

export interface EndpointDraft {
  name: string;
  kind: EndpointKind;
  providerType: string;
  /** `new`: the form creates a connection; otherwise the name of the connection used. */
  connectionMode: 'new' | 'existing';
  existingConnection: string;
  connectionName: string;
  /** Credential and option fields of the connection, as typed (secrets blank = keep). */
  fields: Record<string, string | boolean>;
  /** The endpoint's model: a deployment name where the provider's models are deployments. */
  model: string;
  /** The catalogue model the deployment serves (`catalog_model`), for its facts and prices; blank: none named. */
  catalogModel: string;
  split: boolean;
  /** The first target's weight (the endpoint's own provider and model). */
  primaryWeight: string;
  /** Targets after the first. */
  targets: TargetDraft[];
  fallbacks: FallbackDraft[];
  retryAttempts: string;
}

let keys = 0;
export const newKey = () => `k${++keys}`;

export function emptyDraft(): EndpointDraft {
  return {
    name: '',
    kind: 'chat',
    providerType: '',
    connectionMode: 'new',
    existingConnection: '',
    connectionName: '',
    fields: {},
    model: '',
    catalogModel: '',
    split: false,
    primaryWeight: '100',
    targets: [],
    fallbacks: [],
    retryAttempts: '0',
  };
}

/** The fields of a provider type, prefilled with their defaults (an optional Base URL shows the provider's own). */
export function defaultFields(provider: ProviderType): Record<string, string | boolean> {
  const values: Record<string, string | boolean> = {};
  for (const field of provider.credential_fields) {
    if (field.type === 'boolean') values[field.name] = field.default === true;
    else values[field.name] = field.default === null || field.default === undefined ? '' : String(field.default);
  }
  return values;
}

/** A free connection name for a new connection of `type`: the type itself, else type-2, type-3... */
export function suggestConnectionName(type: string, taken: ReadonlySet<string>): string {
  if (!taken.has(type)) return type;
  for (let n = 2; ; n++) if (!taken.has(`${type}-${n}`)) return `${type}-${n}`;
}

/** Integer weights as whole percentages that add up to exactly 100 (largest remainders get the rounding). */
export function percentsFromWeights(weights: readonly number[]): number[] {
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (total <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (w * 100) / total);
  const floors = exact.map(Math.floor);
  let left = 100 - floors.reduce((sum, p) => sum + p, 0);
  const order = exact.map((p, i) => [p - Math.floor(p), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) {
    if (left <= 0) break;
    floors[i] += 1;
    left -= 1;
  }
  return floors;
}

/** The form's state for an endpoint the API returned, with the connection it uses (if the API knows it). */
export function draftFromRecord(record: EndpointListing, connections: readonly ConnectionView[], providers: readonly ProviderType[]): EndpointDraft {
  const first: StoredTarget & { provider: string } = record.targets?.[0] ?? { provider: record.provider ?? '', model: record.model ?? '', catalog_model: record.catalog_model };
  const connection = connections.find((c) => c.name === first.provider);
  const provider = providers.find((p) => p.type === (connection?.type ?? first.provider));
  const percents = record.targets ? percentsFromWeights(record.targets.map((t) => t.weight ?? 1)) : [100];
  return {
    ...emptyDraft(),
    name: record.name,
    kind: record.kind,
    providerType: connection?.type ?? first.provider,
    connectionMode: 'existing',
    existingConnection: first.provider,
    fields: connection && provider ? fieldsOfConnection(connection, provider) : {},
    model: first.model,
    // The API shows catalog_model as `model` when none was named; a deployment shows what it serves either way.
    catalogModel: provider?.model_is_deployment || servesOther(first) ? (first.catalog_model ?? '') : '',
    split: (record.targets?.length ?? 0) > 1,
    primaryWeight: String(percents[0]),
    targets: (record.targets ?? []).slice(1).map((t, i) => ({ key: newKey(), connection: t.provider, model: t.model, catalogModel: servedOther(t), weight: String(percents[i + 1]) })),
    fallbacks: (record.fallbacks ?? []).map((f) => ({ key: newKey(), connection: f.provider, model: f.model, catalogModel: servedOther(f) })),
    retryAttempts: String(record.retry?.attempts ?? 0),
  };
}

interface StoredTarget {
  model: string;
  catalog_model?: string;
}

/** Whether a stored target names a catalogue model other than its model. */
function servesOther(target: StoredTarget): boolean {
  return Boolean(target.catalog_model) && target.catalog_model !== target.model;
}

/** A stored target's catalogue model when it is another than its model, else nothing to keep. */
function servedOther(target: StoredTarget): string | undefined {
  return servesOther(target) ? target.catalog_model : undefined;
}

/** A stored connection's field values; credentials come back masked, so they start blank (blank = keep). */
export function fieldsOfConnection(connection: ConnectionView, provider: ProviderType): Record<string, string | boolean> {
  const values = defaultFields(provider);
  for (const field of provider.credential_fields) {
    const value = connection[field.name];
    if (field.secret) values[field.name] = '';
    else if (typeof value === 'boolean') values[field.name] = value;
    else if (typeof value === 'string' || typeof value === 'number') values[field.name] = String(value);
  }
  return values;
}

/** Secret fields a stored connection holds a value for (shown masked by the API). */
export function storedSecrets(connection: ConnectionView | undefined, provider: ProviderType | undefined): Set<string> {
  if (!connection || !provider) return new Set();
  return new Set(provider.credential_fields.filter((f) => f.secret && connection[f.name] !== undefined && connection[f.name] !== null && connection[f.name] !== '').map((f) => f.name));
}

export interface DraftContext {
  creating: boolean;
  endpointNames: ReadonlySet<string>;
  connectionNames: ReadonlySet<string>;
  provider?: ProviderType;
  /** Secret fields that already hold a stored value (editing): left blank, they are kept. */
  storedSecrets?: ReadonlySet<string>;
  /** Labels of the fields deciding where the stored connection's credentials go that the form changed (editing). */
  movedDestinations?: readonly string[];
}

/** Why a stored secret must be typed again: the gateway sends a stored credential only where it was entered. */
export function reenterMessage(moved: readonly string[]): string {
  return `Enter it again: ${moved.join(', ')} changed, and a stored credential is sent only to the destination it was entered for.`;
}

/** The running total of the split, in percent. */
export function splitTotal(draft: EndpointDraft): number {
  return [draft.primaryWeight, ...draft.targets.map((t) => t.weight)].reduce((sum, w) => sum + (Number(w) || 0), 0);
}

/** Problems found before anything is sent, keyed like the API's field paths. */
export function validateDraft(draft: EndpointDraft, context: DraftContext): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!draft.name) errors.name = 'Give the endpoint a name.';
  else if (!NAME_PATTERN.test(draft.name)) errors.name = 'Use letters, digits, dots, dashes and underscores only ([A-Za-z0-9._-]+).';
  else if (context.creating && context.endpointNames.has(draft.name)) errors.name = `An endpoint named "${draft.name}" already exists.`;
  if (!draft.providerType) errors.provider = 'Choose a provider.';
  if (draft.connectionMode === 'new' && context.provider) {
    if (!draft.connectionName) errors['connection.name'] = 'Name the connection.';
    else if (!NAME_PATTERN.test(draft.connectionName)) errors['connection.name'] = 'Use letters, digits, dots, dashes and underscores only.';
    else if (context.connectionNames.has(draft.connectionName)) errors['connection.name'] = `A connection named "${draft.connectionName}" already exists: choose it under Connection, or pick another name.`;
    for (const field of context.provider.credential_fields) {
      const problem = credentialFieldProblem(field, draft.fields[field.name], context.storedSecrets?.has(field.name) ?? false);
      if (problem) errors[`connection.${field.name}`] = problem;
    }
  } else if (draft.connectionMode === 'existing' && !draft.existingConnection) {
    errors.provider = 'Choose a connection.';
  } else if (draft.connectionMode === 'existing' && context.provider && context.movedDestinations?.length) {
    for (const field of context.provider.credential_fields) {
      const text = draft.fields[field.name];
      if (context.storedSecrets?.has(field.name) && (typeof text !== 'string' || !text.trim())) errors[`connection.${field.name}`] = reenterMessage(context.movedDestinations);
    }
  }
  if (!draft.model.trim()) errors.model = context.provider?.model_is_deployment ? 'Type the deployment name.' : 'Choose a model, or type its name.';
  if (draft.split) {
    const weights = [draft.primaryWeight, ...draft.targets.map((t) => t.weight)];
    weights.forEach((weight, i) => {
      if (!/^\d+$/.test(weight) || Number(weight) > 100) errors[`targets.${i}.weight`] = 'A whole percentage, 0 to 100.';
    });
    draft.targets.forEach((target, i) => {
      if (!target.connection) errors[`targets.${i + 1}.provider`] = 'Choose a connection.';
      if (!target.model.trim()) errors[`targets.${i + 1}.model`] = 'Choose a model.';
    });
    const total = splitTotal(draft);
    if (total !== 100) errors.targets = `The weights add up to ${total}%; they must make 100%.`;
  }
  draft.fallbacks.forEach((fallback, i) => {
    if (!fallback.connection) errors[`fallbacks.${i}.provider`] = 'Choose a connection.';
    if (!fallback.model.trim()) errors[`fallbacks.${i}.model`] = 'Choose a model.';
  });
  if (!/^\d+$/.test(draft.retryAttempts) || Number(draft.retryAttempts) > 10) errors['retry.attempts'] = 'A whole number, 0 to 10.';
  return errors;
}

/** POST/PUT /api/connections body: typed values only (blank secrets are left out, so the API keeps them). */
export function connectionBody(draft: EndpointDraft, provider: ProviderType, name: string): Record<string, unknown> {
  return { name, type: provider.type, ...credentialValues(draft.fields, provider) };
}

/** Fields the API shows on an endpoint that are not part of what it accepts (or that the form rewrites). */
const VIEW_ONLY_FIELDS = ['source', 'status', 'problem', 'object', 'created_at', 'updated_at', 'adminApi', 'provider', 'model', 'catalog_model', 'targets', 'fallbacks'];

/**
 * POST/PUT /api/endpoints body. When editing, fields the form does not show
 * (timeouts, backoff, plugin sections) are kept from the stored endpoint, since PUT replaces.
 */
export function endpointBody(draft: EndpointDraft, connection: string, original?: EndpointListing): Record<string, unknown> {
  const kept: Record<string, unknown> = { ...(original ?? {}) };
  for (const field of VIEW_ONLY_FIELDS) delete kept[field];
  const body: Record<string, unknown> = { ...kept, name: draft.name, kind: draft.kind };
  const served = withCatalogModel(draft.catalogModel);
  if (draft.split) {
    body.targets = [
      { provider: connection, model: draft.model.trim(), ...served, weight: Number(draft.primaryWeight) },
      ...draft.targets.map((t) => ({ provider: t.connection, model: t.model.trim(), ...withCatalogModel(t.catalogModel), weight: Number(t.weight) })),
    ];
  } else {
    body.provider = connection;
    body.model = draft.model.trim();
    Object.assign(body, served);
  }
  if (draft.fallbacks.length > 0) body.fallbacks = draft.fallbacks.map((f) => ({ provider: f.connection, model: f.model.trim(), ...withCatalogModel(f.catalogModel) }));
  const attempts = Number(draft.retryAttempts);
  const retry = { ...((original?.retry as object | undefined) ?? {}), attempts };
  if (attempts > 0 || original?.retry) body.retry = retry;
  else delete body.retry;
  return body;
}

/** `{ catalog_model }` when one is named, else nothing (the gateway then prices the model itself). */
function withCatalogModel(catalogModel: string | undefined): { catalog_model?: string } {
  const name = catalogModel?.trim();
  return name ? { catalog_model: name } : {};
}

/** Moves item `from` to `to` in a copy of the list (the fallbacks' order). */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length) return [...items];
  const copy = [...items];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item);
  return copy;
}
