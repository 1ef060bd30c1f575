import type { Request, Response } from 'express';
import { GatewayError, writeJson, type GatewayRuntime, type PluginApi, type RouteDefinition } from '@model-gateway/core';
import { isCallerLabel } from '@model-gateway/caller-tag';
import { aggregateUsage, type CallerView } from './usage-aggregate';
import { BUCKET_SECONDS, BUCKET_TTL_SECONDS, usageKey } from './usage-counters';
import { readRecentErrors, RECENT_ERRORS } from './recent-errors';
import { recentErrorSchemas, usageSchemas } from './usage-schemas';

/** Every minute the store still holds: a week's dashboard in one call. */
const MAX_BUCKETS = BUCKET_TTL_SECONDS / BUCKET_SECONDS;
const BUCKET_UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

/**
 * GET /api/usage?endpoint=&from=&to=&bucket=&combined=&caller=&key=&group_by= : requests,
 * errors, tokens, cost and latency percentiles per endpoint and time bucket, each broken
 * down by target, summed over every replica sharing the store. Stored per minute; `bucket`
 * (`5m`, `1h`, `1d` or seconds, a multiple of 60; default 1m) folds minutes together, `all`
 * folds the whole range into one row. `combined=true` folds the endpoints into one series
 * (endpoint `*`), merging their latency histograms so its percentiles are exact.
 * `caller=judge` counts one caller's calls only, `key=key_...` one gateway key's;
 * `group_by=caller`, `key` or `caller,key` gives a row per caller, key (null: no key) or both.
 */
export function usageRoutes(runtime: GatewayRuntime, z: PluginApi['z']): RouteDefinition[] {
  const schemas = usageSchemas(z);
  const errorSchemas = recentErrorSchemas(z);
  // Who spent what is an operator's business: the admin API's read rule applies when it is loaded.
  return [
    {
      method: 'get',
      path: '/api/usage',
      access: 'operator',
      handle: (req, res) => handleUsage(runtime, req, res),
      doc: {
        summary: 'Usage per endpoint and time bucket',
        description: 'Requests, errors, tokens, cost and latency percentiles, each broken down by target, summed over every replica sharing the store.',
        tags: ['usage'],
        query: schemas.query,
        responses: { 200: { description: 'The rows of the range.', schema: schemas.answer }, 400: { description: 'A parameter out of range (`invalid_parameter`).' } },
      },
    },
    {
      method: 'get',
      path: '/api/usage/errors',
      access: 'operator',
      handle: (req, res) => handleRecentErrors(runtime, req, res),
      doc: {
        summary: 'The newest failed attempts',
        description: `Each endpoint's last ${RECENT_ERRORS} failed upstream attempts (status 400 and up), newest first, shared by every replica using the store: when, the status, the error code and the message the client read (the connection's secrets removed).`,
        tags: ['usage'],
        query: errorSchemas.query,
        responses: { 200: { description: 'The failed attempts.', schema: errorSchemas.answer }, 400: { description: 'A parameter out of range (`invalid_parameter`).' } },
      },
    },
  ];
}

async function handleRecentErrors(runtime: GatewayRuntime, req: Request, res: Response): Promise<void> {
  const limitText = req.query.limit;
  const limit = limitText === undefined || limitText === '' ? RECENT_ERRORS : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > RECENT_ERRORS) {
    throw new GatewayError('invalid_parameter', `\`limit\` must be a whole number from 1 to ${RECENT_ERRORS}.`, { param: 'limit' });
  }
  const wanted = typeof req.query.endpoint === 'string' && req.query.endpoint !== '' ? [req.query.endpoint] : runtime.endpoints.list().map((e) => e.name);
  writeJson(res, 200, { object: 'list', data: await readRecentErrors(runtime.store, wanted, limit) });
}

async function handleUsage(runtime: GatewayRuntime, req: Request, res: Response): Promise<void> {
  const to = parseTime(req.query.to, 'to') ?? Date.now() / 1000;
  const from = parseTime(req.query.from, 'from') ?? to - 3600;
  if (from > to) throw new GatewayError('invalid_parameter', '`from` must not be after `to`.', { param: 'from' });
  const first = Math.floor(from / BUCKET_SECONDS) * BUCKET_SECONDS;
  // Counted before any bucket is built: a range like from=0 must be refused, not materialised.
  const count = Math.floor((to - first) / BUCKET_SECONDS) + 1;
  if (count > MAX_BUCKETS) {
    throw new GatewayError('invalid_parameter', `The range spans ${count} one-minute buckets; at most ${MAX_BUCKETS} per call.`, { param: 'from' });
  }
  const buckets = Array.from({ length: count }, (_, i) => first + i * BUCKET_SECONDS);
  const wanted = typeof req.query.endpoint === 'string' && req.query.endpoint !== '' ? [req.query.endpoint] : runtime.endpoints.list().map((e) => e.name);
  const keys = wanted.flatMap((endpoint) => buckets.map((bucket) => usageKey(endpoint, bucket)));
  const hashes = await runtime.store.readHashes(keys);

  const whole = req.query.bucket === 'all';
  const bucketSeconds = whole ? count * BUCKET_SECONDS : parseBucket(req.query.bucket);
  const origin = whole ? first : 0;
  const view = parseCallerView(req.query.caller, req.query.group_by, req.query.key);
  const minutesOf = (e: number) => buckets.map((bucketStart, b) => ({ bucketStart, counters: hashes[e * buckets.length + b] }));
  const data = parseFlag(req.query.combined, 'combined')
    ? aggregateUsage('*', wanted.flatMap((_endpoint, e) => minutesOf(e)), bucketSeconds, view, origin)
    : wanted.flatMap((endpoint, e) => aggregateUsage(endpoint, minutesOf(e), bucketSeconds, view, origin));
  writeJson(res, 200, {
    object: 'usage',
    bucket_seconds: bucketSeconds,
    from: new Date(first * 1000).toISOString(),
    to: new Date(to * 1000).toISOString(),
    data,
  });
}

function parseFlag(value: unknown, name: string): boolean {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  throw new GatewayError('invalid_parameter', `\`${name}\` must be true or false.`, { param: name });
}

/** A principal's id as usage records carry it (a gateway key's `key_...`). */
const PRINCIPAL_ID = /^[A-Za-z0-9._-]{1,64}$/;

function parseCallerView(caller: unknown, groupBy: unknown, key: unknown): CallerView {
  const view: CallerView = {};
  if (caller !== undefined && caller !== '') {
    if (typeof caller !== 'string' || !isCallerLabel(caller)) {
      throw new GatewayError('invalid_parameter', '`caller` must be 1-32 characters of letters, digits, ".", "_" or "-".', { param: 'caller' });
    }
    view.caller = caller;
  }
  if (key !== undefined && key !== '') {
    if (typeof key !== 'string' || !PRINCIPAL_ID.test(key)) throw new GatewayError('invalid_parameter', '`key` must be a gateway key\'s id (`key_...`).', { param: 'key' });
    view.key = key;
  }
  if (groupBy !== undefined && groupBy !== '') {
    const groups = typeof groupBy === 'string' ? groupBy.split(',') : [];
    if (groups.length === 0 || groups.some((g) => g !== 'caller' && g !== 'key')) {
      throw new GatewayError('invalid_parameter', '`group_by` must be `caller`, `key` or `caller,key`.', { param: 'group_by' });
    }
    view.byCaller = groups.includes('caller');
    view.byKey = groups.includes('key');
  }
  return view;
}

function parseBucket(value: unknown): number {
  if (value === undefined || value === '') return BUCKET_SECONDS;
  const match = /^(\d+)([smhd]?)$/.exec(String(value));
  const seconds = match ? Number(match[1]) * BUCKET_UNITS[match[2] || 's'] : NaN;
  if (!(seconds >= BUCKET_SECONDS) || seconds % BUCKET_SECONDS !== 0) {
    throw new GatewayError('invalid_parameter', '`bucket` must be a whole number of minutes, like 1m, 5m, 1h, 1d or 300, or `all`.', { param: 'bucket' });
  }
  return seconds;
}

/** Accepts epoch seconds or an ISO 8601 time. */
function parseTime(value: unknown, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const text = String(value);
  const seconds = /^\d+(\.\d+)?$/.test(text) ? Number(text) : Date.parse(text) / 1000;
  if (!Number.isFinite(seconds)) {
    throw new GatewayError('invalid_parameter', `\`${name}\` must be epoch seconds or an ISO 8601 time.`, { param: name });
  }
  return seconds;
}
