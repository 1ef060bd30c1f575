import type { AttemptRecord } from '@model-gateway/core';
import { attemptRecord as record } from '../../../test/support/attempt-record';
import type { Cost } from './usage-cost';
import { usageLine } from './usage-line';

describe('usageLine', () => {
  it.each<[string, AttemptRecord, Cost]>([
    ['a priced success', record({ usage: { inputTokens: 11, outputTokens: 7, totalTokens: 18, cachedInputTokens: 3 }, ttfbMs: 5.5 }), { usd: 0.0000123, priced: true }],
    ['a failure', record({ status: 502, errorCode: 'upstream_error', failure: 'retry' }), { usd: 0, priced: true }],
    ['a call made with a gateway key', record({ principal: 'key-7', status: 429, errorCode: 'rate_limit_exceeded', failure: 'fatal' }), { usd: 0, priced: true }],
    ['an unpriced answer', record({ caller: 'judge', usage: { inputTokens: 1, outputTokens: 2, totalTokens: 3 } }), { usd: 0, priced: false, note: 'not in the catalogue' }],
  ])('serialises %s exactly as the record with its pricing spread over it', (_what, attempt, cost) => {
    const expected = JSON.stringify({ ...attempt, costUsd: cost.usd, priced: cost.priced, costNote: cost.note });
    expect(JSON.stringify(usageLine(attempt, cost))).toBe(expected);
  });

  it('has a field for every field of the record, and the pricing after them', () => {
    const attempt = record({});
    expect(Object.keys(usageLine(attempt, { usd: 0, priced: true }))).toEqual([...Object.keys(attempt), 'costUsd', 'priced', 'costNote']);
  });
});
