import type { Verdict, VerdictType } from './verdict-type';

/** One judged case: a verdict, or the error that stopped it. */
export interface CaseResult {
  /** 1-based, in input order. */
  index: number;
  verdict?: Verdict;
  rationale?: string;
  error?: string;
  tokens?: { prompt: number; completion: number; total: number };
  /** What the gateway charged for the case; undefined when it could not price the model. */
  costUsd?: number;
  latencyMs: number;
  /** HTTP requests it took (retries included). */
  requests: number;
}

export interface JudgeSummary {
  cases: number;
  judged: number;
  errors: number;
  /** yes-no and boolean verdicts: the share of `yes` / `true` among the judged cases. */
  passRate?: number;
  /** Score and text verdicts: how many cases got each value. */
  distribution?: Record<string, number>;
  /** Score verdicts. */
  meanScore?: number;
  totalTokens: number;
  /** The sum of the priced cases' costs; `unpricedCases` says how many had none. */
  totalCostUsd: number;
  unpricedCases: number;
  latencyMs: { p50: number | null; p95: number | null };
}

export function summarize(results: readonly CaseResult[], type: VerdictType): JudgeSummary {
  const judged = results.filter((r) => r.verdict !== undefined);
  const summary: JudgeSummary = {
    cases: results.length,
    judged: judged.length,
    errors: results.length - judged.length,
    totalTokens: results.reduce((n, r) => n + (r.tokens?.total ?? 0), 0),
    totalCostUsd: results.reduce((usd, r) => usd + (r.costUsd ?? 0), 0),
    unpricedCases: judged.filter((r) => r.costUsd === undefined).length,
    latencyMs: { p50: percentile(results.map((r) => r.latencyMs), 0.5), p95: percentile(results.map((r) => r.latencyMs), 0.95) },
  };
  if (type.kind === 'yes-no' || type.kind === 'boolean') {
    const passed = judged.filter((r) => r.verdict === 'yes' || r.verdict === true).length;
    summary.passRate = judged.length ? passed / judged.length : undefined;
  } else {
    const distribution: Record<string, number> = {};
    for (const r of judged) distribution[String(r.verdict)] = (distribution[String(r.verdict)] ?? 0) + 1;
    summary.distribution = distribution;
    if (type.kind === 'score' && judged.length) summary.meanScore = judged.reduce((n, r) => n + Number(r.verdict), 0) / judged.length;
  }
  return summary;
}

/** Nearest-rank percentile; null for no values. */
export function percentile(values: readonly number[], q: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}
