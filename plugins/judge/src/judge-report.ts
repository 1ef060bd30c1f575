import type { JudgeRun } from './judge';

const RATIONALE_WIDTH = 60;

/** The per-case table and the summary, as the command prints them for a person. */
export function renderReport(run: JudgeRun): string {
  const header = ['#', 'verdict', 'tokens', 'cost usd', 'ms', 'rationale'];
  const rows = run.results.map((r) => [
    String(r.index),
    r.verdict === undefined ? 'ERROR' : String(r.verdict),
    r.tokens ? String(r.tokens.total) : '-',
    r.costUsd === undefined ? '-' : usd(r.costUsd),
    String(Math.round(r.latencyMs)),
    clip(r.error ?? r.rationale ?? ''),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i === cells.length - 1 ? cell : i === 0 || i >= 2 ? cell.padStart(widths[i]) : cell.padEnd(widths[i]))).join('  ').trimEnd();
  const table = [line(header), line(widths.map((w) => '-'.repeat(Math.min(w, RATIONALE_WIDTH)))), ...rows.map(line)];
  return `${table.join('\n')}\n\n${renderSummary(run)}`;
}

export function renderSummary(run: JudgeRun): string {
  const s = run.summary;
  const lines = [`judge: ${s.judged} of ${s.cases} cases judged by gateway:/${run.endpoint}${s.errors ? `, ${s.errors} failed` : ''}`];
  if (s.passRate !== undefined) lines.push(`pass rate: ${(s.passRate * 100).toFixed(1)}% (${run.verdict.kind === 'boolean' ? 'true' : 'yes'})`);
  if (s.distribution) {
    const values = Object.entries(s.distribution).sort(([a], [b]) => (run.verdict.kind === 'score' ? Number(a) - Number(b) : a.localeCompare(b)));
    lines.push(`distribution: ${values.map(([value, n]) => `${value}: ${n}`).join(', ') || 'none'}${s.meanScore !== undefined ? `; mean ${s.meanScore.toFixed(2)}` : ''}`);
  }
  lines.push(`total cost: ${usd(s.totalCostUsd)} USD${s.unpricedCases ? ` (${s.unpricedCases} cases unpriced: the gateway's catalogue has no price for the model)` : ''}; tokens: ${s.totalTokens}`);
  lines.push(`latency: p50 ${ms(s.latencyMs.p50)}, p95 ${ms(s.latencyMs.p95)}`);
  if (!run.structuredOutput) lines.push('note: the model refused the JSON schema; verdicts were read from its text');
  return `${lines.join('\n')}\n`;
}

function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > RATIONALE_WIDTH ? `${flat.slice(0, RATIONALE_WIDTH - 3)}...` : flat;
}

function usd(value: number): string {
  return value === 0 ? '0' : value.toPrecision(3);
}

function ms(value: number | null): string {
  return value === null ? '-' : `${Math.round(value)} ms`;
}
