/**
 * A connection's custom `headers` carry tokens in practice (`x-custom-auth: ...`), so each
 * header value is kept like a credential field: sealed in the record's secrets under
 * `headers.<name>`, masked in every view, kept on a PUT that sends its mask back. A record
 * written before this holds them in clear in `fields.headers`; they are read from there
 * (migrated on read) and sealed the next time the connection is written.
 */

const PREFIX = 'headers.';

/** The secret field that holds one header's value. */
export function headerSecretField(header: string): string {
  return `${PREFIX}${header}`;
}

export function isHeaderSecretField(field: string): boolean {
  return field.startsWith(PREFIX);
}

/** The header's name for a secret field that holds one, else undefined. */
export function headerOfSecretField(field: string): string | undefined {
  return isHeaderSecretField(field) ? field.slice(PREFIX.length) : undefined;
}

/** `{name: value}` as secret fields (`headers.<name>`). */
export function headerSecrets(headers: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [headerSecretField(name), value]));
}

/** The headers held in a secrets map, as `{name: value}`; undefined when there are none. */
export function headersOf(secrets: Readonly<Record<string, string>>): Record<string, string> | undefined {
  const headers: Record<string, string> = {};
  for (const [field, value] of Object.entries(secrets)) {
    const header = headerOfSecretField(field);
    if (header !== undefined) headers[header] = value;
  }
  return Object.keys(headers).length > 0 ? headers : undefined;
}

/**
 * A stored record's fields and secrets with clear headers (a record from before header
 * sealing) moved into the secrets, so everything downstream sees one shape.
 */
export function migrateClearHeaders(
  fields: Readonly<Record<string, unknown>>,
  secrets: Readonly<Record<string, string>>,
): { fields: Record<string, unknown>; secrets: Record<string, string> } {
  const { headers, ...rest } = fields;
  if (headers === null || typeof headers !== 'object' || Array.isArray(headers)) return { fields: { ...fields }, secrets: { ...secrets } };
  const clear = Object.fromEntries(Object.entries(headers as Record<string, unknown>).filter(([, value]) => typeof value === 'string')) as Record<string, string>;
  return { fields: rest, secrets: { ...headerSecrets(clear), ...secrets } };
}
