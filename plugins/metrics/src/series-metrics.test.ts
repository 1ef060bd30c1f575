import { Counter, Histogram, Registry } from 'prom-client';
import { SeriesCounter } from './series-counter';
import { SeriesHistogram } from './series-histogram';

const LABELS = ['op', 'model', 'endpoint', 'error_type'];
const BUCKETS = [0.01, 0.04, 0.16, 1, 10];

/** A fixed pseudo-random sequence, so a failure can be replayed. */
function numbers(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** Label sets with a shared prefix, an optional label left out, and the same values in another key order. */
const LABEL_SETS: Array<Record<string, string>> = [
  { op: 'chat', model: 'm1', endpoint: 'talk' },
  { op: 'chat', model: 'm1', endpoint: 'talk', error_type: 'upstream_error' },
  { endpoint: 'talk', op: 'chat', model: 'm1' },
  { op: 'embeddings', model: 'e "quoted"\nname', endpoint: 'vec' },
  { op: 'chat', model: 'm2', endpoint: 'talk', error_type: '429' },
];

describe('SeriesHistogram and SeriesCounter', () => {
  it('expose, as text and as JSON, what prom-client Histogram and Counter expose for the same observations', async () => {
    const theirs = new Registry();
    const ours = new Registry();
    const histogram = new Histogram({ name: 'h_seconds', help: 'a histogram', labelNames: LABELS, buckets: BUCKETS, registers: [theirs] });
    const counter = new Counter({ name: 'c_total', help: 'a counter', labelNames: LABELS, registers: [theirs] });
    const seriesHistogram = new SeriesHistogram({ name: 'h_seconds', help: 'a histogram', labelNames: LABELS, buckets: BUCKETS, registers: [ours] });
    const seriesCounter = new SeriesCounter({ name: 'c_total', help: 'a counter', labelNames: LABELS, registers: [ours] });
    const random = numbers(7);
    for (let i = 0; i < 500; i++) {
      const labels = LABEL_SETS[Math.floor(random() * LABEL_SETS.length)];
      // Values on bounds, between them, above the last one, and fractions whose sums round.
      const value = [0, 0.01, 0.1, 1, 10, 11, random() * 20][Math.floor(random() * 7)];
      histogram.labels(labels).observe(value);
      seriesHistogram.series(labels).observe(value);
      const by = i % 3 === 0 ? undefined : random() * 3;
      counter.labels(labels).inc(by);
      seriesCounter.series(labels).inc(by);
      if (i === 250) {
        // A reset empties both; series bound before it count again from zero.
        theirs.resetMetrics();
        ours.resetMetrics();
      }
    }
    expect(await ours.metrics()).toBe(await theirs.metrics());
    expect(await ours.getMetricsAsJSON()).toEqual(await theirs.getMetricsAsJSON());
  });

  it('lists a series only once it is observed, as prom-client does', async () => {
    const registry = new Registry();
    const histogram = new SeriesHistogram({ name: 'h', help: 'h', labelNames: ['a'], buckets: BUCKETS, registers: [registry] });
    const bound = histogram.series({ a: 'x' });
    expect(await registry.metrics()).toBe('# HELP h h\n# TYPE h histogram\n');
    bound.observe(0.5);
    expect(await registry.metrics()).toContain('h_count{a="x"} 1');
  });

  it('refuses a label the metric does not have', () => {
    const counter = new SeriesCounter({ name: 'c', help: 'c', labelNames: ['a'], registers: [new Registry()] });
    expect(() => counter.series({ b: 'x' })).toThrow('no label "b"');
  });
});
