import type { ConnectionView, ProviderType } from '../api/types';
import { connectionBody, fieldsOfConnection, type EndpointDraft } from './endpoint-draft';

/**
 * The endpoint form's connection, checked and compared without saving anything: what Test
 * connection sends (a draft test, so an abandoned form leaves no credentials behind), and
 * which other endpoints a change to a shared connection reaches.
 */

export interface TestCall {
  path: string;
  body: Record<string, unknown>;
}

/**
 * Test connection's call. A new connection, or an edit of one made through the API, is sent
 * as a draft (POST /api/connections/test; an edit `replaces` the stored one, so secrets left
 * blank are the stored ones where the destination is unchanged). A connection the form cannot
 * change (the YAML's, or a provider type used directly) is tested as it is stored.
 */
export function connectionTestCall(draft: EndpointDraft, provider: ProviderType, stored: ConnectionView | undefined): TestCall {
  const model = draft.model.trim();
  const what = { kind: draft.kind, ...(model ? { model } : {}) };
  if (draft.connectionMode === 'new') {
    return { path: '/api/connections/test', body: { connection: connectionBody(draft, provider, draft.connectionName), ...what } };
  }
  const name = draft.existingConnection;
  if (stored?.source === 'api') {
    return { path: '/api/connections/test', body: { connection: connectionBody(draft, provider, name), replaces: name, ...what } };
  }
  return { path: `/api/connections/${encodeURIComponent(name)}/test`, body: what };
}

/** Whether the form changes a stored connection: a field other than it stored, or a secret typed. */
export function changesConnection(values: Readonly<Record<string, string | boolean>>, stored: ConnectionView, provider: ProviderType): boolean {
  const before = fieldsOfConnection(stored, provider);
  return provider.credential_fields.some((field) => {
    const now = values[field.name];
    if (field.secret) return typeof now === 'string' && now.trim() !== '';
    return normalized(now) !== normalized(before[field.name]);
  });
}

function normalized(value: string | boolean | undefined): string {
  return typeof value === 'string' ? value.trim() : String(value ?? '');
}

/** The other endpoints a change to the connection applies to: every user but the endpoint being edited. */
export function otherUsers(stored: ConnectionView | undefined, endpoint: string | undefined): string[] {
  return (stored?.used_by ?? []).filter((name) => name !== endpoint);
}

/** The warning shown before Save when a shared connection would change. */
export function sharedConnectionWarning(users: readonly string[]): string {
  return `This connection is also used by: ${users.join(', ')} — changes apply to them too.`;
}
