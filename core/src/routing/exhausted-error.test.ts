import { GatewayError } from '../errors/gateway-error';
import { upstreamStatusError } from '../upstream/upstream-status-error';
import { exhaustedError } from './exhausted-error';

describe('exhaustedError', () => {
  it('returns a lone failure as it was', () => {
    const error = upstreamStatusError('p', 429, { message: 'slow' }, 7000);
    expect(exhaustedError([{ target: 'p/m', error }])).toBe(error);
  });

  it('lists every attempt with target, status, code and reason', () => {
    const error = exhaustedError([
      { target: 'primary/model-a', error: upstreamStatusError('primary', 503, { message: 'overloaded' }) },
      { target: 'backup/model-b', error: new GatewayError('upstream_timeout', 'Provider "backup" timed out (first byte timeout).', { retryable: true }) },
    ]);
    expect(error.code).toBe('all_attempts_failed');
    expect(error.status).toBe(502);
    expect(error.attempts).toEqual([
      { target: 'primary/model-a', status: 502, code: 'upstream_error', message: 'Provider "primary" failed with HTTP 503: overloaded' },
      { target: 'backup/model-b', status: 504, code: 'upstream_timeout', message: 'Provider "backup" timed out (first byte timeout).' },
    ]);
    expect(error.message).toBe(
      'All 2 attempts failed: 1) primary/model-a: 502 upstream_error: Provider "primary" failed with HTTP 503: overloaded; 2) backup/model-b: 504 upstream_timeout: Provider "backup" timed out (first byte timeout).',
    );
  });

  it('stays a 429 with the shortest Retry-After when every attempt was rate limited', () => {
    const error = exhaustedError([
      { target: 'a/m', error: upstreamStatusError('a', 429, { message: 'slow' }, 9000) },
      { target: 'b/m', error: upstreamStatusError('b', 429, { message: 'slow' }, 4000) },
    ]);
    expect(error.status).toBe(429);
    expect(error.retryAfterMs).toBe(4000);
    expect(error.attempts).toHaveLength(2);
  });

  it('says when the deadline cut the attempts short', () => {
    const error = exhaustedError(
      [
        { target: 'a/m', error: upstreamStatusError('a', 500, { message: 'x' }) },
        { target: 'a/m', error: upstreamStatusError('a', 500, { message: 'x' }) },
      ],
      1500,
    );
    expect(error.message).toMatch(/^All 2 attempts failed before the 1500 ms deadline ran out: /);
  });
});
