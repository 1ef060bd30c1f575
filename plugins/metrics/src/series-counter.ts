import type { Metric, Registry } from 'prom-client';

type Labels = Readonly<Record<string, string>>;

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

export interface SeriesCounterConfig {
  name: string;
  help: string;
  labelNames: readonly string[];
  registers: Registry[];
}

/**
 * A Prometheus counter whose series a caller binds once and then increments directly (prom-client's
 * Counter hashes the label values on every increment); the registry gets the samples prom-client's
 * Counter would give it, and formats them itself.
 */
export class SeriesCounter {
  readonly type = 'counter';
  readonly aggregator = 'sum';
  readonly name: string;
  readonly help: string;
  readonly labelNames: readonly string[];
  private readonly sortedLabelNames: readonly string[];
  /** Every bound series, by prom-client's key for its label values, so equal labels share one series. */
  private readonly bound = new Map<string, CounterSeries>();
  /** The series in the exposition, in the order of their first increment (prom-client's order). */
  private listedSeries: CounterSeries[] = [];

  constructor(config: SeriesCounterConfig) {
    this.name = config.name;
    this.help = config.help;
    this.labelNames = config.labelNames;
    this.sortedLabelNames = [...config.labelNames].sort();
    // The registry takes any object with prom-client's metric surface (name, type, get, reset).
    for (const registry of config.registers) registry.registerMetric(this as unknown as Metric);
  }

  /** The series of these label values (each a label name of this counter). */
  series(labels: Labels): CounterSeries {
    for (const name in labels) if (!this.labelNames.includes(name)) throw new Error(`${this.name} has no label "${name}"`);
    let key = '';
    for (const name of this.sortedLabelNames) if (labels[name] !== undefined) key += `${name}:${labels[name]},`;
    let series = this.bound.get(key);
    if (!series) this.bound.set(key, (series = new CounterSeries(this, labels)));
    return series;
  }

  list(series: CounterSeries): void {
    series.listed = true;
    this.listedSeries.push(series);
  }

  reset(): void {
    for (const series of this.listedSeries) {
      series.value = 0;
      series.listed = false;
    }
    this.listedSeries = [];
  }

  /** What prom-client's Counter gives the registry. */
  async get(): Promise<{ help: string; name: string; type: 'counter'; values: Array<{ value: number; labels: Labels }>; aggregator: 'sum' }> {
    return { help: this.help, name: this.name, type: this.type, values: this.listedSeries.map((s) => ({ value: s.value, labels: s.labels })), aggregator: this.aggregator };
  }
}
