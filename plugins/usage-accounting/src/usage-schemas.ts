import type { PluginApi } from '@model-gateway/core';
import { RECENT_ERRORS } from './recent-errors';
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

/** GET /api/usage/errors's query and answer: the newest failed attempts, for an endpoint's health. */
export function recentErrorSchemas(z: Zod) {
  const error = z
    .object({
      endpoint: z.string(),
      at: z.string().describe('When the attempt ended, ISO 8601.'),
      status: z.number().describe('The HTTP status the attempt ended with (499: the client left).'),
      code: z.string().nullable().describe('The gateway\'s error code (`upstream_error`, `upstream_auth_failed`, ...).'),
      message: z.string().describe('The message the client read, with the connection\'s secrets removed; at most 500 characters.'),
      target: z.string().describe('`connection/model` of the attempt.'),
      caller: z.string(),
      request_id: z.string().describe('The call\'s request id, as in the logs and the x-request-id header.'),
    })
    .describe('One failed upstream attempt.')
    .meta({ title: 'RecentError' });
  const answer = z
    .object({
      object: z.literal('list'),
      data: z.array(error).describe(`Newest first; each endpoint keeps its last ${RECENT_ERRORS}, for as long as its usage counters.`),
    })
    .meta({ title: 'RecentErrorList' });
  const query = z.object({
    endpoint: z.string().optional().describe('One endpoint; default every endpoint.'),
    limit: z.string().optional().describe(`How many, 1-${RECENT_ERRORS}; default ${RECENT_ERRORS}.`),
  });
  return { answer, query };
}
