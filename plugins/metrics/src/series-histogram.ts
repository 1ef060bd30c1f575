import { BoundSeriesMetric, type BoundSeriesConfig, type Labels } from './bound-series-metric';

/** One labelled series, bound once: an observation is a bucket search and three additions. */
export class HistogramSeries {
  /** Per bucket (not cumulative), as prom-client keeps them; a value above the last bound is in none. */
  readonly counts: number[];
  sum = 0;
  count = 0;
  /** Whether the series is in its histogram's exposition: from its first observation on, as in prom-client. */
  listed = false;

  constructor(
    private readonly histogram: SeriesHistogram,
    readonly labels: Labels,
  ) {
    this.counts = new Array<number>(histogram.buckets.length).fill(0);
  }

  observe(value: number): void {
    // prom-client throws on a value that is not a finite number, before counting it: it is left out alike.
    if (!Number.isFinite(value)) return;
    if (!this.listed) this.histogram.list(this);
    const buckets = this.histogram.buckets;
    let i = 0;
    while (i < buckets.length && value > buckets[i]) i++;
    if (i < buckets.length) this.counts[i]++;
    this.sum += value;
    this.count += 1;
  }

  clear(): void {
    this.counts.fill(0);
    this.sum = 0;
    this.count = 0;
    this.listed = false;
  }
}

export interface SeriesHistogramConfig extends BoundSeriesConfig {
  buckets: readonly number[];
}

/** A sample as prom-client's registry formats it. */
interface Sample {
  labels: Record<string, string | number>;
  sharedLabels?: Labels;
  value: number;
  metricName: string;
  exemplar?: null;
}

/**
 * A Prometheus histogram whose series a caller binds once and then observes directly.
 * prom-client's Histogram validates and hashes the label values on every observation, even
 * through a `labels()` child; this keeps its series as objects instead and hands the registry
 * the same samples prom-client's would (a test compares the two expositions), so the text at
 * /metrics, its formatting included, is still prom-client's.
 */
export class SeriesHistogram extends BoundSeriesMetric<HistogramSeries> {
  readonly type = 'histogram';
  readonly buckets: readonly number[];

  constructor(config: SeriesHistogramConfig) {
    super(config);
    this.buckets = config.buckets;
  }

  protected newSeries(labels: Labels): HistogramSeries {
    return new HistogramSeries(this, labels);
  }

  protected clearSeries(series: HistogramSeries): void {
    series.clear();
  }

  /** What prom-client's Histogram gives the registry for its text exposition. */
  async getForPromString(): Promise<{ name: string; help: string; type: 'histogram'; values: Sample[]; aggregator: 'sum' }> {
    const bucketName = `${this.name}_bucket`;
    const values: Sample[] = [];
    for (const series of this.listedSeries) {
      let cumulative = 0;
      this.buckets.forEach((bound, i) => {
        cumulative += series.counts[i];
        values.push({ labels: { le: bound }, sharedLabels: series.labels, value: cumulative, metricName: bucketName, exemplar: null });
      });
      values.push(
        { labels: { le: '+Inf' }, sharedLabels: series.labels, value: series.count, metricName: bucketName, exemplar: null },
        { labels: {}, sharedLabels: series.labels, value: series.sum, metricName: `${this.name}_sum`, exemplar: undefined },
        { labels: {}, sharedLabels: series.labels, value: series.count, metricName: `${this.name}_count`, exemplar: undefined },
      );
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  /** What prom-client's Histogram gives `getMetricsAsJSON`: each sample's labels with its series' labels spread in. */
  async get(): Promise<{ name: string; help: string; type: 'histogram'; values: Sample[]; aggregator: 'sum' }> {
    const data = await this.getForPromString();
    data.values = data.values.map(({ sharedLabels, labels, ...rest }) => ({ ...rest, labels: Object.assign(labels, sharedLabels) }));
    return data;
  }
}
