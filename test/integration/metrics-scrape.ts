/**
 * Scrapes a gateway's /metrics and parses it with parse-prometheus-text-format (the prom2json
 * shape), so the tests read what a real Prometheus parser reads, not prom-client's own view.
 */

/** One sample: counters and gauges carry `value`, histograms `buckets`, `count` and `sum` (strings, as parsed). */
export interface Sample {
  labels: Record<string, string>;
  value?: string;
  count?: string;
  sum?: string;
  buckets?: Record<string, string>;
}

export interface Family {
  name: string;
  type: string;
  metrics: Sample[];
}

// The package ships CommonJS without type declarations.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const parsePrometheusTextFormat = require('parse-prometheus-text-format') as (text: string) => Family[];

export async function scrape(gatewayUrl: string, headers: Record<string, string> = {}): Promise<Family[]> {
  const response = await fetch(`${gatewayUrl}/metrics`, { headers });
  if (response.status !== 200) throw new Error(`GET /metrics answered ${response.status}`);
  const text = await response.text();
  // The parser folds a labelled histogram's series into one label-less sample (its flattening
  // only handles unlabelled ones), so histograms are read a second time as plain
  // `_bucket` / `_sum` / `_count` series and regrouped by their labels here.
  const plain = parsePrometheusTextFormat(text.replace(/^# TYPE (\S+) histogram$/gm, '# TYPE $1 untyped'));
  return parsePrometheusTextFormat(text).map((family) => ({
    ...family,
    metrics: family.type === 'HISTOGRAM' ? histogramSamples(plain, family.name) : family.metrics.map((sample) => ({ ...sample, labels: sample.labels ?? {} })),
  }));
}

function histogramSamples(plain: readonly Family[], name: string): Sample[] {
  const samples = new Map<string, Sample>();
  const sampleFor = (labels: Record<string, string>): Sample => {
    const { le: _le, ...own } = labels;
    const key = JSON.stringify(Object.entries(own).sort());
    let sample = samples.get(key);
    if (!sample) samples.set(key, (sample = { labels: own, buckets: {} }));
    return sample;
  };
  for (const s of series(plain, `${name}_bucket`)) sampleFor(s.labels ?? {}).buckets![s.labels.le] = s.value!;
  for (const s of series(plain, `${name}_sum`)) sampleFor(s.labels ?? {}).sum = s.value;
  for (const s of series(plain, `${name}_count`)) sampleFor(s.labels ?? {}).count = s.value;
  return [...samples.values()];
}

/** The samples of the family `name` (none when it has no series yet). */
export function series(families: readonly Family[], name: string): Sample[] {
  // Read as plain series, a histogram's `_bucket` lines come as one family per label set.
  return families.filter((f) => f.name === name).flatMap((f) => f.metrics);
}

export function sumOf(samples: readonly Sample[], value: (s: Sample) => number): number {
  return samples.reduce((total, s) => total + value(s), 0);
}
