import { latencyQuantile } from './latency-histogram';
import { DEFAULT_CALLER } from '@model-gateway/core';
import { CALLER_SEPARATOR, COUNTER_FIELDS, PRINCIPAL_SEPARATOR, TARGET_FIELD_PREFIX } from './usage-counters';

/** One minute's counters of one endpoint, as read from the store (all replicas summed already). */
export interface MinuteCounters {
  bucketStart: number;
  counters: Readonly<Record<string, number>>;
}

export interface LatencySummary {
  avg: number | null;
  p50: number | null;
  p90: number | null;
  p99: number | null;
}

export type CounterRow = Record<(typeof COUNTER_FIELDS)[number], number> & { latency_ms: LatencySummary };

export interface UsageRow extends CounterRow {
  endpoint: string;
  /** Present when the rows were filtered or grouped by caller. */
  caller?: string;
  /** Present when the rows were filtered or grouped by gateway key: its id, or null for calls made without one. */
  key?: string | null;
  bucket_start: string;
  targets: Array<CounterRow & { target: string }>;
}

/**
 * Which counters a read sums: every caller's and key's, one caller's and/or one key's,
 * or each apart (a row per caller, per key, or per both).
 */
export interface CallerView {
  caller?: string;
  byCaller?: boolean;
  /** A gateway key's id. */
  key?: string;
  byKey?: boolean;
}

/**
 * Folds minute buckets into buckets of `bucketSeconds` counted from `origin` (epoch
 * seconds; 0 aligns buckets to the clock), per target and in total (the sum of the
 * targets): counters are summed, latency histograms merged and only then turned into
 * percentiles (percentiles themselves cannot be added). Minutes of several endpoints may
 * be passed together, to fold them into one series. Empty buckets are left out.
 * `view` keeps one caller's or key's counters, or splits each bucket into a row per caller, key, or both.
 */
export function aggregateUsage(endpoint: string, minutes: readonly MinuteCounters[], bucketSeconds: number, view: CallerView = {}, origin = 0): UsageRow[] {
  // bucket start -> row ("<caller>#<key>", each part '' when summed) -> target -> counters
  const buckets = new Map<number, Map<string, Map<string, Record<string, number>>>>();
  for (const { bucketStart, counters } of minutes) {
    const start = origin + Math.floor((bucketStart - origin) / bucketSeconds) * bucketSeconds;
    for (const field of Object.keys(counters)) {
      if (!field.startsWith(TARGET_FIELD_PREFIX)) continue;
      const bar = field.lastIndexOf('|');
      const target = field.slice(TARGET_FIELD_PREFIX.length, bar);
      const hash = field.indexOf(PRINCIPAL_SEPARATOR, bar);
      const end = hash < 0 ? field.length : hash;
      const at = field.indexOf(CALLER_SEPARATOR, bar);
      const name = field.slice(bar + 1, at < 0 || at > end ? end : at);
      const caller = at < 0 || at > end ? DEFAULT_CALLER : field.slice(at + 1, end);
      const key = hash < 0 ? '' : field.slice(hash + 1);
      if (view.caller !== undefined && caller !== view.caller) continue;
      if (view.key !== undefined && key !== view.key) continue;
      const rowKey = `${view.byCaller ? caller : ''}${PRINCIPAL_SEPARATOR}${view.byKey ? key : ''}`;
      let rows = buckets.get(start);
      if (!rows) buckets.set(start, (rows = new Map()));
      let targets = rows.get(rowKey);
      if (!targets) rows.set(rowKey, (targets = new Map()));
      const own = targets.get(target) ?? {};
      own[name] = (own[name] ?? 0) + counters[field];
      targets.set(target, own);
    }
  }
  const rows: UsageRow[] = [];
  for (const [start, callers] of [...buckets.entries()].sort(([a], [b]) => a - b)) {
    for (const [rowKey, targets] of [...callers.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      const totals: Record<string, number> = {};
      for (const own of targets.values()) for (const name of Object.keys(own)) totals[name] = (totals[name] ?? 0) + own[name];
      const split = rowKey.indexOf(PRINCIPAL_SEPARATOR);
      const caller = view.byCaller ? rowKey.slice(0, split) : view.caller;
      const key = view.byKey ? rowKey.slice(split + 1) || null : view.key;
      const row: UsageRow = {
        endpoint,
        ...(caller === undefined ? {} : { caller }),
        ...(key === undefined ? {} : { key }),
        bucket_start: new Date(start * 1000).toISOString(),
        ...counterRow(totals),
        targets: [...targets.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([target, own]) => ({ target, ...counterRow(own) })),
      };
      if (row.requests > 0) rows.push(row);
    }
  }
  return rows;
}

function counterRow(counters: Readonly<Record<string, number>>): CounterRow {
  const row = {} as CounterRow;
  for (const field of COUNTER_FIELDS) row[field] = counters[field] ?? 0;
  const requests = counters.requests ?? 0;
  const quantile = (q: number) => round(latencyQuantile(counters, q));
  row.latency_ms = {
    avg: requests ? round((counters.latency_ms_sum ?? 0) / requests) : null,
    p50: quantile(0.5),
    p90: quantile(0.9),
    p99: quantile(0.99),
  };
  return row;
}

function round(value: number | undefined): number | null {
  return value === undefined ? null : Math.round(value * 10) / 10;
}
