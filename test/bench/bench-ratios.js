'use strict';
/**
 * The bench's verdict: the gateway's figures as ratios to other arms of the same run,
 * each against the project's target. Ratios and not times, because on a small shared
 * machine every arm's latency moves with the machine, and a ratio of two arms measured
 * side by side moves much less. Pure: it reads the summaries report.js computes.
 *
 * "Added latency" of an arm is its median per-round difference to the direct arm
 * (deltas[`${arm} - direct`]), so both sides of a ratio are paired against one baseline.
 */

/**
 * What is compared, and the target. `target: null` means the ratio is reported without
 * a target (docs/performance.md says why for each).
 * - added latency: gateway ≤ 1.2× a bare Node hop at p50, ≤ 1.5× at p99;
 * - req/s at c=N: gateway ≥ 0.7× the bare hop;
 * - CPU µs per request at c=N: ≤ 1.4×, the CPU share that leaves 0.7× the req/s when
 *   throughput is bound by CPU;
 * - streaming time to first token: reported (the fake upstream sends a whole stream in
 *   one write, so the gateway's figure includes re-encoding all of it);
 * - metrics and tracing on against both off (traced/unobserved), whole latency at c=1: ≤ 1.05× at p50
 *   (issue 27), p99 reported; each alone (gateway/unobserved: metrics, which are on by default;
 *   traced/gateway: tracing) reported, to say where the cost is;
 * - against Portkey: gateway's added latency ≤ 0.2× Portkey's, at c=1 p50 and p99; the bare
 *   hop's own ratio to Portkey is reported beside them, as the floor any Node proxy starts from.
 */
const RATIOS = [
  { id: 'added_c1_p50', label: 'added latency c1 p50', kind: 'added', metric: 'c1_p50_ms', arms: ['gateway', 'pipe'], target: { op: '<=', value: 1.2 } },
  { id: 'added_c1_p99', label: 'added latency c1 p99', kind: 'added', metric: 'c1_p99_ms', arms: ['gateway', 'pipe'], target: { op: '<=', value: 1.5 } },
  { id: 'added_ttft_p50', label: 'added ttft p50', kind: 'added', metric: 'ttft_p50_ms', arms: ['gateway', 'pipe'], target: null },
  { id: 'added_ttft_p99', label: 'added ttft p99', kind: 'added', metric: 'ttft_p99_ms', arms: ['gateway', 'pipe'], target: null },
  { id: 'rps_cN', label: 'req/s cN', kind: 'plain', metric: 'cN_rps', arms: ['gateway', 'pipe'], target: { op: '>=', value: 0.7 } },
  { id: 'cpu_cN', label: 'cpu µs/req cN', kind: 'plain', metric: 'cN_cpu_us_per_req', arms: ['gateway', 'pipe'], target: { op: '<=', value: 1.4 } },
  { id: 'observed_c1_p50', label: 'latency c1 p50, metrics+tracing on/off', kind: 'plain', metric: 'c1_p50_ms', arms: ['traced', 'unobserved'], target: { op: '<=', value: 1.05 } },
  { id: 'observed_c1_p99', label: 'latency c1 p99, metrics+tracing on/off', kind: 'plain', metric: 'c1_p99_ms', arms: ['traced', 'unobserved'], target: null },
  { id: 'metrics_c1_p50', label: 'latency c1 p50, metrics on/off', kind: 'plain', metric: 'c1_p50_ms', arms: ['gateway', 'unobserved'], target: null },
  { id: 'traced_c1_p50', label: 'latency c1 p50, tracing on/off', kind: 'plain', metric: 'c1_p50_ms', arms: ['traced', 'gateway'], target: null },
  { id: 'traced_c1_p99', label: 'latency c1 p99, tracing on/off', kind: 'plain', metric: 'c1_p99_ms', arms: ['traced', 'gateway'], target: null },
  { id: 'portkey_added_c1_p50', label: 'added latency c1 p50', kind: 'added', metric: 'c1_p50_ms', arms: ['gateway', 'portkey'], target: { op: '<=', value: 0.2 } },
  { id: 'portkey_added_c1_p99', label: 'added latency c1 p99', kind: 'added', metric: 'c1_p99_ms', arms: ['gateway', 'portkey'], target: { op: '<=', value: 0.2 } },
  { id: 'portkey_pipe_added_c1_p50', label: 'added latency c1 p50', kind: 'added', metric: 'c1_p50_ms', arms: ['pipe', 'portkey'], target: null },
  { id: 'portkey_pipe_added_c1_p99', label: 'added latency c1 p99', kind: 'added', metric: 'c1_p99_ms', arms: ['pipe', 'portkey'], target: null },
];

/** The two sides' figures for one ratio, or a reason there is none. */
function sides(spec, medians, deltas) {
  const read = (arm) => {
    if (spec.kind === 'added') return deltas[`${arm} - direct`]?.[spec.metric]?.median;
    return medians[arm]?.[spec.metric];
  };
  return spec.arms.map(read);
}

const isNumber = (v) => typeof v === 'number' && Number.isFinite(v);

/**
 * Every ratio the run can give. A ratio whose arms were not both run is left out (the
 * Portkey ones without Portkey); one whose figures are missing (an arm that could not
 * stream) or whose denominator is not positive (a bare hop that added nothing, in a
 * noisy run) is kept with value null and status 'n/a', so a reader sees it was not met.
 *
 * medians: { [arm]: { metric: number|null } }; deltas: { 'a - b': { metric: { median } } };
 * armNames: the arms that ran; concurrency: the c=N of the run, for the labels.
 * Returns [{ id, label, arms, value, numerator, denominator, target, status }],
 * status being 'ok', 'miss', 'reported' (no target) or 'n/a'.
 */
function computeRatios({ medians, deltas, armNames, concurrency }) {
  const out = [];
  for (const spec of RATIOS) {
    if (!spec.arms.every((arm) => armNames.includes(arm))) continue;
    if (spec.kind === 'added' && !armNames.includes('direct')) continue;
    const [numerator, denominator] = sides(spec, medians, deltas);
    const value = isNumber(numerator) && isNumber(denominator) && denominator > 0 ? numerator / denominator : null;
    let status;
    if (value === null) status = 'n/a';
    else if (!spec.target) status = 'reported';
    else status = (spec.target.op === '<=' ? value <= spec.target.value : value >= spec.target.value) ? 'ok' : 'miss';
    out.push({
      id: spec.id,
      label: spec.label.replace(/cN\b/, `c${concurrency}`),
      arms: spec.arms,
      value,
      numerator: isNumber(numerator) ? numerator : null,
      denominator: isNumber(denominator) ? denominator : null,
      target: spec.target,
      status,
    });
  }
  return out;
}

/** One aligned line per ratio: `added latency c1 p50  gateway/pipe  1.08×  target ≤ 1.2×  ok`. */
function renderRatios(ratios) {
  const cells = ratios.map((r) => [
    r.label,
    r.arms.join('/'),
    r.value === null ? '-' : `${r.value.toFixed(2)}×`,
    r.target ? `target ${r.target.op === '<=' ? '≤' : '≥'} ${r.target.value}×` : 'no target',
    r.status,
  ]);
  const widths = [0, 1, 2, 3].map((i) => Math.max(0, ...cells.map((row) => row[i].length)));
  return cells.map((row) => row.map((cell, i) => (i === 2 ? cell.padStart(widths[i]) : i < 4 ? cell.padEnd(widths[i]) : cell)).join('  ')).join('\n');
}

module.exports = { RATIOS, computeRatios, renderRatios };
