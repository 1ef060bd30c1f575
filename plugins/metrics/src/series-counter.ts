import { BoundSeriesMetric, type BoundSeriesConfig, type Labels } from './bound-series-metric';

/** One labelled series of a SeriesCounter, bound once: an increment is one addition. */
export class CounterSeries {
  value = 0;
  /** Whether the series is in its counter's exposition: from its first increment on, as in prom-client. */
  listed = false;

  constructor(
    private readonly counter: SeriesCounter,
    readonly labels: Labels,
  ) {}

  inc(by = 1): void {
    // prom-client throws on a negative or non-finite increment, before counting it: it is left out alike.
    if (!(by >= 0) || by === Infinity) return;
    if (!this.listed) this.counter.list(this);
    this.value += by;
  }
}

export type SeriesCounterConfig = BoundSeriesConfig;

/**
 * A Prometheus counter whose series a caller binds once and then increments directly (prom-client's
 * Counter hashes the label values on every increment); the registry gets the samples prom-client's
 * Counter would give it, and formats them itself.
 */
export class SeriesCounter extends BoundSeriesMetric<CounterSeries> {
  readonly type = 'counter';

  protected newSeries(labels: Labels): CounterSeries {
    return new CounterSeries(this, labels);
  }

  protected clearSeries(series: CounterSeries): void {
    series.value = 0;
    series.listed = false;
  }

  /** What prom-client's Counter gives the registry. */
  async get(): Promise<{ help: string; name: string; type: 'counter'; values: Array<{ value: number; labels: Labels }>; aggregator: 'sum' }> {
    return { help: this.help, name: this.name, type: this.type, values: this.listedSeries.map((s) => ({ value: s.value, labels: s.labels })), aggregator: this.aggregator };
  }
}
