import type { ProviderType } from '../api/types';

export interface ProviderChoice {
  type: string;
  /** The provider's label (its short name, from GET /api/providers); without one, its display name up to a first colon. */
  name: string;
  /** What the display name says beyond the name, if anything. */
  detail: string;
  /** Whether the provider has a menu rank (one of the commonly used types, listed first). */
  common: boolean;
  provider: ProviderType;
}

/** The menu's order, the providers' own: ranked types first, lower rank first, then the rest by name. */
export function providerChoices(providers: readonly ProviderType[]): ProviderChoice[] {
  const rank = (provider: ProviderType) => provider.menu_rank ?? Number.POSITIVE_INFINITY;
  return providers
    .map((provider) => ({ type: provider.type, ...naming(provider), common: provider.menu_rank != null, provider }))
    .sort((a, b) => compareRanks(rank(a.provider), rank(b.provider)) || a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
}

/** Two unranked types (both infinite) tie, where a subtraction would give NaN. */
function compareRanks(a: number, b: number): number {
  return a === b ? 0 : a < b ? -1 : 1;
}

/**
 * The name and the rest of the description: the server's label when the provider has one
 * (the display name, less a repeat of the label before a colon, becomes the detail), else
 * the display name split at its first colon, else the type itself.
 */
function naming(provider: ProviderType): { name: string; detail: string } {
  const display = provider.display_name.trim();
  const [head, ...rest] = display.split(':');
  if (provider.label) {
    const detail = head.trim() === provider.label ? rest.join(':').trim() : display;
    return { name: provider.label, detail: detail === provider.label ? '' : detail };
  }
  return { name: head.trim() || provider.type, detail: rest.join(':').trim() };
}

/** Every word of the query appears in the name, the type id or the description. */
export function matchesQuery(query: string, ...texts: Array<string | null | undefined>): boolean {
  const haystack = texts.filter(Boolean).join(' ').toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/**
 * Generic labels for credential fields, by field name; where a provider names a field its own
 * way, its metadata says so (the field's `label` in GET /api/providers).
 */
const FIELD_LABELS: Record<string, string> = {
  api_key: 'API key',
  base_url: 'Base URL',
  api_version: 'API version',
  api_style: 'API style',
  deployment: 'Deployment name',
  access_key_id: 'Access key ID',
  secret_access_key: 'Secret access key',
  session_token: 'Session token',
  service_account_json: 'Service account JSON',
  project_id: 'Project ID',
  account_id: 'Account ID',
};

/** A field's label without its provider: the generic name, else the field name in words. */
export function genericFieldLabel(field: string): string {
  const own = FIELD_LABELS[field];
  if (own) return own;
  const words = field.split('_').join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A field's label: the provider's own where it declares one. */
export function fieldLabel(provider: Pick<ProviderType, 'credential_fields'> | undefined, field: string): string {
  return provider?.credential_fields.find((f) => f.name === field)?.label ?? genericFieldLabel(field);
}

/**
 * What the Model field is called: "Deployment name" where the provider's endpoints name an
 * operator-made deployment (the model it serves is then asked for apart), with the provider's
 * hint where its "model" is something else.
 */
export function modelLabel(provider: Pick<ProviderType, 'model_hint'> & { model_is_deployment?: boolean } | undefined): { label: string; hint?: string } {
  const label = provider?.model_is_deployment ? 'Deployment name' : 'Model';
  return provider?.model_hint ? { label, hint: provider.model_hint } : { label };
}

/**
 * What the Model list says when the catalogue has nothing to offer for the provider, naming
 * what to type the provider's way ("The serving endpoint name in your workspace." -> "the
 * serving endpoint name"), so the list never opens empty and silent.
 */
export function emptyCatalogueMessage(provider: Pick<ProviderType, 'type' | 'label' | 'model_hint'> | undefined, kind: string, catalogueEmpty: boolean): string {
  const name = provider?.label ?? provider?.type ?? 'this provider';
  const noun = /^The (.+?) (?:in|of|on|for) /.exec(provider?.model_hint ?? '')?.[1] ?? 'model name';
  return `The catalogue lists no ${catalogueEmpty ? '' : `${kind} `}models for ${name}: type the ${noun}.`;
}
