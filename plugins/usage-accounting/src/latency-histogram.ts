/**
 * Latency as a histogram of counters, so replicas can add theirs up in the store
 * (percentiles themselves cannot be summed). Bucket bounds grow by about 1.6x, so
 * a percentile read back is within one bucket of the truth; it is interpolated
 * linearly inside its bucket.
 */
export const LATENCY_BOUNDS_MS = [
  5, 10, 15, 25, 40, 60, 100, 150, 250, 400, 600, 1000, 1500, 2500, 4000, 6000, 10_000, 15_000, 25_000, 40_000, 60_000, 100_000, 150_000,
] as const;

const FIELD_PREFIX = 'lat_le_';
export const OVERFLOW_FIELD = `${FIELD_PREFIX}inf`;

/** The histogram's counter fields, by bucket: one per bound, then the overflow bucket. */
export const LATENCY_FIELDS: readonly string[] = [...LATENCY_BOUNDS_MS.map((bound) => `${FIELD_PREFIX}${bound}`), OVERFLOW_FIELD];

/** The bucket one latency falls into: the index of its field in LATENCY_FIELDS. */
export function latencyBucket(ms: number): number {
  let i = 0;
  while (i < LATENCY_BOUNDS_MS.length && ms > LATENCY_BOUNDS_MS[i]) i++;
  return i;
}

/** The counter field one latency falls into: `lat_le_<bound>`, or `lat_le_inf` above the last bound. */
export function latencyField(ms: number): string {
  return LATENCY_FIELDS[latencyBucket(ms)];
}

export function isLatencyField(field: string): boolean {
  return field.startsWith(FIELD_PREFIX);
}

/**
 * The q-quantile (0..1) from summed histogram fields; undefined when empty. The
 * overflow bucket has no upper bound, so a quantile there reports the last bound.
 */
export function latencyQuantile(counters: Readonly<Record<string, number>>, q: number): number | undefined {
  const counts = LATENCY_BOUNDS_MS.map((bound) => counters[`${FIELD_PREFIX}${bound}`] ?? 0);
  const overflow = counters[OVERFLOW_FIELD] ?? 0;
  const total = counts.reduce((a, b) => a + b, 0) + overflow;
  if (total === 0) return undefined;
  const rank = q * total;
  let seen = 0;
  for (let i = 0; i < counts.length; i++) {
    if (counts[i] > 0 && seen + counts[i] >= rank) {
      const lower = i === 0 ? 0 : LATENCY_BOUNDS_MS[i - 1];
      const upper = LATENCY_BOUNDS_MS[i];
      return lower + ((rank - seen) / counts[i]) * (upper - lower);
    }
    seen += counts[i];
  }
  return LATENCY_BOUNDS_MS[LATENCY_BOUNDS_MS.length - 1];
}
