'use strict';
/**
 * Sizing figures for docs/deployment.md, measured on the gateway process as `npm start` runs it:
 *   - resident memory (VmRSS) against the number of streams held open at once, and the slope:
 *     memory per concurrent stream;
 *   - CPU time (user + system, /proc/<pid>/stat) per streamed call and per non-streamed call in a
 *     closed loop: calls one core serves per second.
 * The upstream lives in this process and streams slowly on purpose (a chunk every --chunk-ms until
 * released), so streams stay open as long-running LLM answers do; its own memory is not counted.
 *
 * `--hop pipe` measures the bench's bare Node hop (pipe-hop.js, plain node) the same way instead, the
 * base of issue 29's memory ratio (run-bench.js --streams-memory); `--cpu-ms 0` skips the CPU part.
 *
 * Usage: node test/bench/stream-memory.js [--levels 0,250,500,1000] [--chunk-ms 500] [--cpu-ms 5000] [--warm-ms 5000]
 *        [--redis-url redis://127.0.0.1:6379] [--hop gateway|pipe]
 * (after `npm run build`). Prints a table and one JSON line (`result:`).
 */
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');
const procs = require('./child-procs');
const { gatewayYaml } = require('./arms');

const ROOT = path.resolve(__dirname, '..', '..');
const CLI = path.join(ROOT, 'plugins', 'distribution', 'dist', 'main.js');
const MODEL = 'gpt-4o-mini';

function option(name, fallback) {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : fallback;
}
const LEVELS = option('--levels', '0,250,500,1000').split(',').map(Number);
const CHUNK_MS = Number(option('--chunk-ms', '500'));
const CPU_MS = Number(option('--cpu-ms', '5000'));
const WARM_MS = Number(option('--warm-ms', '5000'));
/** A Redis to share state through, as replicas do (`state.redis_url`); the embedded store when absent. */
const REDIS_URL = option('--redis-url', '');
const HOP = option('--hop', 'gateway');
if (!['gateway', 'pipe'].includes(HOP)) throw new Error(`--hop takes gateway or pipe, got ${HOP}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---- the upstream: OpenAI chat completions; a stream asked for with "hold" stays open until released.
function sse(body) {
  return `data: ${JSON.stringify({ id: 'chatcmpl-size', object: 'chat.completion.chunk', created: 1700000000, model: MODEL, ...body })}\n\n`;
}
const delta = (content) => sse({ choices: [{ index: 0, delta: { content }, finish_reason: null }] });
const ENDING = sse({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }) + sse({ choices: [], usage: { prompt_tokens: 5, completion_tokens: 20, total_tokens: 25 } }) + 'data: [DONE]\n\n';
const WHOLE = JSON.stringify({
  id: 'chatcmpl-size',
  object: 'chat.completion',
  created: 1700000000,
  model: MODEL,
  choices: [{ index: 0, message: { role: 'assistant', content: 'A short answer of about twenty tokens, as a sizing upstream gives.' }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 5, completion_tokens: 20, total_tokens: 25 },
});
const held = new Set();

function upstreamHandler(req, res) {
  const parts = [];
  req.on('data', (part) => parts.push(part));
  req.on('end', () => {
    const body = JSON.parse(Buffer.concat(parts).toString('utf8'));
    if (body.stream !== true) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(WHOLE);
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.write(sse({ choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] }));
    if (body.messages[0].content !== 'hold') {
      for (let i = 0; i < 20; i++) res.write(delta(' token'));
      return res.end(ENDING);
    }
    const timer = setInterval(() => res.write(delta(' token')), CHUNK_MS);
    const entry = {
      finish() {
        clearInterval(timer);
        res.end(ENDING);
      },
    };
    held.add(entry);
    res.on('close', () => {
      clearInterval(timer);
      held.delete(entry);
    });
  });
}

// ---- the client
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

/** One call; `first` resolves at the first body bytes, `done` when the answer ended (true: complete). */
function call(port, { stream, content }) {
  const payload = JSON.stringify({ model: 'bench', stream, messages: [{ role: 'user', content }] });
  let first;
  const firstBytes = new Promise((resolve) => (first = resolve));
  const done = new Promise((resolve) => {
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/gateway/native/v1/chat/completions', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } }, (res) => {
      let tail = '';
      res.setEncoding('utf8');
      res.on('data', (text) => {
        first(true);
        tail = (tail + text).slice(-64);
      });
      res.on('end', () => {
        first(false);
        resolve(res.statusCode === 200 && (!stream || tail.includes('[DONE]')));
      });
      res.on('error', () => resolve(false));
    });
    req.on('error', () => {
      first(false);
      resolve(false);
    });
    req.end(payload);
  });
  return { first: firstBytes, done };
}

function rssMiB(pid) {
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match[1]) / 1024;
}

/** The median of `count` RSS samples `everyMs` apart: one sample moves with each young-generation collection. */
async function steadyRss(pid, count = 15, everyMs = 200) {
  const samples = [];
  for (let i = 0; i < count; i++) {
    samples.push(rssMiB(pid));
    await sleep(everyMs);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)];
}

/** Closed loop at concurrency 32 for `ms`: calls completed, failures, and the gateway's CPU ms over it. */
async function cpuPerCall(port, pid, stream, ms) {
  let calls = 0;
  let failures = 0;
  const until = Date.now() + ms;
  const cpuBefore = procs.cpuTimeMs(pid);
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (Date.now() < until) {
        if (await call(port, { stream, content: 'burst' }).done) calls++;
        else failures++;
      }
    }),
  );
  return { calls, failures, cpuMs: procs.cpuTimeMs(pid) - cpuBefore };
}

/** Least-squares slope of y over x. */
function slope(points) {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const sxy = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const sxx = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return sxy / sxx;
}

async function main() {
  if (!fs.existsSync(CLI)) throw new Error('plugins/distribution/dist/main.js not found: run npm run build');
  const upstream = http.createServer(upstreamHandler);
  upstream.keepAliveTimeout = 120_000;
  await new Promise((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const port = await procs.pickFreePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mgw-sizing-'));
  const configFile = path.join(dir, 'gateway.yaml');
  fs.writeFileSync(configFile, gatewayYaml(port, upstream.address().port, REDIS_URL ? [`state: { redis_url: ${JSON.stringify(REDIS_URL)}, key_prefix: "sizing-${process.pid}:" }`] : []));
  const start = require(path.join(ROOT, 'package.json')).scripts.start;
  const flags = (/node\s+((?:--\S+\s+)*)/.exec(start)?.[1] ?? '').split(/\s+/).filter(Boolean);
  // As `npm start` runs it: its node flags, the default log level (a usage line per call, drained by spawnNode).
  // The bare hop runs as the bench's pipe arm does: plain node, its own port line.
  const gateway =
    HOP === 'pipe'
      ? procs.spawnNode('pipe', [path.join(__dirname, 'pipe-hop.js'), '--port', String(port), '--target', `http://127.0.0.1:${upstream.address().port}`])
      : procs.spawnNode('gateway', [...flags, CLI, 'serve', '--config', configFile, '--port', String(port), '--host', '127.0.0.1'], { LOG_LEVEL: 'info', PORT: String(port), GATEWAY_DATA_DIR: path.join(dir, 'data') });
  try {
    if (HOP === 'pipe') await procs.waitForPortLine(gateway, 45_000);
    else await procs.waitForHttp(gateway, () => `http://127.0.0.1:${port}/ready`, (status) => status === 200, 45_000);
    const startedRss = await steadyRss(gateway.pid);
    // Warm-up: JIT, pools and the catalogue's first lookups, as a replica that has served a while.
    await cpuPerCall(port, gateway.pid, true, WARM_MS);
    await cpuPerCall(port, gateway.pid, false, WARM_MS);
    await sleep(1000);

    const points = [];
    const open = [];
    for (const level of LEVELS) {
      const adding = Array.from({ length: level - open.length }, () => call(port, { stream: true, content: 'hold' }));
      open.push(...adding);
      const started = await Promise.all(adding.map((c) => c.first));
      if (started.some((ok) => !ok)) throw new Error(`${started.filter((ok) => !ok).length} of ${adding.length} streams ended before their first bytes`);
      await sleep(3 * CHUNK_MS + 1000);
      const rss = await steadyRss(gateway.pid);
      points.push({ x: level, y: rss, held: held.size });
      console.log(`streams open ${String(level).padStart(5)}  (upstream holds ${held.size})  gateway RSS ${rss.toFixed(1)} MiB`);
    }
    for (const entry of held) entry.finish();
    const completed = await Promise.all(open.map((c) => c.done));
    const failedStreams = completed.filter((ok) => !ok).length;
    const peakMiB = procs.peakRssMiB(gateway.pid);

    await sleep(1000);
    const skipCpu = CPU_MS <= 0;
    const streamed = skipCpu ? { calls: 0, failures: 0, cpuMs: 0 } : await cpuPerCall(port, gateway.pid, true, CPU_MS);
    const whole = skipCpu ? { calls: 0, failures: 0, cpuMs: 0 } : await cpuPerCall(port, gateway.pid, false, CPU_MS);
    const perCall = (r) => (r.calls ? (r.cpuMs * 1000) / r.calls : null);
    const result = {
      node: process.version,
      cpus: os.cpus().length,
      hop: HOP,
      state: REDIS_URL ? 'redis' : 'embedded',
      chunkMs: CHUNK_MS,
      loadAverage: os.loadavg().map((load) => +load.toFixed(2)),
      startedRssMiB: +startedRss.toFixed(1),
      points: points.map((p) => ({ streams: p.x, rssMiB: +p.y.toFixed(1) })),
      kibPerStream: +(slope(points) * 1024).toFixed(1),
      peakRssMiB: peakMiB && +peakMiB.toFixed(1),
      failedStreams,
      streamedCall: { calls: streamed.calls, failures: streamed.failures, cpuUsPerCall: perCall(streamed) && Math.round(perCall(streamed)), callsPerCoreSecond: perCall(streamed) && Math.round(1e6 / perCall(streamed)) },
      wholeCall: { calls: whole.calls, failures: whole.failures, cpuUsPerCall: perCall(whole) && Math.round(perCall(whole)), callsPerCoreSecond: perCall(whole) && Math.round(1e6 / perCall(whole)) },
    };
    console.log(`memory per concurrent stream: ${result.kibPerStream} KiB (least-squares slope over ${LEVELS.join(', ')} streams); ${failedStreams} of ${open.length} held streams failed`);
    console.log(`streamed call (20 chunks): ${result.streamedCall.cpuUsPerCall} µs CPU, ${result.streamedCall.callsPerCoreSecond} calls per core-second (${streamed.calls} calls, ${streamed.failures} failed)`);
    console.log(`whole call: ${result.wholeCall.cpuUsPerCall} µs CPU, ${result.wholeCall.callsPerCoreSecond} calls per core-second (${whole.calls} calls, ${whole.failures} failed)`);
    console.log(`result: ${JSON.stringify(result)}`);
  } finally {
    await procs.stopAll();
    agent.destroy();
    upstream.closeAllConnections();
    upstream.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  procs.killAllNow();
  process.exit(1);
});
