import type { ConnectionView, ProviderType } from '../api/types';
import { credentialFieldProblem, credentialValues } from './credential-values';
import { movedDestinations } from './destination-fields';
import { defaultFields, fieldsOfConnection, NAME_PATTERN, reenterMessage, storedSecrets } from './endpoint-draft';
import { fieldLabel } from './providers';

/** What the connection form holds: a name, a provider type and that type's fields as typed. */
export interface ConnectionDraft {
  name: string;
  type: string;
  fields: Record<string, string | boolean>;
}

export function emptyConnectionDraft(): ConnectionDraft {
  return { name: '', type: '', fields: {} };
}

/** A new draft of `provider`'s type, its fields at their defaults. */
export function draftOfType(draft: ConnectionDraft, provider: ProviderType): ConnectionDraft {
  return { ...draft, type: provider.type, fields: defaultFields(provider) };
}

/** A stored connection as the form starts: its settings, its secrets blank (blank keeps them). */
export function draftOfConnection(connection: ConnectionView, provider: ProviderType): ConnectionDraft {
  return { name: connection.name, type: connection.type, fields: fieldsOfConnection(connection, provider) };
}

/** Form keys of the connection's own fields, as the API's error paths land on them (`connection.api_key`). */
export function connectionErrorKeys(provider: ProviderType | undefined): string[] {
  return ['connection.name', 'connection.type', ...(provider?.credential_fields ?? []).map((f) => `connection.${f.name}`)];
}

export interface ConnectionDraftContext {
  /** Names of the other connections (a new one must not take one). */
  takenNames: ReadonlySet<string>;
  provider: ProviderType | undefined;
  /** The connection being edited; undefined when creating. */
  stored?: ConnectionView;
  /** A test needs no name: nothing is saved under it. */
  forTest?: boolean;
}

/** Labels of the destination fields (base URL, region...) the draft changed from the stored connection. */
export function movedLabels(draft: ConnectionDraft, stored: ConnectionView | undefined, provider: ProviderType | undefined): string[] {
  if (!stored || !provider) return [];
  return movedDestinations(draft.fields, stored, provider).map((field) => fieldLabel(provider, field));
}

/**
 * Problems found before anything is sent, keyed like the API's error paths. Editing, a
 * blank secret keeps the stored one, unless the draft moves the connection elsewhere: a
 * stored credential is sent only to the destination it was entered for, so it is asked again.
 */
export function validateConnectionDraft(draft: ConnectionDraft, context: ConnectionDraftContext): Record<string, string> {
  const errors: Record<string, string> = {};
  const { provider, stored } = context;
  if (!stored && !context.forTest) {
    if (!draft.name) errors['connection.name'] = 'Name the connection.';
    else if (!NAME_PATTERN.test(draft.name)) errors['connection.name'] = 'Use letters, digits, dots, dashes and underscores only ([A-Za-z0-9._-]+).';
    else if (context.takenNames.has(draft.name)) errors['connection.name'] = `A connection named "${draft.name}" already exists.`;
  }
  if (!provider) {
    errors['connection.type'] = 'Choose a provider.';
    return errors;
  }
  const kept = storedSecrets(stored, provider);
  const moved = movedLabels(draft, stored, provider);
  for (const field of provider.credential_fields) {
    const value = draft.fields[field.name];
    const blank = typeof value !== 'boolean' && !(value ?? '').trim();
    if (blank && kept.has(field.name) && moved.length > 0) errors[`connection.${field.name}`] = reenterMessage(moved);
    else {
      const problem = credentialFieldProblem(field, value, kept.has(field.name));
      if (problem) errors[`connection.${field.name}`] = problem;
    }
  }
  return errors;
}

/**
 * The connection as POST/PUT /api/connections take it: the values typed (a blank secret is
 * left out, so a PUT keeps the stored one), a boolean only when it differs from its default.
 */
export function connectionDraftBody(draft: ConnectionDraft, provider: ProviderType): Record<string, unknown> {
  return { ...(draft.name ? { name: draft.name } : {}), type: provider.type, ...credentialValues(draft.fields, provider) };
}

/**
 * The body of POST /api/connections/test for what the form holds, saved or not: editing,
 * `replaces` lets the gateway use the stored secrets the form left blank (only while the
 * destination stays); `model`, when typed, is what the test calls.
 */
export function draftTestBody(draft: ConnectionDraft, provider: ProviderType, replaces: string | undefined, model: string): Record<string, unknown> {
  const connection = connectionDraftBody(replaces ? { ...draft, name: replaces } : draft, provider);
  return { connection, ...(replaces ? { replaces } : {}), ...(model.trim() ? { model: model.trim() } : {}) };
}

/** The warning an edit carries when endpoints use the connection. */
export function changesApplyTo(usedBy: readonly string[]): string | undefined {
  return usedBy.length > 0 ? `Changes apply to: ${usedBy.join(', ')}` : undefined;
}

/** Why a connection cannot be deleted now (in use, or from the config file); undefined when it can. */
export function deleteRefusal(connection: Pick<ConnectionView, 'name' | 'source' | 'used_by'>): string | undefined {
  if (connection.source === 'config') return `Connection "${connection.name}" is defined in gateway.config.yaml: remove it there.`;
  const users = connection.used_by;
  if (users.length === 0) return undefined;
  const names = users.map((u) => `"${u}"`).join(', ');
  return `Connection "${connection.name}" is used by endpoint${users.length > 1 ? 's' : ''} ${names}: change or delete ${users.length > 1 ? 'them' : 'it'} first.`;
}

/** A provider's name for people: its label, else its display name, else the type. */
export function providerName(providers: readonly ProviderType[], type: string): string {
  const provider = providers.find((p) => p.type === type);
  return provider?.label ?? provider?.display_name ?? type;
}
