import { formatAgo, formatContextWindow, formatDate, formatDateTime, formatCount, formatLatencies, formatMs, formatPrice, formatPricing, formatRate, formatUsd, formatUsdExact } from './format';

describe('UI formats', () => {
  it.each([
    [128_000, '128K'],
    [131_072, '128K'],
    [1_000_000, '1M'],
    [1_048_576, '1M'],
    [2_000_000, '2M'],
    [200_000, '200K'],
    [8192, '8K'],
    [32_768, '32K'],
    [4096, '4K'],
    [163_840, '160K'],
    [1500, '1.5K'],
    [512, '512'],
  ])('writes a %d-token context window as %s', (tokens, text) => {
    expect(formatContextWindow(tokens)).toBe(text);
  });

  it('leaves an unknown context window out', () => {
    expect(formatContextWindow(null)).toBeUndefined();
    expect(formatContextWindow(0)).toBeUndefined();
  });

  it('writes prices per 1M tokens as input / output, Free at 0, unknown when the catalogue has none', () => {
    expect(formatPricing(0.15, 0.6)).toBe('$0.15 input · $0.60 output per 1M tokens');
    expect(formatPricing(2.5, 10)).toBe('$2.50 input · $10.00 output per 1M tokens');
    expect(formatPricing(0.075, 0.3)).toBe('$0.075 input · $0.30 output per 1M tokens');
    expect(formatPricing(0, 0)).toBe('Free');
    expect(formatPricing(0, 0.6)).toBe('free input · $0.60 output per 1M tokens');
    expect(formatPricing(0.02, null)).toBe('$0.02 input per 1M tokens');
    expect(formatPricing(null, 0.6)).toBe('$0.60 output per 1M tokens');
    expect(formatPricing(null, null)).toBe('Price unknown');
    expect(formatPrice(0.0375)).toBe('$0.0375');
    expect(formatPrice(0)).toBe('Free');
  });

  it('writes costs, counts, durations and rates', () => {
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd(0.000123)).toBe('$0.00012');
    expect(formatUsd(0.0000009)).toBe('< $0.000001');
    expect(formatUsd(0.0000094)).toBe('$0.0000094');
    expect(formatUsd(0.005)).toBe('$0.005');
    expect(formatLatencies([4.2, 11, 36.4])).toBe('4.2 / 11 / 36 ms');
    expect(formatLatencies([null, null, null])).toBe('—');
    expect(formatLatencies([900, 4000, 12_000])).toBe('900 ms / 4000 ms / 12 s');
    expect(formatCount(12_345)).toBe('12,345');
    expect(formatCount(1_234_567)).toBe('1.2M');
    expect(formatMs(3.14)).toBe('3.1 ms');
    expect(formatMs(250.4)).toBe('250 ms');
    expect(formatMs(12_500)).toBe('13 s');
    expect(formatMs(null)).toBe('—');
    expect(formatRate(1, 40)).toBe('2.5%');
    expect(formatRate(0, 0)).toBe('0%');
  });

  it('writes a cost exactly for tooltips', () => {
    expect(formatUsdExact(0.000016875)).toBe('$0.000016875');
    expect(formatUsdExact(0.000005625)).toBe('$0.000005625');
    expect(formatUsdExact(1.5)).toBe('$1.5');
    expect(formatUsdExact(0)).toBe('$0');
  });

  it('writes moments absolute and relative', () => {
    expect(formatDateTime('2026-11-25T14:30:00Z', 'UTC')).toBe('25 Nov 2026, 14:30');
    expect(formatDateTime('not a date')).toBe('not a date');
    expect(formatDate('2026-11-25T23:30:00Z', 'UTC')).toBe('25 Nov 2026');
    const now = Date.parse('2026-11-25T12:00:00Z');
    expect(formatAgo('2026-11-25T11:59:40Z', now)).toBe('just now');
    expect(formatAgo('2026-11-25T11:55:00Z', now)).toBe('5 min ago');
    expect(formatAgo('2026-11-25T09:00:00Z', now)).toBe('3 h ago');
    expect(formatAgo('2026-11-24T12:00:00Z', now)).toBe('1 day ago');
    expect(formatAgo('2026-11-28T12:00:00Z', now)).toBe('in 3 days');
  });
});
