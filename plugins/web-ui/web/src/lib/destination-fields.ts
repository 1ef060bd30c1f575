import type { ConnectionView, ProviderType } from '../api/types';

/**
 * The fields of a connection that decide where its credentials go, by the gateway's own
 * rule (plugins/admin-api destination-fields.ts): base_url, URL-valued fields (by format
 * or name), and fields the default base URL names as a `{placeholder}` (a region or
 * location that picks the host). Secrets never count.
 */
export function destinationFields(provider: ProviderType): Set<string> {
  const names = new Set(['base_url']);
  for (const field of provider.credential_fields) {
    if (field.format === 'uri' || /(_url|_uri|endpoint)$/.test(field.name)) names.add(field.name);
  }
  for (const match of provider.default_base_url.matchAll(/\{([A-Za-z0-9_]+)\}/g)) names.add(match[1]);
  for (const field of provider.credential_fields) if (field.secret) names.delete(field.name);
  return names;
}

/** Destination fields whose value in the form differs from the stored connection's (defaults applied, a trailing slash ignored). */
export function movedDestinations(values: Readonly<Record<string, string | boolean>>, stored: ConnectionView, provider: ProviderType): string[] {
  const moved: string[] = [];
  for (const name of destinationFields(provider)) {
    const field = provider.credential_fields.find((f) => f.name === name);
    const fallback = field?.default === null || field?.default === undefined ? '' : String(field.default);
    const before = normalized(stored[name], fallback);
    const after = normalized(values[name], fallback);
    if (before !== after) moved.push(name);
  }
  return moved;
}

function normalized(value: unknown, fallback: string): string {
  const text = value === undefined || value === null ? '' : String(value).trim();
  return (text === '' ? fallback : text).replace(/\/+$/, '');
}
