import type { UsageRow } from '../api/types';

/** The caller of a call without a caller header (core's default). */
export const APP_CALLER = 'app';
/** What MLflow's judges send in `X-MLflow-Gateway-Caller`. */
export const JUDGE_CALLER = 'judge';

export interface CallerShare {
  caller: string;
  row: UsageRow;
  /** This caller's part of the cost of all callers, 0..1 (0 when nothing was priced). */
  costShare: number;
}

/**
 * One `group_by=caller&bucket=all` answer as a breakdown: a row per caller, the most
 * expensive first (then the busiest, then by name), with each one's share of the cost.
 */
export function callerShares(rows: readonly UsageRow[]): CallerShare[] {
  const byCaller = new Map<string, UsageRow>();
  for (const row of rows) {
    const caller = row.caller ?? APP_CALLER;
    const seen = byCaller.get(caller);
    byCaller.set(caller, seen ? { ...seen, requests: seen.requests + row.requests, errors: seen.errors + row.errors, prompt_tokens: seen.prompt_tokens + row.prompt_tokens, completion_tokens: seen.completion_tokens + row.completion_tokens, total_tokens: seen.total_tokens + row.total_tokens, cost_usd: seen.cost_usd + row.cost_usd, unpriced_requests: seen.unpriced_requests + row.unpriced_requests } : row);
  }
  const total = [...byCaller.values()].reduce((sum, row) => sum + row.cost_usd, 0);
  return [...byCaller.entries()]
    .map(([caller, row]) => ({ caller, row, costShare: total > 0 ? row.cost_usd / total : 0 }))
    .sort((a, b) => b.row.cost_usd - a.row.cost_usd || b.row.requests - a.row.requests || a.caller.localeCompare(b.caller));
}

/** What a caller label means, for people reading the dashboard. */
export function callerDescription(caller: string): string {
  if (caller === APP_CALLER) return 'no caller header';
  if (caller === JUDGE_CALLER) return 'evaluation judges';
  return 'x-gateway-caller label';
}
