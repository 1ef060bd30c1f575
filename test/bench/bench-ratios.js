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
 * - req/s at c=N: gateway ≥ 1.0× the bare hop, CPU µs per request at c=N ≤ 1.2× (issue 29);
 * - streaming time to first token on the instant stream: reported (the fake upstream sends a
 *   whole stream in one write, so the gateway's figure includes re-encoding all of it);
 * - time to first token on the paced stream (issue 29: first chunk right after the headers,
 *   then one every 15 ms): ≤ 1.2× the bare hop's at p50, ≤ 1.5× at p99; Anthropic client to
 *   the OpenAI endpoint ≤ 1.5× at p50, divided by the hop's added TTFT on the same upstream
 *   stream (the hop does not translate: it is the floor of any hop in front of that stream);
 * - governed (keys, limits, budgets, metrics, tracing) against ungoverned under 16 connections
 *   half streaming: req/s ≥ 0.9× on the embedded store, ≥ 0.85× on Redis; at c=1, governed
 *   added latency ≤ 1.5× the bare hop's and ≤ 1.15× ungoverned's (embedded; Redis reported);
 * - 5 MB bodies (a guard): added latency and small requests' p99 rise, gateway over hop, reported;
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
  { id: 'rps_cN', label: 'req/s cN', kind: 'plain', metric: 'cN_rps', arms: ['gateway', 'pipe'], target: { op: '>=', value: 1.0 } },
  { id: 'cpu_cN', label: 'cpu µs/req cN', kind: 'plain', metric: 'cN_cpu_us_per_req', arms: ['gateway', 'pipe'], target: { op: '<=', value: 1.2 } },
  { id: 'paced_ttft_p50', label: 'added ttft p50, paced stream', kind: 'added', metric: 'paced_ttft_p50_ms', arms: ['gateway', 'pipe'], target: { op: '<=', value: 1.2 } },
  { id: 'paced_ttft_p99', label: 'added ttft p99, paced stream', kind: 'added', metric: 'paced_ttft_p99_ms', arms: ['gateway', 'pipe'], target: { op: '<=', value: 1.5 } },
  // The numerator is the gateway's Anthropic route onto the OpenAI endpoint; the denominator the hop's same-format figure.
  { id: 'translated_ttft_p50', label: 'added ttft p50, paced, Anthropic->OpenAI / hop same stream', kind: 'added', metric: ['translated_ttft_p50_ms', 'paced_ttft_p50_ms'], arms: ['gateway', 'pipe'], target: { op: '<=', value: 1.5 } },
  { id: 'translated_ttft_p99', label: 'added ttft p99, paced, Anthropic->OpenAI / hop same stream', kind: 'added', metric: ['translated_ttft_p99_ms', 'paced_ttft_p99_ms'], arms: ['gateway', 'pipe'], target: null },
  { id: 'governed_rps_mixed', label: 'req/s 16 conns half streaming, embedded', kind: 'plain', metric: 'mixed_rps', arms: ['governed', 'ungoverned'], target: { op: '>=', value: 0.9 } },
  { id: 'governed_redis_rps_mixed', label: 'req/s 16 conns half streaming, Redis', kind: 'plain', metric: 'mixed_rps', arms: ['governed-redis', 'ungoverned-redis'], target: { op: '>=', value: 0.85 } },
  { id: 'governed_pipe_added_c1_p50', label: 'added latency c1 p50, embedded', kind: 'added', metric: 'c1_p50_ms', arms: ['governed', 'pipe'], target: { op: '<=', value: 1.5 } },
  { id: 'governed_added_c1_p50', label: 'added latency c1 p50, embedded', kind: 'added', metric: 'c1_p50_ms', arms: ['governed', 'ungoverned'], target: { op: '<=', value: 1.15 } },
  { id: 'governed_redis_pipe_added_c1_p50', label: 'added latency c1 p50, Redis', kind: 'added', metric: 'c1_p50_ms', arms: ['governed-redis', 'pipe'], target: null },
  { id: 'governed_redis_added_c1_p50', label: 'added latency c1 p50, Redis', kind: 'added', metric: 'c1_p50_ms', arms: ['governed-redis', 'ungoverned-redis'], target: null },
  { id: 'large_added_p50', label: 'added latency 5 MB body c1 p50', kind: 'added', metric: 'large_p50_ms', arms: ['gateway', 'pipe'], target: null, optional: true },
  { id: 'large_small_p99_rise', label: 'small p99 rise while 5 MB bodies flow', kind: 'plain', metric: 'large_small_p99_rise', arms: ['gateway', 'pipe'], target: null, showSides: true, optional: true },
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
  // One metric for both sides, or [numerator's, denominator's].
  const metrics = Array.isArray(spec.metric) ? spec.metric : [spec.metric, spec.metric];
  const read = (arm, i) => {
    if (spec.kind === 'added') return deltas[`${arm} - direct`]?.[metrics[i]]?.median;
    return medians[arm]?.[metrics[i]];
  };
  return spec.arms.map(read);
}

/** ok/miss against a target, 'reported' without one, 'n/a' without a value. */
function statusOf(value, target) {
  if (value === null) return 'n/a';
  if (!target) return 'reported';
  return (target.op === '<=' ? value <= target.value : value >= target.value) ? 'ok' : 'miss';
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
    // A burst behind a flag (the 5 MB bodies) that did not run leaves no line rather than an n/a.
    if (spec.optional && !isNumber(numerator) && !isNumber(denominator)) continue;
    const value = isNumber(numerator) && isNumber(denominator) && denominator > 0 ? numerator / denominator : null;
    const status = statusOf(value, spec.target);
    out.push({
      id: spec.id,
      label: spec.label.replace(/cN\b/, `c${concurrency}`),
      arms: spec.arms,
      value,
      numerator: isNumber(numerator) ? numerator : null,
      denominator: isNumber(denominator) ? denominator : null,
      target: spec.target,
      status,
      ...(spec.showSides ? { showSides: true } : {}),
    });
  }
  return out;
}

/**
 * Issue 29's memory per concurrent stream: the gateway's RSS growth per stream over the bare
 * hop's, measured the same way (run-bench.js --streams-memory), target ≤ 1.2×.
 */
function streamMemoryRatio({ gatewayKib, pipeKib }) {
  const value = isNumber(gatewayKib) && isNumber(pipeKib) && pipeKib > 0 ? gatewayKib / pipeKib : null;
  const target = { op: '<=', value: 1.2 };
  return {
    id: 'stream_memory',
    label: 'RSS growth per concurrent stream',
    arms: ['gateway', 'pipe'],
    value,
    numerator: isNumber(gatewayKib) ? gatewayKib : null,
    denominator: isNumber(pipeKib) ? pipeKib : null,
    target,
    status: statusOf(value, target),
    showSides: true,
  };
}

/** One aligned line per ratio: `added latency c1 p50  gateway/pipe  1.08×  target ≤ 1.2×  ok`. */
function renderRatios(ratios) {
  const cells = ratios.map((r) => [
    r.label,
    r.arms.join('/'),
    (r.value === null ? '-' : `${r.value.toFixed(2)}×`) + (r.showSides && r.numerator !== null && r.denominator !== null ? ` (${r.numerator.toFixed(2)} vs ${r.denominator.toFixed(2)})` : ''),
    r.target ? `target ${r.target.op === '<=' ? '≤' : '≥'} ${r.target.value}×` : 'no target',
    r.status,
  ]);
  const widths = [0, 1, 2, 3].map((i) => Math.max(0, ...cells.map((row) => row[i].length)));
  return cells.map((row) => row.map((cell, i) => (i === 2 ? cell.padStart(widths[i]) : i < 4 ? cell.padEnd(widths[i]) : cell)).join('  ')).join('\n');
}

module.exports = { RATIOS, computeRatios, streamMemoryRatio, renderRatios };
