import type { UsageCounters, UsageRow } from '../api/types';

export type RangeId = 'hour' | 'day' | 'week';

/** Each range with the bucket its charts use: about 60-170 points. */
export const RANGES: ReadonlyArray<{ id: RangeId; label: string; seconds: number; bucketSeconds: number }> = [
  { id: 'hour', label: 'Last hour', seconds: 3600, bucketSeconds: 60 },
  { id: 'day', label: 'Last day', seconds: 86_400, bucketSeconds: 900 },
  { id: 'week', label: 'Last week', seconds: 7 * 86_400, bucketSeconds: 3600 },
];

export function rangeOf(id: RangeId) {
  return RANGES.find((r) => r.id === id) ?? RANGES[0];
}

/** The /api/usage query for a range ending now: per bucket, or the whole range as one row. */
export function usageQuery(range: RangeId, options: { endpoint?: string; whole?: boolean; combined?: boolean; caller?: string; key?: string; byCaller?: boolean; byKey?: boolean; now?: number }): string {
  const { seconds, bucketSeconds } = rangeOf(range);
  const to = Math.floor((options.now ?? Date.now()) / 1000);
  const params = new URLSearchParams({ from: String(to - seconds), to: String(to), bucket: options.whole ? 'all' : `${bucketSeconds}` });
  if (options.endpoint) params.set('endpoint', options.endpoint);
  if (options.combined) params.set('combined', 'true');
  if (options.caller) params.set('caller', options.caller);
  if (options.key) params.set('key', options.key);
  const groups = [options.byCaller ? 'caller' : '', options.byKey ? 'key' : ''].filter(Boolean);
  if (groups.length) params.set('group_by', groups.join(','));
  return `/api/usage?${params}`;
}

export interface Series {
  /** Bucket starts, epoch seconds. */
  times: number[];
  requests: number[];
  errors: number[];
  promptTokens: number[];
  completionTokens: number[];
  cost: number[];
  p50: Array<number | null>;
  p90: Array<number | null>;
  p99: Array<number | null>;
}

/**
 * Chart series over the whole range: the API leaves empty buckets out, so every
 * bucket of the range gets a point (0 for counts, no value for latency).
 */
export function fillSeries(rows: readonly UsageRow[], range: RangeId, now = Date.now()): Series {
  const { seconds, bucketSeconds } = rangeOf(range);
  const to = Math.floor(now / 1000);
  const first = Math.floor((to - seconds) / bucketSeconds) * bucketSeconds;
  const byStart = new Map<number, UsageRow>();
  for (const row of rows) {
    const start = Date.parse(row.bucket_start) / 1000;
    const existing = byStart.get(start);
    byStart.set(start, existing ? sumRows(existing, row) : row);
  }
  const series: Series = { times: [], requests: [], errors: [], promptTokens: [], completionTokens: [], cost: [], p50: [], p90: [], p99: [] };
  for (let t = first; t <= to; t += bucketSeconds) {
    const row = byStart.get(t);
    series.times.push(t);
    series.requests.push(row?.requests ?? 0);
    series.errors.push(row?.errors ?? 0);
    series.promptTokens.push(row?.prompt_tokens ?? 0);
    series.completionTokens.push(row?.completion_tokens ?? 0);
    series.cost.push(row?.cost_usd ?? 0);
    series.p50.push(row?.latency_ms.p50 ?? null);
    series.p90.push(row?.latency_ms.p90 ?? null);
    series.p99.push(row?.latency_ms.p99 ?? null);
  }
  return series;
}

/** Two rows of one bucket (never expected from one query; kept exact for counts, latency from the busier one). */
function sumRows(a: UsageRow, b: UsageRow): UsageRow {
  const latency = b.requests > a.requests ? b.latency_ms : a.latency_ms;
  return { ...a, ...sumCounters(a, b), latency_ms: latency };
}

const COUNTS = ['requests', 'errors', 'prompt_tokens', 'completion_tokens', 'total_tokens', 'cached_tokens', 'reasoning_tokens', 'cost_usd', 'unpriced_requests', 'latency_ms_sum', 'ttfb_ms_sum'] as const;

function sumCounters(a: UsageCounters, b: UsageCounters): Pick<UsageCounters, (typeof COUNTS)[number]> {
  const sum = {} as Pick<UsageCounters, (typeof COUNTS)[number]>;
  for (const field of COUNTS) sum[field] = (a[field] ?? 0) + (b[field] ?? 0);
  return sum;
}

export const EMPTY_COUNTERS: UsageCounters = {
  requests: 0,
  errors: 0,
  prompt_tokens: 0,
  completion_tokens: 0,
  total_tokens: 0,
  cached_tokens: 0,
  reasoning_tokens: 0,
  cost_usd: 0,
  unpriced_requests: 0,
  latency_ms_sum: 0,
  ttfb_ms_sum: 0,
  latency_ms: { avg: null, p50: null, p90: null, p99: null },
};
