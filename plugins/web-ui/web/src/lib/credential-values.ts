import type { CredentialField, ProviderType } from '../api/types';

/**
 * A provider's credential fields as the form holds them, made into what POST/PUT
 * /api/connections take: a typed value only (a blank secret is left out, so the API keeps
 * the stored one), a number for a numeric field, a boolean only when it differs from its default.
 * The endpoint form and the connection dialog both send connections through this.
 */
export function credentialValues(fields: Record<string, string | boolean>, provider: ProviderType): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of provider.credential_fields) {
    const value = fields[field.name];
    if (typeof value === 'boolean') {
      if (value !== (field.default === true)) values[field.name] = value;
      continue;
    }
    const text = (value ?? '').trim();
    if (text) values[field.name] = field.type === 'integer' || field.type === 'number' ? Number(text) : text;
  }
  return values;
}

/** What is wrong with one credential field's value before it is sent; `stored`: a blank keeps a stored value. */
export function credentialFieldProblem(field: CredentialField, value: string | boolean | undefined, stored: boolean): string | undefined {
  if (typeof value === 'boolean') return undefined;
  const text = (value ?? '').trim();
  if (!text) return field.required && (field.default === null || field.default === undefined) && !stored ? 'Required.' : undefined;
  if ((field.type === 'integer' || field.type === 'number') && !Number.isFinite(Number(text))) return 'A number.';
  if (field.type === 'integer' && !Number.isInteger(Number(text))) return 'A whole number.';
  if (field.format === 'uri' && !/^https?:\/\/\S+$/.test(text)) return 'An http:// or https:// URL.';
  return undefined;
}
