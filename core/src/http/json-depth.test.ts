import { exceedsJsonDepth } from './json-depth';

const nested = (depth: number, open = '[', close = ']') => open.repeat(depth) + close.repeat(depth);

describe('exceedsJsonDepth', () => {
  it.each([
    [nested(3), 3, false],
    [nested(4), 3, true],
    ['{"a":{"b":{"c":1}}}', 3, false],
    ['{"a":{"b":{"c":{}}}}', 3, true],
    // Siblings do not add up: depth is how far down, not how many.
    [`[${Array.from({ length: 50 }, () => '[[1]]').join(',')}]`, 3, false],
  ])('%s deeper than %d: %p', (text, max, expected) => {
    expect(exceedsJsonDepth(text, max)).toBe(expected);
  });

  it('ignores brackets inside strings, including after escaped quotes and backslashes', () => {
    const text = JSON.stringify({ a: `[[[[\\"[[[[`, b: `x\\\\`, c: [`{{{{`] });
    expect(exceedsJsonDepth(text, 2)).toBe(false);
    // The same brackets outside a string count.
    expect(exceedsJsonDepth('[[[[', 2)).toBe(true);
  });

  it('skips number runs (token-id arrays) without losing the brackets after them', () => {
    const tokens = Array.from({ length: 40 }, (_, i) => [i, -i, 2.5e-3, 7]);
    expect(exceedsJsonDepth(JSON.stringify({ input: tokens }), 3)).toBe(false);
    expect(exceedsJsonDepth(JSON.stringify({ input: tokens.map((t) => [t]) }), 3)).toBe(true);
  });

  it('answers for malformed text without throwing (the parser reports it)', () => {
    expect(exceedsJsonDepth('["unterminated', 1)).toBe(false);
    expect(exceedsJsonDepth(']]]][[', 1)).toBe(false);
    expect(exceedsJsonDepth('', 1)).toBe(false);
  });

  it('stops at the first level past the limit on a hostile body', () => {
    const hostile = '['.repeat(5_000_000);
    const started = performance.now();
    expect(exceedsJsonDepth(hostile, 128)).toBe(true);
    // Far less than parsing it would take (seconds); a loose bound for a shared machine.
    expect(performance.now() - started).toBeLessThan(500);
  });
});
