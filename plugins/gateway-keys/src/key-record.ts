import { z } from 'zod';
import { defineCollection } from '@model-gateway/admin-store';

const text = z.string();
const limit = z.number().nonnegative().nullable();

/**
 * A gateway key as stored: its SHA-256, never the key. A revoked key keeps its record
 * (with `revoked_at`) so a client presenting it is told it was revoked. Checked wherever
 * the store reads one (the file at load, every Redis read), so a damaged or hand-edited
 * key is refused with the field at fault; loose, so a field a newer gateway adds passes.
 */
export const keyRecordSchema = z.looseObject({
  id: text.min(1).describe('`key_` and 16 hex digits: how usage, limits and the API name the key.'),
  name: text.describe('A label for people; unique among keys not revoked.'),
  hash: text.min(1).describe('SHA-256 of the whole key text, hex.'),
  last4: text.describe('The key\'s last four characters, for the masked form `mgw-...abcd`.'),
  endpoints: z.union([z.array(z.string()), z.literal('*')]).describe('Endpoint names the key may call, or "*" for every endpoint.'),
  expires_at: text.nullable().describe('ISO time after which the key is refused; null: never.'),
  rpm: limit.describe('Requests per minute; null: no limit.'),
  tpm: limit.describe('Tokens per minute; null: no limit.'),
  budget_usd: limit.describe('Spend per budget period in USD; null: no budget.'),
  budget_period: z.enum(['day', 'month']).describe('The period budget_usd applies to.'),
  created_at: text.describe('ISO time the key was created.'),
  revoked_at: text.nullable().describe('ISO time the key was revoked; null while it is valid.'),
});

export type KeyRecord = z.output<typeof keyRecordSchema>;

/**
 * Gateway keys in the admin store, by id. Registered at load (index.ts), so the store
 * validates them whenever it reads; the store keeps them where gateways before store
 * collections did (store.json's `keys`, Redis hash `admin:keys`).
 */
export const KEY_COLLECTION = defineCollection('gateway-keys/keys', keyRecordSchema, { idField: 'id' });
