import type { AttemptRecord } from '@model-gateway/core';
import { EmbeddedStateStore } from '@model-gateway/core/testing';
import { attemptRecord } from '../../../test/support/attempt-record';
import { errorSlotKey, keepRecentError, MAX_MESSAGE_LENGTH, readRecentErrors, RECENT_ERRORS, recentErrorOf } from './recent-errors';

/** A failed attempt: the upstream answered 500, the client got a 502. */
function failed(more: Partial<AttemptRecord> = {}): AttemptRecord {
  return attemptRecord({ endpoint: 'ep', status: 502, errorCode: 'upstream_error', errorMessage: 'Provider "up" answered 500.', startedAt: Date.UTC(2026, 0, 1, 12, 0, 0), latencyMs: 250, ...more });
}

describe('recentErrorOf', () => {
  it('keeps when the attempt ended, its status, code, message and target', () => {
    expect(recentErrorOf(failed())).toEqual({
      endpoint: 'ep',
      at: '2026-01-01T12:00:00.250Z',
      status: 502,
      code: 'upstream_error',
      message: 'Provider "up" answered 500.',
      target: 'up/gpt-4o-mini',
      caller: 'app',
      request_id: 'req-1',
    });
  });

  it('cuts a long message and says the status when there is none', () => {
    expect(recentErrorOf(failed({ errorMessage: 'x'.repeat(2000) })).message).toHaveLength(MAX_MESSAGE_LENGTH);
    expect(recentErrorOf(failed({ errorMessage: undefined, errorCode: undefined, status: 499 }))).toMatchObject({ message: 'HTTP 499', code: null });
  });
});

describe('keepRecentError / readRecentErrors', () => {
  it('keeps the newest RECENT_ERRORS per endpoint, newest first, and skips a slot it cannot read', async () => {
    const store = new EmbeddedStateStore();
    const start = Date.UTC(2026, 0, 1, 12, 0, 0);
    for (let i = 0; i < RECENT_ERRORS + 5; i++) await keepRecentError(store, failed({ requestId: `r${i}`, startedAt: start + i * 1000 }));
    await keepRecentError(store, failed({ endpoint: 'other', requestId: 'o1', startedAt: start + 500 }));

    const kept = await readRecentErrors(store, ['ep'], RECENT_ERRORS);
    expect(kept.map((e) => e.request_id)).toEqual(Array.from({ length: RECENT_ERRORS }, (_, i) => `r${RECENT_ERRORS + 4 - i}`));
    expect((await readRecentErrors(store, ['ep', 'other'], 100)).map((e) => e.request_id)).toContain('o1');
    expect(await readRecentErrors(store, ['quiet'], 5)).toEqual([]);

    await store.set(errorSlotKey('other', 2), 'not json', 60_000);
    expect((await readRecentErrors(store, ['other'], 5)).map((e) => e.request_id)).toEqual(['o1']);
  });
});
