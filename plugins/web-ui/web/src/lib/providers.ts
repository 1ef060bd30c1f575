import type { ProviderType } from '../api/types';

/** The provider types most people look for, in this order, ahead of the rest (alphabetical). */
export const COMMON_PROVIDERS = ['openai', 'anthropic', 'gemini', 'azure-openai', 'bedrock', 'vertex-ai', 'databricks', 'mistral', 'cohere', 'groq', 'together', 'fireworks', 'deepseek', 'xai', 'openrouter', 'ollama'];

export interface ProviderChoice {
  type: string;
  /** The provider's label (its short name, from GET /api/providers); without one, its display name up to a first colon. */
  name: string;
  /** What the display name says beyond the name, if anything. */
  detail: string;
  common: boolean;
  provider: ProviderType;
}

export function providerChoices(providers: readonly ProviderType[]): ProviderChoice[] {
  const rank = (type: string) => {
    const index = COMMON_PROVIDERS.indexOf(type);
    return index < 0 ? COMMON_PROVIDERS.length : index;
  };
  return providers
    .map((provider) => ({ type: provider.type, ...naming(provider), common: COMMON_PROVIDERS.includes(provider.type), provider }))
    .sort((a, b) => rank(a.type) - rank(b.type) || a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
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

/** What the Model field is called, with the provider's hint where its "model" is something else (a deployment). */
export function modelLabel(provider: Pick<ProviderType, 'model_hint'> | undefined): { label: string; hint?: string } {
  return provider?.model_hint ? { label: 'Model', hint: provider.model_hint } : { label: 'Model' };
}
