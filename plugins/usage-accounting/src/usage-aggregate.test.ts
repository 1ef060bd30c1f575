import { latencyField } from './latency-histogram';
import { aggregateUsage } from './usage-aggregate';
import { counterField } from './usage-counters';

/** A minute where `calls` attempts of `target` (by `caller`) took `ms` each. */
function minute(bucketStart: number, target: string, calls: number, ms: number, extra: Record<string, number> = {}, caller = 'app') {
  const one: Record<string, number> = { requests: 1, latency_ms_sum: ms, [latencyField(ms)]: 1, ...extra };
  const counters: Record<string, number> = {};
  for (const [field, n] of Object.entries(one)) counters[counterField(target, field, caller)] = n * calls;
  return { bucketStart, counters };
}

describe('aggregateUsage', () => {
  it('folds minutes into the requested bucket and breaks each down by target', () => {
    const rows = aggregateUsage(
      'smart',
      [minute(0, 'a/m', 3, 20, { prompt_tokens: 10 }), minute(60, 'b/n', 1, 3000, { errors: 1 }), minute(300, 'a/m', 2, 20)],
      300,
    );
    expect(rows.map((r) => [r.bucket_start, r.requests])).toEqual([
      ['1970-01-01T00:00:00.000Z', 4],
      ['1970-01-01T00:05:00.000Z', 2],
    ]);
    const [first] = rows;
    expect(first.prompt_tokens).toBe(30);
    expect(first.errors).toBe(1);
    expect(first.targets.map((t) => [t.target, t.requests, t.errors])).toEqual([
      ['a/m', 3, 0],
      ['b/n', 1, 1],
    ]);
    expect(first.targets[1].latency_ms.p50).toBeGreaterThan(2500);
    expect(first.latency_ms.avg).toBe((3 * 20 + 3000) / 4);
  });

  it('computes percentiles from the merged histogram, not by averaging percentiles', () => {
    const [row] = aggregateUsage('e', [minute(0, 'a/m', 99, 20), minute(60, 'a/m', 1, 50_000)], 3600);
    expect(row.latency_ms.p50 as number).toBeLessThanOrEqual(25);
    expect(row.latency_ms.p99 as number).toBeLessThanOrEqual(25);
    const [skewed] = aggregateUsage('e', [minute(0, 'a/m', 90, 20), minute(60, 'a/m', 10, 50_000)], 3600);
    expect(skewed.latency_ms.p99 as number).toBeGreaterThan(40_000);
  });

  it('counts buckets from an origin, so a whole range folds into one row, and folds several endpoints into one series', () => {
    const minutes = [minute(120, 'a/m', 2, 20), minute(3600 + 60, 'a/m', 1, 20), minute(7200 - 60, 'b/n', 1, 20)];
    // Aligned to the clock, an hour-long bucket from minute 2 spans two hours...
    expect(aggregateUsage('e', minutes, 7200 - 120)).toHaveLength(2);
    // ...counted from the range's start it is one row starting there.
    const [whole] = aggregateUsage('*', minutes, 7200 - 120, {}, 120);
    expect(whole).toMatchObject({ endpoint: '*', bucket_start: '1970-01-01T00:02:00.000Z', requests: 4 });
    expect(whole.targets.map((t) => [t.target, t.requests])).toEqual([
      ['a/m', 3],
      ['b/n', 1],
    ]);
  });

  it('leaves empty minutes out', () => {
    expect(aggregateUsage('e', [{ bucketStart: 0, counters: {} }], 60)).toEqual([]);
  });

  describe('by caller', () => {
    /** One minute holding both callers' counters, as the store returns the endpoint's hash. */
    const mixed = () => {
      const app = minute(0, 'a/m', 3, 20, { cost_usd: 0.001, prompt_tokens: 10 });
      const judge = minute(0, 'a/m', 2, 20, { cost_usd: 0.25, prompt_tokens: 100 }, 'judge');
      return [{ bucketStart: 0, counters: { ...app.counters, ...judge.counters } }];
    };

    it('sums every caller when asked for none', () => {
      const [row] = aggregateUsage('e', mixed(), 60);
      expect(row).not.toHaveProperty('caller');
      expect(row.requests).toBe(5);
      expect(row.cost_usd).toBeCloseTo(0.503, 9);
    });

    it('keeps one caller\'s counters with a caller filter', () => {
      const rows = aggregateUsage('e', mixed(), 60, { caller: 'judge' });
      expect(rows.map((r) => [r.caller, r.requests, r.prompt_tokens, r.cost_usd])).toEqual([['judge', 2, 200, 0.5]]);
      expect(rows[0].targets.map((t) => [t.target, t.requests])).toEqual([['a/m', 2]]);
      expect(aggregateUsage('e', mixed(), 60, { caller: 'nobody' })).toEqual([]);
    });

    it('splits each bucket into a row per caller with group_by', () => {
      const rows = aggregateUsage('e', mixed(), 60, { byCaller: true });
      expect(rows.map((r) => [r.caller, r.requests, r.cost_usd])).toEqual([
        ['app', 3, 0.003],
        ['judge', 2, 0.5],
      ]);
    });
  });
});
