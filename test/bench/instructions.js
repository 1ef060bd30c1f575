#!/usr/bin/env node
'use strict';
/**
 * Instructions per request (`npm run bench:instructions`, needs valgrind): each arm's
 * event-loop thread under callgrind, counted over a fixed number of c=1 requests once
 * the arm is warm. Latency on a small shared VM moves twofold within minutes; an
 * instruction count barely moves (repeat runs of one build agreed within 2%), so this is
 * the figure to compare two builds by. It does not see what latency also pays for: cache
 * misses, wake-ups, V8's helper threads.
 *
 * Every arm but `direct` proxies to one fake upstream running natively; `direct` is a
 * fake upstream of its own under callgrind, called straight.
 *
 * Flags: --arms direct,pipe,floor,gateway,traced,unobserved,governed,ungoverned,governed-redis,ungoverned-redis  --warm N (requests before counting)  --requests N
 */
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const procs = require('./child-procs');
const arms = require('./arms');
const { runBurst } = require('./load-runner');

const ROOT = path.resolve(__dirname, '..', '..');
const ARMS = ['direct', 'pipe', 'floor', 'gateway', 'traced', 'unobserved', 'governed', 'ungoverned', 'governed-redis', 'ungoverned-redis'];
// With fewer warm-up requests TurboFan was still compiling in the counted window
// (docs/performance.md); after 12,000 the count is steady.
const DEFAULTS = { arms: ARMS, warm: 12_000, requests: 1_000 };

function parseArgs(argv) {
  const config = { ...DEFAULTS };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const raw = inline ?? argv[++i];
    if (flag === '--arms') {
      config.arms = raw.split(',').filter(Boolean);
      if (config.arms.length === 0 || config.arms.some((a) => !ARMS.includes(a))) throw new Error(`--arms takes a list of ${ARMS.join(',')}`);
    } else if (flag === '--warm' || flag === '--requests') {
      const n = Number(raw);
      if (!Number.isInteger(n) || n <= 0) throw new Error(`${flag} must be a positive integer, got "${raw}"`);
      config[flag.slice(2)] = n;
    } else throw new Error(`unknown flag ${flag} (flags: --arms a,b --warm N --requests N)`);
  }
  return config;
}

function requireValgrind() {
  try {
    execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
    execFileSync('callgrind_control', ['--version'], { stdio: 'ignore' });
  } catch {
    throw new Error('valgrind is not installed (Debian: apt-get install valgrind)');
  }
}

/** The main (event-loop) thread's instruction total from a callgrind output file. */
function mainThreadInstructions(outPrefix) {
  // --separate-threads writes one file per thread, <prefix>-01 being the thread that started the program.
  const text = fs.readFileSync(`${outPrefix}-01`, 'utf8');
  // `totals:` sums the file's cost lines (its `summary:` header read 0 with instrumentation switched on mid-run).
  const match = /^totals:\s+(\d+)/m.exec(text);
  if (!match) throw new Error(`no instruction total in ${outPrefix}-01`);
  return Number(match[1]);
}

async function waitForExit(handle, ms) {
  const deadline = Date.now() + ms;
  while (!handle.exited && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
}

async function measureArm(name, upstream, tmpDir, config) {
  const outPrefix = path.join(tmpDir, `${name}.callgrind`);
  procs.wrapNodeChildren(() => [
    'valgrind', '--tool=callgrind', '--instr-atstart=no', '--separate-threads=yes',
    // V8 writes the machine code it runs; without this valgrind may run stale translations.
    // %p: a child started beside the arm (the traced arm's OTLP sink) writes a file of its own.
    '--smc-check=all-non-file', `--callgrind-out-file=${outPrefix}.%p`,
  ]);
  let arm;
  try {
    if (name === 'direct') {
      const own = await arms.startUpstream();
      arm = { name, handle: own.handle, pid: own.handle.pid, body: { model: 'gpt-bench', messages: [{ role: 'user', content: 'hi' }] }, target: { host: '127.0.0.1', port: own.port, path: '/v1/chat/completions', headers: {} } };
    } else {
      const { live, failed } = await arms.startArms([name], upstream);
      if (failed.length) throw new Error(failed[0].error);
      arm = live[0];
    }
  } finally {
    procs.wrapNodeChildren(null);
  }
  // Warm-up at c=4: four times faster under valgrind, and the JIT sees the same code.
  const warm = await runBurst(arm.target, arm.body, { concurrency: 4, durationMs: 1e9, maxRequests: config.warm });
  execFileSync('callgrind_control', ['--instr=on', String(arm.pid)], { stdio: 'ignore' });
  const counted = await runBurst(arm.target, arm.body, { concurrency: 1, durationMs: 1e9, maxRequests: config.requests });
  execFileSync('callgrind_control', ['--instr=off', String(arm.pid)], { stdio: 'ignore' });
  arm.handle.child.kill('SIGINT');
  await waitForExit(arm.handle, 60_000);
  const errors = warm.errors + counted.errors;
  if (errors > 0) throw new Error(`${errors} requests failed (${[...warm.errorSamples, ...counted.errorSamples].join('; ')})`);
  return { requests: counted.requests, instructionsPerRequest: Math.round(mainThreadInstructions(`${outPrefix}.${arm.pid}`) / counted.requests) };
}

async function main() {
  const config = parseArgs(process.argv.slice(2));
  requireValgrind();
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mgw-instr-'));
  process.on('exit', () => {
    procs.killAllNow();
    fs.rmSync(tmpDir, { recursive: true, force: true });
  });
  const upstream = await arms.startUpstream();
  const results = {};
  for (const name of config.arms) {
    process.stderr.write(`[instructions] ${name}: warming up (${config.warm} requests), then counting ${config.requests}\n`);
    results[name] = await measureArm(name, upstream, tmpDir, config);
  }
  await procs.stopAll();

  const lines = ['Event-loop thread instructions per request at c=1 (callgrind):', '', 'arm      instructions/request', '-------  --------------------'];
  for (const name of config.arms) lines.push(`${name.padEnd(7)}  ${String(results[name].instructionsPerRequest).padStart(20)}`);
  console.log(lines.join('\n'));
  const outDir = path.join(ROOT, 'bench-results');
  fs.mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `instructions-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify({ node: process.version, config, results }, null, 2));
  console.log(`\nfull results: ${path.relative(ROOT, file)}`);
}

main().catch((err) => {
  console.error(`instructions: ${err.message}`);
  process.exit(1);
});
