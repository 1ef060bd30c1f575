import { z } from 'zod';
import { defineCollection, sealedSecretSchema } from '@model-gateway/admin-store';

const text = z.string();

/**
 * The records as zod schemas, checked wherever the store reads them (the file at load,
 * every Redis read), so a damaged or hand-edited store is refused with the field at fault.
 * Loose: a field a newer gateway adds (a sealed header, say) passes through unchanged.
 */
export const connectionRecordSchema = z.looseObject({
  name: text.min(1),
  type: text.min(1),
  fields: z.record(z.string(), z.unknown()),
  secrets: z.record(z.string(), sealedSecretSchema),
  created_at: text,
  updated_at: text,
});

export const endpointRecordSchema = z.looseObject({
  name: text.min(1),
  body: z.record(z.string(), z.unknown()),
  created_at: text,
  updated_at: text,
});

/** A connection as stored: its fields as the API accepted them (`fields`, credentials left out), its credentials sealed one by one (`secrets`). */
export type ConnectionRecord = z.output<typeof connectionRecordSchema>;
/** An endpoint as stored: its body as the API accepted it (the YAML's fields). */
export type EndpointRecord = z.output<typeof endpointRecordSchema>;

/**
 * admin-api's records in the admin store, by name. Registered at load (index.ts), so the
 * store validates them whenever it reads; the store keeps them where gateways before
 * store collections did (store.json's `connections` and `endpoints`, Redis hashes
 * `admin:connections` and `admin:endpoints`).
 */
export const CONNECTIONS = defineCollection('admin-api/connections', connectionRecordSchema, { idField: 'name' });
export const ENDPOINTS = defineCollection('admin-api/endpoints', endpointRecordSchema, { idField: 'name' });
