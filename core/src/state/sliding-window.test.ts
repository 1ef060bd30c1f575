import { decideWindow, windowSeconds } from './sliding-window';

const at = (second: number, ms = 0) => second * 1000 + ms;

describe('decideWindow', () => {
  it('counts only the buckets of the last window seconds', () => {
    const buckets = new Map([[100, 5], [141, 2], [160, 1]]);
    // At second 160 with a 60 s window, buckets 101..160 count: 141 and 160.
    expect(decideWindow(buckets, 0, 10, 60, at(160, 500))).toMatchObject({ allowed: true, total: 3 });
    expect(decideWindow(buckets, 0, 10, 60, at(160, 500)).live).toEqual([[141, 2], [160, 1]]);
  });

  it('says when the oldest buckets that make room will age out', () => {
    const buckets = new Map([[150, 3], [155, 4], [159, 3]]);
    // Total 10 of 10: one more needs bucket 150 gone, at second 210.
    expect(decideWindow(buckets, 1, 10, 60, at(160, 250))).toEqual(expect.objectContaining({ allowed: false, total: 10, retryAfterMs: at(210) - at(160, 250) }));
    // Five more need 150 and 155 gone: at second 215.
    expect(decideWindow(buckets, 5, 10, 60, at(160, 250)).retryAfterMs).toBe(at(215) - at(160, 250));
  });

  it('refuses for good an amount above the limit, and asks with amount 0', () => {
    expect(decideWindow(new Map(), 11, 10, 60, at(1))).toMatchObject({ allowed: false, retryAfterMs: -1 });
    expect(decideWindow(new Map([[1, 10]]), 0, 10, 60, at(1))).toMatchObject({ allowed: false, total: 10, retryAfterMs: at(61) - at(1) });
    expect(decideWindow(new Map([[1, 9]]), 0, 10, 60, at(1))).toMatchObject({ allowed: true, total: 9 });
  });

  it('rounds windows up to whole seconds', () => {
    expect(windowSeconds(60_000)).toBe(60);
    expect(windowSeconds(1_500)).toBe(2);
    expect(windowSeconds(1)).toBe(1);
  });
});
