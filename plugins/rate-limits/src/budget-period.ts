import type { BudgetPeriod } from './limits-policy';

/** The UTC calendar period `at` falls in, as a key part (`2026-11-25`, `2026-11`), and when it starts and ends. */
export function budgetPeriod(period: BudgetPeriod, at: number): { id: string; startsAt: number; endsAt: number } {
  const date = new Date(at);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  if (period === 'month') return { id: `${year}-${pad(month + 1)}`, startsAt: Date.UTC(year, month, 1), endsAt: Date.UTC(year, month + 1, 1) };
  const day = date.getUTCDate();
  return { id: `${year}-${pad(month + 1)}-${pad(day)}`, startsAt: Date.UTC(year, month, day), endsAt: Date.UTC(year, month, day + 1) };
}

function pad(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}
