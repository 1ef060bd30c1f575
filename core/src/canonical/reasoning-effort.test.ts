import { effortForBudget, effortOf } from './reasoning-effort';

describe('effortForBudget / effortOf (the one budget <-> effort table)', () => {
  it.each([[1, 'minimal'], [2047, 'minimal'], [2048, 'low'], [8191, 'low'], [8192, 'medium'], [24_575, 'medium'], [24_576, 'high'], [100_000, 'high']] as const)('%i tokens is %s', (budget, effort) => {
    expect(effortForBudget(budget)).toBe(effort);
    expect(effortOf({ budgetTokens: budget })).toBe(effort);
  });

  it('keeps an explicit effort, reads a budget of 0 as none, and has nothing for no reasoning', () => {
    expect(effortOf({ effort: 'low', budgetTokens: 30_000 })).toBe('low');
    expect(effortOf({ budgetTokens: 0 })).toBe('none');
    expect(effortOf(undefined)).toBeUndefined();
    expect(effortOf({})).toBeUndefined();
  });
});
