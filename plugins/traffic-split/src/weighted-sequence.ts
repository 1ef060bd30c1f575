/**
 * A smooth weighted round-robin order: over one cycle of sum(weights) slots each
 * index appears exactly `weight` times, interleaved (3:1 gives A A B A, not
 * A A A B). A shared counter walking this cycle gives every target exactly its
 * share in aggregate, across any number of replicas, with no randomness.
 */
export function weightedSequence(weights: readonly number[]): number[] {
  const total = weights.reduce((sum, w) => sum + w, 0);
  const current = weights.map(() => 0);
  const sequence: number[] = [];
  for (let slot = 0; slot < total; slot++) {
    let best = -1;
    for (let i = 0; i < weights.length; i++) {
      if (weights[i] <= 0) continue;
      current[i] += weights[i];
      if (best === -1 || current[i] > current[best]) best = i;
    }
    current[best] -= total;
    sequence.push(best);
  }
  return sequence;
}
