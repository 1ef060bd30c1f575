import type { Request, Response } from 'express';
import { GatewayError, writeJson, type GatewayRuntime, type RouteDefinition } from '@model-gateway/core';
import { BUCKET_SECONDS, COUNTER_FIELDS, usageKey } from './usage-counters';

const MAX_BUCKETS = 24 * 60;

/** GET /api/usage?endpoint=&from=&to= : counters per endpoint and minute, summed over every replica sharing the store. */
export function usageRoutes(runtime: GatewayRuntime): RouteDefinition[] {
  return [{ method: 'get', path: '/api/usage', handle: (req, res) => handleUsage(runtime, req, res) }];
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

  const data = [];
  for (let i = 0; i < keys.length; i++) {
    const counters = hashes[i];
    if (!counters.requests) continue;
    const row: Record<string, unknown> = {
      endpoint: wanted[Math.floor(i / buckets.length)],
      bucket_start: new Date(buckets[i % buckets.length] * 1000).toISOString(),
    };
    for (const field of COUNTER_FIELDS) row[field] = counters[field] ?? 0;
    data.push(row);
  }
  writeJson(res, 200, {
    object: 'usage',
    bucket_seconds: BUCKET_SECONDS,
    from: new Date(first * 1000).toISOString(),
    to: new Date(to * 1000).toISOString(),
    data,
  });
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
