import type { Metric, Registry } from 'prom-client';

export type Labels = Readonly<Record<string, string>>;

/** A series of a BoundSeriesMetric: its label values, and whether it is in the exposition yet. */
export interface ListedSeries {
  readonly labels: Labels;
  listed: boolean;
}

export interface BoundSeriesConfig {
  name: string;
  help: string;
  labelNames: readonly string[];
  registers: Registry[];
}

/**
 * What the bound-series counter and histogram share: a series is bound once per set of label
 * values (prom-client hashes them on every observation, even through a `labels()` child), listed
 * in the exposition from its first observation on in that order, as prom-client lists them, and
 * the metric registers in prom-client's own registries, which format the text.
 */
export abstract class BoundSeriesMetric<S extends ListedSeries> {
  readonly aggregator = 'sum';
  readonly name: string;
  readonly help: string;
  readonly labelNames: readonly string[];
  /** The series in the exposition, in the order of their first observation. */
  protected listedSeries: S[] = [];
  private readonly sortedLabelNames: readonly string[];
  /** Every bound series, by prom-client's key for its label values, so equal labels share one series. */
  private readonly bound = new Map<string, S>();

  constructor(config: BoundSeriesConfig) {
    this.name = config.name;
    this.help = config.help;
    this.labelNames = config.labelNames;
    this.sortedLabelNames = [...config.labelNames].sort();
    // The registry takes any object with prom-client's metric surface (name, type, get, reset).
    for (const registry of config.registers) registry.registerMetric(this as unknown as Metric);
  }

  /** The series of these label values (each a label name of this metric). */
  series(labels: Labels): S {
    for (const name in labels) if (!this.labelNames.includes(name)) throw new Error(`${this.name} has no label "${name}"`);
    let key = '';
    for (const name of this.sortedLabelNames) if (labels[name] !== undefined) key += `${name}:${labels[name]},`;
    let series = this.bound.get(key);
    if (!series) this.bound.set(key, (series = this.newSeries(labels)));
    return series;
  }

  /** From a series' first observation: it joins the exposition. */
  list(series: S): void {
    series.listed = true;
    this.listedSeries.push(series);
  }

  reset(): void {
    for (const series of this.listedSeries) this.clearSeries(series);
    this.listedSeries = [];
  }

  protected abstract newSeries(labels: Labels): S;

  /** Back to no observations, and out of the exposition. */
  protected abstract clearSeries(series: S): void;
}
