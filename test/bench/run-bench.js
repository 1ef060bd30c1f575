#!/usr/bin/env node
'use strict';
/**
 * Benchmark orchestrator (`npm run bench`, after a build).
 *
 * Methodology, because loopback latency on a small shared machine moves with the
 * machine (docs/performance.md says how it was measured and why targets are ratios):
 *   1. every arm is warmed up first (JIT, connection pools, lazy init), in WARM_CYCLES
 *      short rounds: after one, V8's compiler threads of the gateway were still busy;
 *      after two they were idle, as in a long-running server;
 *   2. arms are interleaved in rounds, each round starting with a different arm,
 *      so slow drifts of the machine hit every arm alike;
 *   3. each round runs every arm at c=1, a c=1 streaming burst and c=N;
 *   4. quoted figures are medians across rounds, and the summary ends with the ratios
 *      the project's targets are stated in (bench-ratios.js).
 *
 *   5. issue 29's bursts, for the arms whose `bursts` name them (arms.js): a paced stream at c=1
 *      (TTFT against a provider-like stream; on the gateway also Anthropic -> OpenAI), with
 *      --large-bodies a 5 MB body at c=1 and then small requests at c=1 while 5 MB bodies flow,
 *      and with --governed the governed and ungoverned arms at c=1 and under a mixed load of 16
 *      connections, half streaming.
 *
 * Flags: --arms direct,pipe,...,governed,ungoverned,governed-redis,ungoverned-redis  --rounds N
 *        --duration-ms N  --concurrency N  --quick (smoke run: 2 short rounds)
 *        --governed (adds the four governed/ungoverned arms)  --large-bodies (the 5 MB bursts)
 *        --issue29 (both)  --streams-memory (a separate mode: memory per concurrent stream, gateway against the bare hop)
 */
const fs = require('node:fs');
const path = require('node:path');
const procs = require('./child-procs');
const arms = require('./arms');
const { runBurst, sendOnce } = require('./load-runner');
const report = require('./report');
const { computeRatios, streamMemoryRatio, renderRatios } = require('./bench-ratios');
const { largeChatBody } = require('./large-body');
const { measureStreamMemory } = require('./stream-memory-mode');

const ROOT = path.resolve(__dirname, '..', '..');
const SETTLE_MS = 100; // lets GC and socket teardown of one burst finish before the next
const WARM_CYCLES = 2;
/** Issue 29's load for governed against ungoverned: 16 connections, half of them streaming. */
const MIXED_CONCURRENCY = 16;
const MIXED_STREAMING = 8;

function parseArgs(argv) {
  const config = { rounds: 5, concurrency: 64, cNMs: 2000, c1Ms: 1500, streamMs: 1000, warmMs: 1000, arms: [...arms.DEFAULT_ARMS], quick: false, largeBodies: false, streamsMemory: false };
  const value = (i) => {
    if (i + 1 >= argv.length) throw new Error(`${argv[i]} needs a value`);
    return argv[i + 1];
  };
  const positive = (flag, raw) => {
    const n = Number(raw);
    if (!Number.isInteger(n) || n <= 0) throw new Error(`${flag} must be a positive integer, got "${raw}"`);
    return n;
  };
  let durationMs = null;
  let rounds = null;
  let governed = false;
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const takesValue = ['--rounds', '--duration-ms', '--concurrency', '--arms'].includes(flag);
    const raw = inline ?? (takesValue ? value(i++) : undefined);
    if (flag === '--quick') config.quick = true;
    else if (flag === '--large-bodies') config.largeBodies = true;
    else if (flag === '--governed') governed = true;
    else if (flag === '--issue29') {
      governed = true;
      config.largeBodies = true;
    }
    else if (flag === '--streams-memory') config.streamsMemory = true;
    else if (flag === '--rounds') rounds = positive(flag, raw);
    else if (flag === '--duration-ms') durationMs = positive(flag, raw);
    else if (flag === '--concurrency') config.concurrency = positive(flag, raw);
    else if (flag === '--arms') {
      config.arms = raw.split(',').map((s) => s.trim()).filter(Boolean);
      const unknown = config.arms.filter((a) => !arms.ALL_ARMS.includes(a));
      if (unknown.length || config.arms.length === 0) throw new Error(`--arms takes a list of ${arms.ALL_ARMS.join(',')}`);
    } else if (flag === '--help') {
      console.log('usage: node test/bench/run-bench.js [--arms a,b] [--rounds N] [--duration-ms N] [--concurrency N] [--quick] [--governed] [--large-bodies] [--issue29] | --streams-memory [--quick]');
      process.exit(0);
    } else throw new Error(`unknown flag ${flag}`);
  }
  if (config.quick) Object.assign(config, { rounds: 2, cNMs: 600, c1Ms: 450, streamMs: 300, warmMs: 300 });
  // --duration-ms sets the c=N burst; the c=1 and stream bursts keep their proportions to it.
  if (durationMs) Object.assign(config, { cNMs: durationMs, c1Ms: Math.round(durationMs * 0.75), streamMs: Math.round(durationMs * 0.5) });
  if (rounds) config.rounds = rounds;
  if (governed) config.arms = [...config.arms, ...arms.GOVERNED_ARMS.filter((a) => !config.arms.includes(a))];
  return config;
}

const progress = (text) => process.stderr.write(`[bench] ${text}\n`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * One request of each kind. An arm that cannot answer a plain request is left out;
 * one that cannot stream (Portkey to a custom host) keeps its non-streaming figures.
 */
async function smokeTest(arm, notes) {
  const body = Buffer.from(JSON.stringify(arm.body));
  const plain = await sendOnce(false, arm.target, body, false);
  if (!plain.ok) throw new Error(`smoke request failed: ${plain.error}`);
  const stream = await sendOnce(false, arm.target, Buffer.from(JSON.stringify({ ...arm.body, stream: true })), true);
  if (!stream.ok) {
    arm.noStream = true;
    notes.push(`${arm.name}: streaming failed (${stream.error}); its stream columns are empty`);
  }
}

/** The arm's 5 MB body, made once (its own model name, so it reaches the same endpoint). */
function largeBodyOf(arm) {
  arm.largeBody ??= largeChatBody(arm.body);
  return arm.largeBody;
}

/** Runs one arm's bursts (arms.js `bursts`); a dead arm process yields an error entry instead of numbers. */
async function runArmRound(arm, config, durations) {
  if (arm.handle?.exited) return { error: `process exited (${JSON.stringify(arm.handle.exited)})` };
  const bursts = arm.bursts ?? arms.BASE_BURSTS;
  const result = {};
  result.c1 = await runBurst(arm.target, arm.body, { concurrency: 1, durationMs: durations.c1 });
  await sleep(SETTLE_MS);
  if (bursts.includes('stream') && !arm.noStream) {
    result.stream = await runBurst(arm.target, arm.body, { concurrency: 1, durationMs: durations.stream, stream: true });
    await sleep(SETTLE_MS);
  }
  if (bursts.includes('paced') && arm.paced) {
    result.paced = await runBurst(arm.paced, arm.pacedBody ?? arm.body, { concurrency: 1, durationMs: durations.paced, stream: true });
    await sleep(SETTLE_MS);
    if (arm.translated) {
      result.pacedTranslated = await runBurst(arm.translated, arm.translatedBody, { concurrency: 1, durationMs: durations.paced, stream: true });
      await sleep(SETTLE_MS);
    }
  }
  if (bursts.includes('mixed')) {
    result.mixed = await runBurst(arm.target, arm.body, { concurrency: MIXED_CONCURRENCY, streamWorkers: MIXED_STREAMING, durationMs: durations.mixed });
    await sleep(SETTLE_MS);
  }
  if (bursts.includes('large') && config.largeBodies) {
    result.large = await runBurst(arm.target, largeBodyOf(arm), { concurrency: 1, durationMs: durations.large });
    await sleep(SETTLE_MS);
    // Small requests at c=1 while one client sends 5 MB bodies back to back: what a large prompt does to the others.
    const [small, large] = await Promise.all([
      runBurst(arm.target, arm.body, { concurrency: 1, durationMs: durations.large }),
      runBurst(arm.target, largeBodyOf(arm), { concurrency: 1, durationMs: durations.large }),
    ]);
    result.largeMix = { small, large };
    await sleep(SETTLE_MS);
  }
  if (!bursts.includes('cN')) return result;
  const cpuBefore = procs.cpuTimeMs(arm.pid);
  result.cN = await runBurst(arm.target, arm.body, { concurrency: config.concurrency, durationMs: durations.cN });
  const cpuAfter = procs.cpuTimeMs(arm.pid);
  // The burst also sent one unrecorded connection-opening request per worker.
  const served = result.cN.requests + config.concurrency;
  result.cN_cpuUsPerReq = cpuBefore !== null && cpuAfter !== null && served > 0 ? ((cpuAfter - cpuBefore) * 1000) / served : null;
  await sleep(SETTLE_MS);
  return result;
}

function rotate(list, k) {
  const shift = k % list.length;
  return [...list.slice(shift), ...list.slice(0, shift)];
}

/** --streams-memory: memory per concurrent stream, the bare hop and the gateway measured alike, one after the other. */
async function streamsMemoryMain(config) {
  const startedAt = new Date().toISOString();
  const levels = config.quick ? [0, 100, 200] : [0, 250, 500, 1000];
  const results = {};
  for (const hop of ['pipe', 'gateway']) {
    progress(`streams memory: ${hop}, ${levels.join(', ')} streams held open`);
    results[hop] = await measureStreamMemory({ hop, levels, quick: config.quick });
    progress(`${hop}: ${results[hop].kibPerStream} KiB per stream, ${results[hop].failedStreams} failed`);
  }
  const ratio = streamMemoryRatio({ gatewayKib: results.gateway.kibPerStream, pipeKib: results.pipe.kibPerStream });
  console.log(`memory per concurrent stream (RSS slope over ${levels.join(', ')} streams held open, all completing):`);
  for (const [hop, r] of Object.entries(results)) console.log(`  ${hop.padEnd(8)} ${String(r.kibPerStream).padStart(7)} KiB/stream  RSS ${r.points.map((p) => p.rssMiB).join(' → ')} MiB  failed ${r.failedStreams}`);
  console.log(`\n${renderRatios([ratio])}`);
  const file = report.writeJson(ROOT, { mode: 'streams-memory', startedAt, finishedAt: new Date().toISOString(), levels, machine: report.machineInfo(), results, ratios: [ratio] });
  console.log(`\nfull results: ${path.relative(process.cwd(), file)}`);
}

async function main() {
  const config = parseArgs(process.argv.slice(2));
  if (config.streamsMemory) return streamsMemoryMain(config);
  const startedAt = new Date().toISOString();
  const notes = [];
  progress(`starting fake upstream and arms: ${config.arms.join(', ')}`);
  const upstream = await arms.startUpstream();
  const { live, failed, tmpDir } = await arms.startArms(config.arms, upstream);
  process.on('exit', () => fs.rmSync(tmpDir, { recursive: true, force: true }));

  const ready = [];
  for (const arm of live) {
    try {
      await smokeTest(arm, notes);
      ready.push(arm);
    } catch (err) {
      failed.push({ name: arm.name, error: err.message, skipped: false });
    }
  }
  for (const f of failed) progress(`${f.skipped ? 'skipping' : 'FAILED'} arm ${f.name}: ${f.error}`);
  if (ready.length === 0) throw new Error('no arm could be started');

  progress(`warming up ${ready.map((a) => a.name).join(', ')}`);
  const warm = { c1: config.warmMs, stream: Math.round(config.warmMs / 2), cN: config.warmMs, paced: Math.round(config.warmMs / 2), mixed: config.warmMs, large: Math.round(config.warmMs / 2) };
  for (let cycle = 0; cycle < WARM_CYCLES; cycle++) for (const arm of ready) await runArmRound(arm, config, warm);

  const rounds = [];
  const durations = { c1: config.c1Ms, stream: config.streamMs, cN: config.cNMs, paced: config.c1Ms, mixed: config.c1Ms, large: config.c1Ms };
  for (let k = 0; k < config.rounds; k++) {
    const order = rotate(ready, k);
    const round = { index: k, order: order.map((a) => a.name), arms: {} };
    for (const arm of order) round.arms[arm.name] = await runArmRound(arm, config, durations);
    rounds.push(round);
    const brief = order.map((a) => {
      const r = round.arms[a.name];
      return r.error ? `${a.name}=ERR` : `${a.name} p50=${r.c1.latency.p50?.toFixed(3) ?? '-'}ms`;
    });
    progress(`round ${k + 1}/${config.rounds}: ${brief.join('  ')}`);
  }

  // Read peak memory before the children are stopped.
  const peakRss = {};
  for (const arm of ready) peakRss[arm.name] = procs.peakRssMiB(arm.pid);
  if (ready.some((a) => a.name === 'direct')) notes.push('direct arm: CPU and RSS are the fake upstream process (shared by all arms)');
  notes.push(`load generator runs in this process and shares the ${require('node:os').cpus().length} CPUs with the arm under test`);

  // Surface why an arm had errors, not just how many.
  for (const arm of ready) {
    if (arm.handle?.exited) notes.push(`${arm.name}: process exited during the run (${JSON.stringify(arm.handle.exited)})`);
    const samples = new Set();
    for (const round of rounds) {
      const r = round.arms[arm.name];
      if (r?.error) samples.add(r.error);
      for (const burst of [r?.c1, r?.stream, r?.cN, r?.paced, r?.pacedTranslated, r?.mixed, r?.large, r?.largeMix?.small, r?.largeMix?.large]) for (const e of burst?.errorSamples ?? []) samples.add(e);
    }
    if (samples.size) notes.push(`${arm.name} errors, e.g.: ${[...samples].slice(0, 3).join(' | ')}`);
  }

  const names = ready.map((a) => a.name);
  const medians = report.summarizeArms(names, rounds);
  const deltas = report.computeDeltas(names, rounds);
  const ratios = computeRatios({ medians, deltas, armNames: names, concurrency: config.concurrency });
  console.log(report.renderText({ config, medians, deltas, ratios, peakRss, failed, notes }));

  const file = report.writeJson(ROOT, {
    startedAt,
    finishedAt: new Date().toISOString(),
    config,
    machine: report.machineInfo(),
    arms: Object.fromEntries(ready.map((a) => [a.name, { target: a.target, pid: a.pid }])),
    failed,
    notes,
    rounds,
    medians,
    deltas,
    ratios,
    peakRssMiB: peakRss,
  });
  console.log(`\nfull results: ${path.relative(process.cwd(), file)}`);
}

// Children must never outlive us, however we stop.
process.on('exit', procs.killAllNow);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    progress(`${signal}: stopping children`);
    procs.stopAll(500).finally(() => process.exit(130));
  });
}

main()
  .then(() => procs.stopAll())
  .catch(async (err) => {
    console.error(`[bench] error: ${err.stack || err.message}`);
    await procs.stopAll();
    process.exitCode = 1;
  });
