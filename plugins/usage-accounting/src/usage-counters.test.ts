import type { AttemptRecord } from '@model-gateway/core';
import { attemptRecord } from '../../../test/support/attempt-record';
import { BUCKET_SECONDS, bucketStart, counterIncrements, counterNames, MinuteKeys, usageKey } from './usage-counters';

/** What one attempt adds to its endpoint's minute bucket; the store sums these across replicas. */

function record(more: Partial<AttemptRecord> = {}): AttemptRecord {
  return attemptRecord({ endpoint: 'ep', startedAt: Date.UTC(2024, 0, 1, 12, 0, 0), latencyMs: 123.4, ttfbMs: 45.6, ...more });
}

const priced = (usd: number) => ({ usd, priced: true });
const unpriced = { usd: 0, priced: false };

describe('counterIncrements', () => {
  it('counts a successful attempt with its tokens, cost and rounded timings', () => {
    const increments = counterIncrements(
      record({ usage: { inputTokens: 11, outputTokens: 7, totalTokens: 18, cachedInputTokens: 3, reasoningTokens: 2 } }),
      priced(0.000005625),
    );
    expect(increments).toEqual({
      requests: 1,
      prompt_tokens: 11,
      completion_tokens: 7,
      total_tokens: 18,
      cached_tokens: 3,
      reasoning_tokens: 2,
      cost_usd: 0.000005625,
      latency_ms_sum: 123,
      ttfb_ms_sum: 46,
      // 123 ms falls in the 100-150 ms histogram bucket.
      lat_le_150: 1,
    });
  });

  it.each([400, 429, 499, 500, 502, 504])('counts status %i as an error', (status) => {
    expect(counterIncrements(record({ status }), priced(0)).errors).toBe(1);
  });

  it.each([200, 299, 399])('does not count status %i as an error', (status) => {
    expect(counterIncrements(record({ status }), priced(0))).not.toHaveProperty('errors');
  });

  it('leaves zero fields out, so a failed attempt writes only what it has', () => {
    // No usage, no first byte, a sub-millisecond failure, free: the request, the error and its latency bucket remain.
    const increments = counterIncrements(record({ status: 502, latencyMs: 0.3, ttfbMs: undefined }), priced(0));
    expect(increments).toEqual({ requests: 1, errors: 1, lat_le_5: 1 });
  });

  it('leaves zero token counts out but keeps the non-zero ones', () => {
    const increments = counterIncrements(record({ usage: { inputTokens: 5, outputTokens: 0, totalTokens: 5, cachedInputTokens: 0, reasoningTokens: 0 } }), priced(0));
    expect(increments).toMatchObject({ prompt_tokens: 5, total_tokens: 5 });
    for (const field of ['completion_tokens', 'cached_tokens', 'reasoning_tokens', 'cost_usd']) expect(increments).not.toHaveProperty(field);
    expect(Object.values(increments)).not.toContain(0);
  });

  it('counts an attempt with usage the price list does not know as unpriced', () => {
    const increments = counterIncrements(record({ usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 } }), unpriced);
    expect(increments.unpriced_requests).toBe(1);
    expect(increments).not.toHaveProperty('cost_usd');
  });

  it('does not count an attempt without usage as unpriced: there was nothing to price', () => {
    expect(counterIncrements(record({ status: 502 }), unpriced)).not.toHaveProperty('unpriced_requests');
  });
});

describe('bucketStart', () => {
  it('is the start of the UTC minute, in epoch seconds', () => {
    expect(bucketStart(Date.UTC(2024, 0, 1, 12, 34, 56, 789))).toBe(Date.UTC(2024, 0, 1, 12, 34, 0) / 1000);
  });

  it('puts the first millisecond of a minute in that minute and the last one in the previous', () => {
    const minute = Date.UTC(2024, 5, 30, 23, 59, 0);
    expect(bucketStart(minute)).toBe(minute / 1000);
    expect(bucketStart(minute - 1)).toBe(minute / 1000 - BUCKET_SECONDS);
    expect(bucketStart(minute + 59_999)).toBe(minute / 1000);
  });

  it('is always a whole multiple of the bucket size', () => {
    for (const ms of [0, 1, 59_999, 60_000, 1_700_000_123_456]) expect(bucketStart(ms) % BUCKET_SECONDS).toBe(0);
  });
});

describe('usageKey', () => {
  it('names the endpoint and the bucket (the store adds its own prefix)', () => {
    expect(usageKey('chat-ep', 1_704_110_400)).toBe('usage:chat-ep:1704110400');
  });
});

describe('MinuteKeys', () => {
  it('gives the usageKey of the minute an attempt started, the same string for every attempt of that minute', () => {
    const keys = new MinuteKeys();
    const minute = Date.UTC(2024, 0, 1, 12, 0, 0);
    const first = keys.of('ep', minute + 1);
    expect(first).toBe(usageKey('ep', minute / 1000));
    expect(keys.of('ep', minute + 59_999)).toBe(first);
    expect(keys.of('other', minute + 5)).toBe(usageKey('other', minute / 1000));
    expect(keys.of('ep', minute + 60_000)).toBe(usageKey('ep', minute / 1000 + 60));
    // A late attempt of the minute before still lands in its own minute.
    expect(keys.of('ep', minute + 10)).toBe(usageKey('ep', minute / 1000));
    expect(keys.of('ep', minute + 60_001)).toBe(usageKey('ep', minute / 1000 + 60));
  });
});

/**
 * The stored field names, spelled out as the reader (usage-aggregate) parses them:
 * `t:<connection>/<model>|<field>`, then `@<caller>` unless it is the default, then `#<key id>`.
 */
function filedUnder(increments: Readonly<Record<string, number>>, target: string, caller = 'app', principal?: string): Record<string, number> {
  const suffix = (caller === 'app' ? '' : `@${caller}`) + (principal === undefined ? '' : `#${principal}`);
  return Object.fromEntries(Object.entries(increments).map(([field, value]) => [`t:${target}|${field}${suffix}`, value]));
}

describe('counterNames', () => {
  const requestOnly = (names: ReturnType<typeof counterNames>) => counterIncrements(record({ latencyMs: 0.2, ttfbMs: undefined }), priced(0), names);

  it('files every field under its target (the endpoint totals are their sum, made when read)', () => {
    expect(requestOnly(counterNames('a', 'gpt'))).toEqual({ 't:a/gpt|requests': 1, 't:a/gpt|lat_le_5': 1 });
    expect(requestOnly(counterNames('b', 'claude'))).toEqual({ 't:b/claude|requests': 1, 't:b/claude|lat_le_5': 1 });
  });

  it('files a named caller\'s fields apart, the default caller\'s as before callers were recorded, and a key\'s last', () => {
    expect(counterIncrements(record({ latencyMs: 0.2, ttfbMs: undefined }), priced(0.5), counterNames('a', 'gpt', 'judge'))).toEqual({
      't:a/gpt|requests@judge': 1,
      't:a/gpt|lat_le_5@judge': 1,
      't:a/gpt|cost_usd@judge': 0.5,
    });
    expect(requestOnly(counterNames('a', 'gpt', 'app'))).toEqual({ 't:a/gpt|requests': 1, 't:a/gpt|lat_le_5': 1 });
    expect(requestOnly(counterNames('a', 'gpt', 'judge', 'key_01'))).toHaveProperty(['t:a/gpt|requests@judge#key_01'], 1);
  });

  it('names an attempt\'s counters as the plain increments filed under their target, for the default and a named caller', () => {
    const attempts = [
      record({ usage: { inputTokens: 11, outputTokens: 7, totalTokens: 18, cachedInputTokens: 3, reasoningTokens: 2 } }),
      record({ status: 502, latencyMs: 1e9, ttfbMs: undefined }),
      record({ usage: { inputTokens: 1, outputTokens: 0, totalTokens: 1 }, latencyMs: 0.2 }),
    ];
    for (const attempt of attempts) {
      for (const caller of ['app', 'judge']) {
        for (const cost of [priced(0.25), unpriced]) {
          const expected = filedUnder(counterIncrements(attempt, cost), 'up/gpt-4o-mini', caller);
          expect(counterIncrements(attempt, cost, counterNames('up', 'gpt-4o-mini', caller))).toEqual(expected);
        }
      }
    }
    // Built once per target and caller.
    expect(counterNames('up', 'gpt-4o-mini', 'judge')).toBe(counterNames('up', 'gpt-4o-mini', 'judge'));
  });

  it('names counters right past the callers it caches', () => {
    for (let i = 0; i < 300; i++) expect(counterIncrements(record({}), priced(0), counterNames('lots', 'm', `c${i}`))).toHaveProperty([`t:lots/m|requests@c${i}`], 1);
  });
});
