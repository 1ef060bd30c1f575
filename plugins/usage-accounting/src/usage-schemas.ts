import type { PluginApi } from '@model-gateway/core';
import { COUNTER_FIELDS } from './usage-counters';

type Zod = PluginApi['z'];

/**
 * GET /api/usage's query and answer as zod schemas, for the OpenAPI document (the web UI's
 * types are generated from it). Built from core's zod, handed to plugins at registration.
 */
export function usageSchemas(z: Zod) {
  const nullableMs = z.number().nullable();
  const latency = z
    .object({ avg: nullableMs, p50: nullableMs, p90: nullableMs, p99: nullableMs })
    .describe('Milliseconds per call, from the merged histograms; null without calls.')
    .meta({ title: 'LatencySummary' });
  const counters = Object.fromEntries(COUNTER_FIELDS.map((field) => [field, z.number()])) as Record<(typeof COUNTER_FIELDS)[number], ReturnType<Zod['number']>>;
  const target = z.object({ target: z.string().describe('`connection/model`.'), ...counters, latency_ms: latency });
  const row = z
    .object({
      endpoint: z.string().describe('The endpoint, or `*` for a combined series.'),
      caller: z.string().optional().describe('Present when filtered (`caller=`) or grouped (`group_by=caller`) by caller.'),
      key: z.string().nullable().optional().describe('Present when filtered (`key=`) or grouped (`group_by=key`) by gateway key: its id, null for calls made without one.'),
      bucket_start: z.string().describe('ISO 8601.'),
      ...counters,
      latency_ms: latency,
      targets: z.array(target),
    })
    .describe('One endpoint (or series) in one time bucket, in total and per target.')
    .meta({ title: 'UsageRow' });
  const answer = z
    .object({
      object: z.literal('usage'),
      bucket_seconds: z.number(),
      from: z.string().describe('The first bucket\'s start, ISO 8601.'),
      to: z.string(),
      data: z.array(row).describe('Empty buckets are left out.'),
    })
    .meta({ title: 'Usage' });
  const text = (description: string) => z.string().optional().describe(description);
  const query = z.object({
    endpoint: text('One endpoint; default every endpoint.'),
    from: text('Epoch seconds or ISO 8601; default an hour before `to`.'),
    to: text('Epoch seconds or ISO 8601; default now.'),
    bucket: text('`5m`, `1h`, `1d`, seconds (a multiple of 60), or `all` for one row over the range; default 1m.'),
    combined: text('`true`: one series over every endpoint (endpoint `*`).'),
    caller: text('One caller\'s calls only (`app`, `judge` or a client\'s label).'),
    key: text('One gateway key\'s calls only (its id).'),
    group_by: text('`caller`, `key` or `caller,key`: a row per caller, key, or both.'),
  });
  return { answer, query };
}
