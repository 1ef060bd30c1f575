import { z } from 'zod';
import type { KeyRecord } from './key-record';
import { maskedKey } from './key-material';

export const keyViewSchema = z
  .object({
    id: z.string().describe('The key\'s id (`key_` and 16 hex digits): how usage (`/api/usage?key=`), limits and this API name it.'),
    name: z.string(),
    key: z.string().describe('The key, masked (`mgw-...abcd`).'),
    endpoints: z.union([z.literal('*'), z.array(z.string())]).describe('The endpoints the key may call and list, or "*".'),
    status: z.enum(['active', 'expired', 'revoked']),
    expires_at: z.string().nullable(),
    rpm: z.number().nullable(),
    tpm: z.number().nullable(),
    budget_usd: z.number().nullable(),
    budget_period: z.enum(['day', 'month']),
    created_at: z.string(),
    last_used_at: z.string().nullable().describe('The last call made with the key, to within a minute (written at most once a minute per replica); null: never used.'),
    revoked_at: z.string().nullable(),
  })
  .describe('A gateway key, without the key itself.')
  .meta({ title: 'Key' });

export const createdKeySchema = keyViewSchema
  .extend({ key: z.string().describe('The key itself (`mgw-` and 43 base64url characters): shown in this answer only; the gateway keeps its SHA-256.') })
  .meta({ title: 'CreatedKey' });

export type KeyView = z.output<typeof keyViewSchema>;

export function keyView(record: KeyRecord, lastUsedAt: string | undefined, now: number): KeyView {
  const expired = record.expires_at !== null && !(Date.parse(record.expires_at) > now);
  return {
    id: record.id,
    name: record.name,
    key: maskedKey(record.last4),
    endpoints: record.endpoints,
    status: record.revoked_at !== null ? 'revoked' : expired ? 'expired' : 'active',
    expires_at: record.expires_at,
    rpm: record.rpm,
    tpm: record.tpm,
    budget_usd: record.budget_usd,
    budget_period: record.budget_period,
    created_at: record.created_at,
    last_used_at: lastUsedAt ?? null,
    revoked_at: record.revoked_at,
  };
}
