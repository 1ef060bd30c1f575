import { serverTimingHeader, threeDecimals } from './server-timing';

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

describe('threeDecimals', () => {
  it('writes what toFixed(3) writes, for every kind of value a timing takes', () => {
    const values = [0, -0, 0.0004, 0.0005, 0.0015, 0.9995, 1, 1.0005, 1.2345, 12.3455, 999.9995, 1e9 - 0.0005, 1e9, 1e12, 2 ** 40 + 0.5, NaN, Infinity];
    // Exact halves and the doubles around them, where rounding could go either way.
    for (let micros = 0; micros < 200_000; micros += 7) {
      const half = (micros + 0.5) / 1000;
      values.push(half, micros / 1000, nextDown(half), nextUp(half));
    }
    let seed = 42;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let i = 0; i < 200_000; i++) values.push(random() * 10 ** Math.floor(random() * 7));
    const differing = values.filter((value) => threeDecimals(value) !== value.toFixed(3));
    expect(differing).toEqual([]);
  });
});

function nextUp(x: number): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  view.setBigUint64(0, view.getBigUint64(0) + 1n);
  return view.getFloat64(0);
}

function nextDown(x: number): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  view.setBigUint64(0, view.getBigUint64(0) - 1n);
  return view.getFloat64(0);
}
