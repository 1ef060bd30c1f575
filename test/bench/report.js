'use strict';
/**
 * Turns per-round burst results into the figures we quote. Single runs on a
 * 2-vCPU box are noisy, so every quoted figure is a median across rounds, and
 * "added latency" is the median of per-round differences: arms measured in the
 * same round share that round's noise, so pairing them cancels some of it.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { renderRatios } = require('./bench-ratios');

/** Metric name -> how to read it out of one arm's results in one round. */
const METRICS = {
  c1_p50_ms: (r) => r.c1?.latency.p50,
  c1_p99_ms: (r) => r.c1?.latency.p99,
  c1_mean_ms: (r) => r.c1?.latency.mean,
  c1_rps: (r) => r.c1?.rps,
  c1_gateway_share_p50_ms: (r) => r.c1?.gatewayShare?.p50,
  c1_gateway_share_p99_ms: (r) => r.c1?.gatewayShare?.p99,
  cN_p50_ms: (r) => r.cN?.latency.p50,
  cN_p99_ms: (r) => r.cN?.latency.p99,
  cN_rps: (r) => r.cN?.rps,
  cN_cpu_us_per_req: (r) => r.cN_cpuUsPerReq,
  ttft_p50_ms: (r) => r.stream?.ttft.p50,
  ttft_p99_ms: (r) => r.stream?.ttft.p99,
  stream_total_p50_ms: (r) => r.stream?.latency.p50,
  // Issue 29: time to first token on the paced stream, same format and Anthropic -> OpenAI.
  paced_ttft_p50_ms: (r) => r.paced?.ttft.p50,
  paced_ttft_p99_ms: (r) => r.paced?.ttft.p99,
  translated_ttft_p50_ms: (r) => r.pacedTranslated?.ttft.p50,
  translated_ttft_p99_ms: (r) => r.pacedTranslated?.ttft.p99,
  // 16 connections, half streaming.
  mixed_rps: (r) => r.mixed?.rps,
  mixed_p50_ms: (r) => r.mixed?.latency.p50,
  mixed_p99_ms: (r) => r.mixed?.latency.p99,
  // A 5 MB body at c=1; small requests' p99 while 5 MB bodies flow, and that p99 over the round's own c=1 p99.
  large_p50_ms: (r) => r.large?.latency.p50,
  large_small_p99_ms: (r) => r.largeMix?.small.latency.p99,
  large_small_p99_rise: (r) => riseOf(r.largeMix?.small.latency.p99, r.c1?.latency.p99),
  errors: (r) => BURSTS_OF(r).reduce((sum, burst) => sum + (burst?.errors ?? 0), 0),
};

/** Every burst result of one arm in one round, for the error count. */
const BURSTS_OF = (r) => [r.c1, r.cN, r.stream, r.paced, r.pacedTranslated, r.mixed, r.large, r.largeMix?.small, r.largeMix?.large];

/** `during / alone`, or null when either is missing or the base is not positive. */
function riseOf(during, alone) {
  return typeof during === 'number' && typeof alone === 'number' && alone > 0 ? during / alone : null;
}

/**
 * Pairs we report as "A − B": what the gateway adds over no hop, over a bare hop, and
 * over its own stack without the pipeline (so what the pipeline itself costs).
 */
const DELTAS = [
  ['gateway', 'direct'],
  ['gateway', 'pipe'],
  ['gateway', 'floor'],
  ['floor', 'pipe'],
  ['pipe', 'direct'],
  ['portkey', 'direct'],
  ['portkey', 'pipe'],
  ['governed', 'direct'],
  ['ungoverned', 'direct'],
  ['governed-redis', 'direct'],
  ['ungoverned-redis', 'direct'],
];
/** Printed in the added-latency table; the JSON has ISSUE29_DELTA_METRICS too. */
const DELTA_METRICS = ['c1_p50_ms', 'c1_p99_ms', 'ttft_p50_ms', 'ttft_p99_ms'];
const ISSUE29_DELTA_METRICS = ['paced_ttft_p50_ms', 'paced_ttft_p99_ms', 'translated_ttft_p50_ms', 'translated_ttft_p99_ms', 'large_p50_ms'];
/**
 * Only the gateway has an Anthropic route: what it adds is taken against the direct arm's
 * same-format TTFT on the same paced upstream stream (the stream the translation reads).
 */
const SAME_STREAM_BASE = { translated_ttft_p50_ms: 'paced_ttft_p50_ms', translated_ttft_p99_ms: 'paced_ttft_p99_ms' };

function median(values) {
  const xs = values.filter((v) => typeof v === 'number' && Number.isFinite(v)).sort((a, b) => a - b);
  if (xs.length === 0) return null;
  const mid = xs.length >> 1;
  return xs.length % 2 ? xs[mid] : (xs[mid - 1] + xs[mid]) / 2;
}

function summarizeArms(armNames, rounds) {
  const medians = {};
  for (const arm of armNames) {
    medians[arm] = {};
    for (const [metric, read] of Object.entries(METRICS)) {
      const values = rounds.map((round) => (round.arms[arm] ? read(round.arms[arm]) : undefined));
      medians[arm][metric] = metric === 'errors' ? values.reduce((a, b) => a + (b ?? 0), 0) : median(values);
    }
  }
  return medians;
}

function computeDeltas(armNames, rounds) {
  const deltas = {};
  for (const [a, b] of DELTAS) {
    if (!armNames.includes(a) || !armNames.includes(b)) continue;
    const entry = {};
    for (const metric of [...DELTA_METRICS, ...ISSUE29_DELTA_METRICS]) {
      const read = METRICS[metric];
      const perRound = rounds.map((round) => {
        const x = round.arms[a] && read(round.arms[a]);
        const base = round.arms[b];
        const y = base && (read(base) ?? (SAME_STREAM_BASE[metric] ? METRICS[SAME_STREAM_BASE[metric]](base) : undefined));
        return typeof x === 'number' && typeof y === 'number' ? x - y : null;
      });
      entry[metric] = { median: median(perRound), perRound };
    }
    deltas[`${a} - ${b}`] = entry;
  }
  return deltas;
}

function fmt(value, digits = 3) {
  if (value === null || value === undefined) return '-';
  return typeof value === 'number' ? value.toFixed(digits) : String(value);
}

function table(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

function renderText({ config, medians, deltas, ratios, peakRss, failed, notes }) {
  const n = config.concurrency;
  const out = [];
  out.push(
    `model-gateway bench: ${config.rounds} rounds, c=1 ${config.c1Ms} ms, c=${n} ${config.cNMs} ms, stream c=1 ${config.streamMs} ms per arm per round (medians across rounds; latencies in ms)`,
    '',
  );
  const rows = Object.entries(medians).map(([arm, m]) => [
    arm,
    fmt(m.c1_p50_ms),
    fmt(m.c1_p99_ms),
    fmt(m.cN_p50_ms, 2),
    fmt(m.cN_p99_ms, 2),
    fmt(m.cN_rps, 0),
    fmt(m.cN_cpu_us_per_req, 0),
    fmt(m.ttft_p50_ms),
    fmt(m.ttft_p99_ms),
    fmt(m.stream_total_p50_ms),
    fmt(peakRss[arm], 1),
    String(m.errors),
  ]);
  out.push(
    table(
      ['arm', 'c1 p50', 'c1 p99', `c${n} p50`, `c${n} p99`, `c${n} req/s`, `c${n} cpu µs/req`, 'ttft p50', 'ttft p99', 'stream p50', 'peak RSS MiB', 'errors'],
      rows,
    ),
  );
  const deltaRows = Object.entries(deltas).filter(([, d]) => DELTA_METRICS.some((metric) => d[metric].median !== null)).map(([pair, d]) => [pair, ...DELTA_METRICS.map((metric) => fmt(d[metric].median))]);
  if (deltaRows.length) {
    out.push('', 'Added latency (median of per-round differences, ms):');
    out.push(table(['pair', 'c1 p50', 'c1 p99', 'ttft p50', 'ttft p99'], deltaRows));
  }
  const issue29Rows = Object.entries(medians)
    .filter(([, m]) => [m.paced_ttft_p50_ms, m.mixed_rps, m.large_p50_ms].some((v) => v !== null))
    .map(([arm, m]) => [arm, fmt(m.paced_ttft_p50_ms), fmt(m.paced_ttft_p99_ms), fmt(m.translated_ttft_p50_ms), fmt(m.translated_ttft_p99_ms), fmt(m.mixed_rps, 0), fmt(m.mixed_p99_ms, 2), fmt(m.large_p50_ms, 2), fmt(m.large_small_p99_ms), fmt(m.large_small_p99_rise, 2)]);
  if (issue29Rows.length) {
    out.push('', 'Issue 29 bursts (medians across rounds, ms): paced-stream TTFT (same format; Anthropic -> OpenAI), 16 connections half streaming, 5 MB bodies:');
    out.push(table(['arm', 'paced ttft p50', 'paced ttft p99', 'anth ttft p50', 'anth ttft p99', 'mixed req/s', 'mixed p99', '5MB p50', 'small p99 w/ 5MB', 'p99 rise'], issue29Rows));
  }
  const issue29Deltas = Object.entries(deltas)
    .filter(([, d]) => ISSUE29_DELTA_METRICS.some((metric) => d[metric].median !== null))
    .map(([pair, d]) => [pair, ...ISSUE29_DELTA_METRICS.map((metric) => fmt(d[metric].median))]);
  if (issue29Deltas.length) {
    out.push('', 'Issue 29 added figures (median of per-round differences, ms):');
    out.push(table(['pair', 'paced ttft p50', 'paced ttft p99', 'anth ttft p50', 'anth ttft p99', '5MB p50'], issue29Deltas));
  }
  const shares = Object.entries(medians).filter(([, m]) => m.c1_gateway_share_p50_ms !== null);
  if (shares.length) {
    out.push('', 'Own share at c=1, from the Server-Timing header (by the server\'s clock: no hop, no wake-ups; medians, ms):');
    out.push(table(['arm', 'p50', 'p99'], shares.map(([arm, m]) => [arm, fmt(m.c1_gateway_share_p50_ms), fmt(m.c1_gateway_share_p99_ms)])));
  }
  out.push('');
  for (const f of failed) out.push(`${f.skipped ? 'skipped' : 'FAILED'} arm ${f.name}: ${f.error}`);
  for (const note of notes) out.push(`note: ${note}`);
  // The verdict comes last, where a reader of the run looks first.
  if (ratios?.length) out.push('', 'Ratios in this run (added = minus the direct arm; targets in docs/performance.md):', renderRatios(ratios));
  return out.join('\n');
}

function machineInfo() {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model ?? 'unknown',
    cpuCount: cpus.length,
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    totalMemMiB: Math.round(os.totalmem() / 1048576),
    loadAvgAtEnd: os.loadavg(),
  };
}

/** Writes the full record to bench-results/bench-<timestamp>.json and returns its path. */
function writeJson(root, record) {
  const dir = path.join(root, 'bench-results');
  fs.mkdirSync(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(dir, `bench-${stamp}.json`);
  fs.writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
  return file;
}

module.exports = { summarizeArms, computeDeltas, renderText, machineInfo, writeJson, median, riseOf, METRICS };
