import { serverTimingHeader } from './server-timing';

describe('serverTimingHeader', () => {
  it('reports the gateway share as total minus upstream, in ms with µs resolution', () => {
    expect(serverTimingHeader({ totalMs: 12.5, upstreamMs: 12.1234, retryWaitMs: 0 })).toBe('gateway;dur=0.377, upstream;dur=12.123');
  });

  it('takes retry backoff out of the gateway share and names it only when there was one', () => {
    expect(serverTimingHeader({ totalMs: 250.6, upstreamMs: 40, retryWaitMs: 200.25 })).toBe(
      'gateway;dur=10.350, upstream;dur=40.000, retry-wait;dur=200.250',
    );
  });

  it('never reports a negative gateway share (clock reads taken in a different order)', () => {
    expect(serverTimingHeader({ totalMs: 1, upstreamMs: 1.0004, retryWaitMs: 0 })).toBe('gateway;dur=0.000, upstream;dur=1.000');
  });
});
