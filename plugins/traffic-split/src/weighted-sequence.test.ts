import { weightedSequence } from './weighted-sequence';

const counts = (sequence: number[]) => sequence.reduce<Record<number, number>>((acc, i) => ({ ...acc, [i]: (acc[i] ?? 0) + 1 }), {});

describe('weightedSequence', () => {
  it('gives each index exactly its weight per cycle', () => {
    expect(counts(weightedSequence([3, 1]))).toEqual({ 0: 3, 1: 1 });
    expect(counts(weightedSequence([5, 3, 2]))).toEqual({ 0: 5, 1: 3, 2: 2 });
  });

  it('walks the exact smooth weighted round-robin order', () => {
    // nginx's published example for weights 5, 1, 1 is a a b a c a a; ties go to the earlier index.
    expect(weightedSequence([5, 1, 1])).toEqual([0, 0, 1, 0, 2, 0, 0]);
    expect(weightedSequence([3, 1])).toEqual([0, 0, 1, 0]);
    expect(weightedSequence([5, 3, 2])).toEqual([0, 1, 2, 0, 0, 1, 0, 2, 1, 0]);
  });

  it('interleaves instead of bunching', () => {
    expect(weightedSequence([1, 1])).toEqual([0, 1]);
    const sequence = weightedSequence([2, 2, 1]);
    for (let i = 1; i < sequence.length; i++) expect(sequence[i]).not.toBe(sequence[i - 1]);
  });

  it('never picks a zero weight', () => {
    expect(weightedSequence([0, 2, 0, 1])).not.toContain(0);
    expect(counts(weightedSequence([0, 2, 0, 1]))).toEqual({ 1: 2, 3: 1 });
  });

  it('is empty when every weight is zero', () => {
    expect(weightedSequence([0, 0])).toEqual([]);
  });
});
