import { DEFAULT_CALLER, type AttemptRecord } from '@model-gateway/core';
import { latencyField } from './latency-histogram';

/** Counters are kept per endpoint and minute: fine enough for dashboards, few enough keys to read an hour at once. */
export const BUCKET_SECONDS = 60;
/** Buckets live eight days, so a week-over-week comparison always has both weeks. */
export const BUCKET_TTL_SECONDS = 8 * 24 * 3600;

export const COUNTER_FIELDS = [
  'requests', 'errors', 'prompt_tokens', 'completion_tokens', 'total_tokens', 'cached_tokens',
  'reasoning_tokens', 'cost_usd', 'unpriced_requests', 'latency_ms_sum', 'ttfb_ms_sum',
] as const;

export type CounterField = (typeof COUNTER_FIELDS)[number];

export function bucketStart(epochMs: number): number {
  return Math.floor(epochMs / 1000 / BUCKET_SECONDS) * BUCKET_SECONDS;
}

export function usageKey(endpoint: string, bucketStartSeconds: number): string {
  return `usage:${endpoint}:${bucketStartSeconds}`;
}

/**
 * The increments one attempt adds. Zero fields are left out to keep the store's writes
 * small, by never setting them: deleting keys would turn the object into a slow dictionary.
 */
export function counterIncrements(record: AttemptRecord, cost: { usd: number; priced: boolean }): Record<string, number> {
  const usage = record.usage;
  const increments: Partial<Record<CounterField, number>> & Record<string, number> = { requests: 1 };
  const add = (field: string, value: number | undefined) => {
    if (value) increments[field] = value;
  };
  add('latency_ms_sum', Math.round(record.latencyMs));
  increments[latencyField(record.latencyMs)] = 1;
  if (record.status >= 400) increments.errors = 1;
  if (record.ttfbMs !== undefined) add('ttfb_ms_sum', Math.round(record.ttfbMs));
  if (usage) {
    add('prompt_tokens', usage.inputTokens);
    add('completion_tokens', usage.outputTokens);
    add('total_tokens', usage.totalTokens);
    add('cached_tokens', usage.cachedInputTokens);
    add('reasoning_tokens', usage.reasoningTokens);
  }
  if (cost.usd > 0) increments.cost_usd = cost.usd;
  if (usage && !cost.priced) increments.unpriced_requests = 1;
  return increments;
}

/**
 * Counters are stored per target, caller and principal (gateway key), under
 * `t:<connection/model>|<field>` for the default caller and no key, with `@<caller>` after
 * the field for a named caller and `#<principal id>` last for a call made with a key, in
 * the endpoint's minute hash: the endpoint's totals are their sum, computed when read, so
 * one attempt writes each field once, and counters written before callers or keys were
 * recorded read as the default caller's, without a key. Field names are built once per
 * target, caller and key (for the first MAX_CACHED_CALLERS of a target; past that, per
 * call, so odd labels cannot grow memory).
 */
export const TARGET_FIELD_PREFIX = 't:';
export const CALLER_SEPARATOR = '@';
export const PRINCIPAL_SEPARATOR = '#';
const MAX_CACHED_CALLERS = 256;
const fieldNames = new Map<string, Map<string, Map<string, string>>>();

export function targetCounters(
  increments: Readonly<Record<string, number>>,
  target: string,
  caller: string = DEFAULT_CALLER,
  principal?: string,
): Record<string, number> {
  let callers = fieldNames.get(target);
  if (!callers) {
    callers = new Map();
    fieldNames.set(target, callers);
  }
  const who = principal === undefined ? caller : `${caller}${PRINCIPAL_SEPARATOR}${principal}`;
  let names = callers.get(who);
  if (!names) {
    names = new Map();
    if (callers.size < MAX_CACHED_CALLERS) callers.set(who, names);
  }
  const suffix = (caller === DEFAULT_CALLER ? '' : `${CALLER_SEPARATOR}${caller}`) + (principal === undefined ? '' : `${PRINCIPAL_SEPARATOR}${principal}`);
  const out: Record<string, number> = {};
  for (const field in increments) {
    let name = names.get(field);
    if (name === undefined) {
      name = `${TARGET_FIELD_PREFIX}${target}|${field}${suffix}`;
      names.set(field, name);
    }
    out[name] = increments[field];
  }
  return out;
}
