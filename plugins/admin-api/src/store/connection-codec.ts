import { seal, secretBinding, unseal, type SealedSecret, type SecretsKey } from '@model-gateway/admin-store';
import type { ConnectionRecord } from './admin-collections';
import type { ConnectionInput } from '../model/connection-input';
import { headersOf, isHeaderSecretField } from '../model/header-secrets';

/** A connection input as a stored record: credentials sealed one by one, each bound to this connection and field. */
export function sealConnection(input: ConnectionInput, key: SecretsKey, createdAt: string, now: string): ConnectionRecord {
  const secrets: Record<string, SealedSecret> = {};
  for (const [field, value] of Object.entries(input.secrets)) secrets[field] = seal(value, key, secretBinding(input.name, field));
  return { name: input.name, type: input.type, fields: input.fields, secrets, created_at: createdAt, updated_at: now };
}

/** The record's credentials in clear; throws UnsealError when the key is wrong or a value was tampered with. */
export function unsealConnection(record: ConnectionRecord, key: SecretsKey): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, sealed] of Object.entries(record.secrets)) out[field] = unseal(sealed, key, secretBinding(record.name, field));
  return out;
}

/**
 * Whether two records hold the same connection: same fields and the same encrypted
 * values. The wrapped data keys are left out, so a key rotation (which re-wraps them
 * only) changes nothing that a running replica has to rebuild.
 */
export function sameConnection(a: ConnectionRecord, b: ConnectionRecord): boolean {
  const essence = (r: ConnectionRecord) =>
    JSON.stringify([r.type, r.fields, Object.entries(r.secrets).map(([field, s]) => [field, s.data]).sort()]);
  return essence(a) === essence(b);
}

/** A stored connection as a `providers:` entry for core: its clear fields, credentials and headers (already migrated) and its type. */
export function declaredBody(type: string, fields: Readonly<Record<string, unknown>>, secrets: Readonly<Record<string, string>>): Record<string, unknown> {
  const credentials = Object.fromEntries(Object.entries(secrets).filter(([field]) => !isHeaderSecretField(field)));
  const headers = headersOf(secrets);
  return { ...fields, ...credentials, ...(headers ? { headers } : {}), type };
}
