import type { ReasoningConfig } from './chat';

type Effort = Exclude<NonNullable<ReasoningConfig['effort']>, 'none'>;

/**
 * The smallest thinking budget each effort stands for (budgets in tokens, from the
 * smallest a provider takes, 1,024, growing roughly fourfold), the one table every format reads
 * when a budget must become an effort or an effort a budget.
 */
export const EFFORT_BUDGET_FLOORS: Readonly<Record<Effort, number>> = {
  minimal: 1024,
  low: 2048,
  medium: 8192,
  high: 24_576,
};

/** The effort whose budget floor is nearest below or at `budget`, for a client that gave a budget to a provider that only takes an effort. */
export function effortForBudget(budget: number): Effort {
  if (budget >= EFFORT_BUDGET_FLOORS.high) return 'high';
  if (budget >= EFFORT_BUDGET_FLOORS.medium) return 'medium';
  if (budget >= EFFORT_BUDGET_FLOORS.low) return 'low';
  return 'minimal';
}

/** The effort a reasoning setting asks for: its own, else the one its budget stands for (a budget of 0 or less is `none`). */
export function effortOf(reasoning: ReasoningConfig | undefined): ReasoningConfig['effort'] {
  if (reasoning?.effort !== undefined) return reasoning.effort;
  if (reasoning?.budgetTokens === undefined) return undefined;
  return reasoning.budgetTokens <= 0 ? 'none' : effortForBudget(reasoning.budgetTokens);
}
