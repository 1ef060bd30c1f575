import type { UsageRow } from '../api/types';
import { callerDescription, callerShares } from './callers';

function row(caller: string | undefined, requests: number, cost: number): UsageRow {
  return {
    endpoint: '*',
    caller,
    bucket_start: '2026-11-25T11:00:00.000Z',
    requests,
    errors: 0,
    prompt_tokens: requests * 11,
    completion_tokens: requests * 7,
    total_tokens: requests * 18,
    cached_tokens: 0,
    reasoning_tokens: 0,
    latency_ms_sum: 0,
    ttfb_ms_sum: 0,
    cost_usd: cost,
    unpriced_requests: 0,
    latency_ms: { avg: null, p50: null, p90: null, p99: null },
    targets: [],
  };
}

describe('caller breakdown', () => {
  it('orders callers by cost, then requests, then name, with each share of the cost', () => {
    const shares = callerShares([row('app', 2, 0.25), row('judge', 3, 0.75), row('nightly', 4, 0), row('adhoc', 4, 0)]);
    expect(shares.map((s) => s.caller)).toEqual(['judge', 'app', 'adhoc', 'nightly']);
    expect(shares.map((s) => s.costShare)).toEqual([0.75, 0.25, 0, 0]);
  });

  it('folds rows of one caller (several endpoints) and reads a row without a caller as app', () => {
    const shares = callerShares([row(undefined, 1, 0.5), row('app', 2, 0.5), row('judge', 1, 0)]);
    expect(shares).toHaveLength(2);
    expect(shares[0]).toMatchObject({ caller: 'app', costShare: 1 });
    expect(shares[0].row).toMatchObject({ requests: 3, prompt_tokens: 33, completion_tokens: 21, cost_usd: 1 });
  });

  it('gives no share when nothing was priced', () => {
    expect(callerShares([row('app', 1, 0)])[0].costShare).toBe(0);
    expect(callerShares([])).toEqual([]);
  });

  it('says what the labels mean', () => {
    expect(callerDescription('app')).toBe('no caller header');
    expect(callerDescription('judge')).toBe('evaluation judges');
    expect(callerDescription('batch-7')).toContain('x-gateway-caller');
  });
});
