import type { UsageRow } from '../api/types';
import { fillSeries, usageQuery } from './usage-range';

const NOW = Date.parse('2026-11-25T12:00:30Z');

function row(start: string, requests: number, p50: number): UsageRow {
  return {
    endpoint: 'e',
    bucket_start: start,
    requests,
    errors: 1,
    prompt_tokens: 10,
    completion_tokens: 5,
    total_tokens: 15,
    cached_tokens: 0,
    reasoning_tokens: 0,
    latency_ms_sum: 0,
    ttfb_ms_sum: 0,
    cost_usd: 0.5,
    unpriced_requests: 0,
    latency_ms: { avg: p50, p50, p90: p50, p99: p50 },
    targets: [],
  };
}

describe('usage range', () => {
  it('asks /api/usage for the range ending now, per bucket or as one row', () => {
    const to = NOW / 1000;
    expect(usageQuery('hour', { now: NOW })).toBe(`/api/usage?from=${to - 3600}&to=${to}&bucket=60`);
    expect(usageQuery('week', { now: NOW, whole: true, combined: true })).toBe(`/api/usage?from=${to - 604800}&to=${to}&bucket=all&combined=true`);
    expect(usageQuery('day', { now: NOW, endpoint: 'demo' })).toContain('bucket=900&endpoint=demo');
    expect(usageQuery('hour', { now: NOW, whole: true, combined: true, byCaller: true })).toBe(`/api/usage?from=${to - 3600}&to=${to}&bucket=all&combined=true&group_by=caller`);
    expect(usageQuery('hour', { now: NOW, endpoint: 'demo', caller: 'judge' })).toContain('endpoint=demo&caller=judge');
    expect(usageQuery('day', { now: NOW, whole: true, combined: true, byKey: true })).toContain('combined=true&group_by=key');
    expect(usageQuery('hour', { now: NOW, caller: 'judge', key: 'key_0123456789abcdef', byCaller: true })).toContain('caller=judge&key=key_0123456789abcdef&group_by=caller');
  });

  it('gives every bucket of the range a point: zero counts and no latency where there was no traffic', () => {
    const series = fillSeries([row('2026-11-25T11:30:00.000Z', 4, 120), row('2026-11-25T12:00:00.000Z', 2, 80)], 'hour', NOW);
    expect(series.times).toHaveLength(61);
    expect(series.times[0]).toBe(Date.parse('2026-11-25T11:00:00Z') / 1000);
    expect(series.requests.reduce((a, b) => a + b, 0)).toBe(6);
    expect(series.requests[30]).toBe(4);
    expect(series.p50[30]).toBe(120);
    expect(series.p50[29]).toBeNull();
    expect(series.cost[60]).toBe(0.5);
  });
});
