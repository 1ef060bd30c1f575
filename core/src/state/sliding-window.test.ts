import { WindowCounter, windowSeconds } from './sliding-window';

const at = (second: number, ms = 0) => second * 1000 + ms;

function counter(buckets: Array<[number, number]>): WindowCounter {
  const window = new WindowCounter();
  for (const [second, count] of buckets) window.add(count, at(second));
  return window;
}

describe('WindowCounter', () => {
  it('counts only the buckets of the last window seconds', () => {
    const window = counter([[100, 5], [141, 2], [160, 1]]);
    // At second 160 with a 60 s window, buckets 101..160 count: 141 and 160.
    expect(window.decide(0, 10, 60, at(160, 500))).toMatchObject({ allowed: true, total: 3 });
    // Bucket 141 ages out at second 201, 160 at 220.
    expect(window.decide(0, 10, 60, at(201))).toMatchObject({ total: 1 });
    expect(window.decide(0, 10, 60, at(220))).toMatchObject({ total: 0 });
    expect(window.empty).toBe(true);
  });

  it('keeps its running total right across adds, prunes and long idle gaps', () => {
    const window = new WindowCounter();
    let now = at(1000);
    const added: Array<[number, number]> = [];
    // A pseudo-random walk of adds, some seconds apart, some minutes (the walk over buckets instead of seconds).
    for (let i = 0; i < 300; i++) {
      now += ((i * 7919) % 13) * 1000 + (i % 17 === 0 ? 400_000 : 0);
      const amount = (i * 31) % 5;
      window.add(amount, now);
      if (amount > 0) added.push([Math.floor(now / 1000), amount]);
      const first = Math.floor(now / 1000) - 60 + 1;
      const expected = added.filter(([second]) => second >= first).reduce((sum, [, count]) => sum + count, 0);
      expect(window.decide(0, Infinity, 60, now).total).toBe(expected);
    }
  });

  it('says when the oldest buckets that make room will age out', () => {
    const window = counter([[150, 3], [155, 4], [159, 3]]);
    // Total 10 of 10: one more needs bucket 150 gone, at second 210.
    expect(window.decide(1, 10, 60, at(160, 250))).toEqual({ allowed: false, total: 10, retryAfterMs: at(210) - at(160, 250) });
    // Five more need 150 and 155 gone: at second 215.
    expect(window.decide(5, 10, 60, at(160, 250)).retryAfterMs).toBe(at(215) - at(160, 250));
  });

  it('refuses for good an amount above the limit, and asks with amount 0', () => {
    expect(new WindowCounter().decide(11, 10, 60, at(1))).toMatchObject({ allowed: false, retryAfterMs: -1 });
    expect(counter([[1, 10]]).decide(0, 10, 60, at(1))).toMatchObject({ allowed: false, total: 10, retryAfterMs: at(61) - at(1) });
    expect(counter([[1, 9]]).decide(0, 10, 60, at(1))).toMatchObject({ allowed: true, total: 9 });
  });

  it('rounds windows up to whole seconds', () => {
    expect(windowSeconds(60_000)).toBe(60);
    expect(windowSeconds(1_500)).toBe(2);
    expect(windowSeconds(1)).toBe(1);
  });
});
