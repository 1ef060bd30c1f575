import { DEFAULT_CALLER, type AttemptRecord } from '@model-gateway/core';
import { LATENCY_FIELDS, latencyBucket } from './latency-histogram';

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
 * usageKey for the minute an attempt started, remembered per endpoint for its current
 * minute: every attempt of that minute then writes under the same string, which the store
 * has already hashed, instead of a new one built per attempt.
 */
export class MinuteKeys {
  private readonly current = new Map<string, { bucket: number; key: string }>();

  of(endpoint: string, epochMs: number): string {
    const bucket = bucketStart(epochMs);
    const known = this.current.get(endpoint);
    if (known !== undefined && known.bucket === bucket) return known.key;
    const key = usageKey(endpoint, bucket);
    // Only the newest minute is kept: an attempt that started in an earlier one builds its key.
    if (known === undefined || bucket > known.bucket) this.current.set(endpoint, { bucket, key });
    return key;
  }
}

/** The names one attempt's counters are written under: a field of each counter, and the histogram's per bucket. */
export type CounterNames = Readonly<Record<CounterField, string>> & { readonly latency: readonly string[] };

function namesOf(name: (field: string) => string): CounterNames {
  // One literal, so every set of names has the same shape and reading one is a fixed offset.
  return {
    requests: name('requests'),
    errors: name('errors'),
    prompt_tokens: name('prompt_tokens'),
    completion_tokens: name('completion_tokens'),
    total_tokens: name('total_tokens'),
    cached_tokens: name('cached_tokens'),
    reasoning_tokens: name('reasoning_tokens'),
    cost_usd: name('cost_usd'),
    unpriced_requests: name('unpriced_requests'),
    latency_ms_sum: name('latency_ms_sum'),
    ttfb_ms_sum: name('ttfb_ms_sum'),
    latency: LATENCY_FIELDS.map(name),
  };
}

/** The counters' own names, as counterIncrements gives them by default. */
const PLAIN_NAMES = namesOf((field) => field);

/**
 * The increments one attempt adds, under `names` (the plain field names by default). Zero
 * fields are left out to keep the store's writes small, by never setting them: deleting keys
 * would turn the object into a slow dictionary.
 */
export function counterIncrements(record: AttemptRecord, cost: { usd: number; priced: boolean }, names: CounterNames = PLAIN_NAMES): Record<string, number> {
  const usage = record.usage;
  const increments: Record<string, number> = {};
  increments[names.requests] = 1;
  const latency = Math.round(record.latencyMs);
  if (latency) increments[names.latency_ms_sum] = latency;
  increments[names.latency[latencyBucket(record.latencyMs)]] = 1;
  if (record.status >= 400) increments[names.errors] = 1;
  if (record.ttfbMs !== undefined) {
    const ttfb = Math.round(record.ttfbMs);
    if (ttfb) increments[names.ttfb_ms_sum] = ttfb;
  }
  if (usage) {
    if (usage.inputTokens) increments[names.prompt_tokens] = usage.inputTokens;
    if (usage.outputTokens) increments[names.completion_tokens] = usage.outputTokens;
    if (usage.totalTokens) increments[names.total_tokens] = usage.totalTokens;
    if (usage.cachedInputTokens) increments[names.cached_tokens] = usage.cachedInputTokens;
    if (usage.reasoningTokens) increments[names.reasoning_tokens] = usage.reasoningTokens;
  }
  if (cost.usd > 0) increments[names.cost_usd] = cost.usd;
  if (usage && !cost.priced) increments[names.unpriced_requests] = 1;
  return increments;
}

/**
 * Counters are stored per target, caller and principal (gateway key), under
 * `t:<connection/model>|<field>` for the default caller and no key, with `@<caller>` after
 * the field for a named caller and `#<principal id>` last for a call made with a key, in
 * the endpoint's minute hash: the endpoint's totals are their sum, computed when read, so
 * one attempt writes each field once, and counters written before callers or keys were
 * recorded read as the default caller's, without a key. Names are built once per target,
 * caller and key (for the first MAX_CACHED_CALLERS of a target; past that, per call, so
 * odd labels cannot grow memory).
 */
export const TARGET_FIELD_PREFIX = 't:';
export const CALLER_SEPARATOR = '@';
export const PRINCIPAL_SEPARATOR = '#';
const MAX_CACHED_CALLERS = 256;
/** Connection -> model -> caller (and key) -> names: looked up with the record's own strings, never a target string built per call. */
const cachedNames = new Map<string, Map<string, Map<string, CounterNames>>>();

/** The name a counter `field` of `target` (`connection/model`) is stored under, for a caller and (when the call had one) gateway key. */
export function counterField(target: string, field: string, caller: string = DEFAULT_CALLER, principal?: string): string {
  const callerPart = caller === DEFAULT_CALLER ? '' : `${CALLER_SEPARATOR}${caller}`;
  return `${TARGET_FIELD_PREFIX}${target}|${field}${callerPart}${principal === undefined ? '' : `${PRINCIPAL_SEPARATOR}${principal}`}`;
}

/** The names of the counters of a connection's model, for one caller and (when the call had one) gateway key. */
export function counterNames(connection: string, model: string, caller: string = DEFAULT_CALLER, principal?: string): CounterNames {
  let models = cachedNames.get(connection);
  if (!models) {
    models = new Map();
    cachedNames.set(connection, models);
  }
  let callers = models.get(model);
  if (!callers) {
    callers = new Map();
    models.set(model, callers);
  }
  const who = principal === undefined ? caller : `${caller}${PRINCIPAL_SEPARATOR}${principal}`;
  let names = callers.get(who);
  if (!names) {
    const target = `${connection}/${model}`;
    names = namesOf((field) => counterField(target, field, caller, principal));
    if (callers.size < MAX_CACHED_CALLERS) callers.set(who, names);
  }
  return names;
}
