'use strict';
/**
 * The arms of the benchmark: ways of reaching the same fake upstream.
 *   direct  - straight to the fake upstream (the baseline)
 *   pipe    - through a bare piping reverse proxy (the floor cost of a hop)
 *   floor   - through the gateway's stack (Express, undici, JSON) without its pipeline
 *   gateway - through model-gateway's native API
 *   traced  - the gateway again, with OpenTelemetry tracing on, exporting to a local OTLP sink
 *   unobserved - the gateway with metrics switched off and no tracing: the base of the observability ratios
 *   portkey - through @portkey-ai/gateway, only when it is already installed
 * Each starter returns { name, target, body, pid, handle, note? } or throws;
 * the orchestrator turns a throw into a failed arm instead of a failed run.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const procs = require('./child-procs');

const ROOT = path.resolve(__dirname, '..', '..');
// Overridable so another build (or a stand-in while the CLI is being written) can be benched.
const GATEWAY_CLI = process.env.BENCH_GATEWAY_CLI ? path.resolve(process.env.BENCH_GATEWAY_CLI) : path.join(ROOT, 'plugins', 'distribution', 'dist', 'main.js');
// BENCH_PORTKEY_SERVER points at a Portkey install kept outside the project (its dependency tree is not ours).
const PORTKEY_SERVER = process.env.BENCH_PORTKEY_SERVER ? path.resolve(process.env.BENCH_PORTKEY_SERVER) : path.join(ROOT, 'node_modules', '@portkey-ai', 'gateway', 'build', 'start-server.js');
const STARTUP_TIMEOUT_MS = 20_000;
const ALL_ARMS = ['direct', 'pipe', 'floor', 'gateway', 'traced', 'unobserved', 'portkey'];

const messages = [{ role: 'user', content: 'hi' }];
const upstreamBody = { model: 'gpt-bench', messages };

async function startUpstream() {
  const handle = procs.spawnNode('fake-upstream', [path.join(__dirname, 'fake-upstream.js'), '--port', '0']);
  const port = await procs.waitForPortLine(handle, procs.startupTimeoutMs(STARTUP_TIMEOUT_MS));
  return { handle, port };
}

function direct(upstream) {
  return {
    name: 'direct',
    target: { host: '127.0.0.1', port: upstream.port, path: '/v1/chat/completions', headers: {} },
    body: upstreamBody,
    // The direct arm has no process of its own; the upstream's figures stand in.
    pid: upstream.handle.pid,
    handle: null,
    note: 'process figures are the fake upstream (shared by all arms)',
  };
}

/** Starts a bench script that proxies to the upstream and prints its port; returns the arm. */
async function startHop(name, script, upstream, target, body) {
  const handle = procs.spawnNode(name, [path.join(__dirname, script), '--port', '0', '--target', `http://127.0.0.1:${upstream.port}`]);
  const port = await procs.waitForPortLine(handle, procs.startupTimeoutMs(STARTUP_TIMEOUT_MS));
  return { name, target: { host: '127.0.0.1', port, path: target, headers: {} }, body, pid: handle.pid, handle };
}

function pipe(upstream) {
  return startHop('pipe', 'pipe-hop.js', upstream, '/v1/chat/completions', upstreamBody);
}

function floor(upstream) {
  return startHop('floor', 'stack-floor.js', upstream, '/gateway/native/v1/chat/completions', { model: 'bench', messages });
}

/** BENCH_GATEWAY_KEYS=1 measures the gateway with gateway keys required, each request presenting one. */
const WITH_KEYS = process.env.BENCH_GATEWAY_KEYS === '1';

function gatewayYaml(port, upstreamPort, extraLines = []) {
  return [
    `server: { host: 127.0.0.1, port: ${port} }`,
    ...extraLines,
    ...(WITH_KEYS ? ['auth: { require_keys: true }'] : []),
    'providers:',
    `  bench-upstream: { type: openai, base_url: "http://127.0.0.1:${upstreamPort}/v1", api_key: "bench-key" }`,
    'endpoints:',
    // A model the catalogue prices, so usage accounting costs each answer as it does real traffic's.
    '  - { name: bench, kind: chat, provider: bench-upstream, model: gpt-4o-mini }',
    '',
  ].join('\n');
}

/** The flags between `node` and the script in package.json's start command. */
function startScriptNodeFlags() {
  const start = require(path.join(ROOT, 'package.json')).scripts.start;
  // `exec`: the shell npm runs is replaced by node, so npm's signals reach the gateway (README, Operating).
  const match = /^(?:exec\s+)?node\s+((?:--\S+\s+)*)/.exec(start);
  return match ? match[1].trim() : '';
}

async function gateway(upstream, tmpDir, name = 'gateway', extraEnv = {}, extraYaml = []) {
  if (!fs.existsSync(GATEWAY_CLI)) throw new Error(`${path.relative(ROOT, GATEWAY_CLI)} not found (run npm run build)`);
  // An explicit port we picked is more robust than parsing it out of the logs.
  const port = await procs.pickFreePort();
  const configFile = path.join(tmpDir, `${name}.bench.yaml`);
  fs.writeFileSync(configFile, gatewayYaml(port, upstream.port, extraYaml));
  // The gateway runs with the node flags of `npm start`, so the bench measures what users run;
  // BENCH_GATEWAY_NODE_FLAGS replaces them to try other V8 settings on the gateway alone.
  const nodeFlags = (process.env.BENCH_GATEWAY_NODE_FLAGS ?? startScriptNodeFlags()).split(/\s+/).filter(Boolean);
  const handle = procs.spawnNode(
    name,
    [...nodeFlags, GATEWAY_CLI, 'serve', '--config', configFile, '--port', String(port), '--host', '127.0.0.1'],
    // PORT would override the config too; pin it so a stray PORT in our env cannot. The gateway logs at
    // its default level, one usage line per request, and the bench drains its stdout as a log collector would.
    { LOG_LEVEL: 'info', PORT: String(port), ...extraEnv },
  );
  let baseUrl = `http://127.0.0.1:${port}`;
  // If the gateway announces another address, believe it.
  handle.lineListeners.push((line) => {
    if (!line.includes('"msg":"listening"')) return;
    try {
      const url = JSON.parse(line).url;
      if (typeof url === 'string' && url.startsWith('http')) baseUrl = url.replace(/\/$/, '');
    } catch {
      // Ignore a malformed log line; /ready polling still decides.
    }
  });
  await procs.waitForHttp(handle, () => `${baseUrl}/ready`, (status) => status === 200, procs.startupTimeoutMs(STARTUP_TIMEOUT_MS));
  const url = new URL(baseUrl);
  const headers = WITH_KEYS ? { authorization: `Bearer ${await createKey(baseUrl)}` } : {};
  return {
    name,
    target: { host: url.hostname, port: Number(url.port), path: '/gateway/native/v1/chat/completions', headers },
    body: { model: 'bench', messages },
    pid: handle.pid,
    handle,
  };
}

/** A gateway key scoped to the bench endpoint, made through the admin API (a loopback client needs no token). */
async function createKey(baseUrl) {
  const response = await fetch(`${baseUrl}/api/keys`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'bench', endpoints: ['bench'] }) });
  if (response.status !== 201) throw new Error(`creating the bench's gateway key answered ${response.status}: ${await response.text()}`);
  return (await response.json()).key;
}

async function portkey(upstream) {
  if (!fs.existsSync(PORTKEY_SERVER)) {
    const err = new Error('@portkey-ai/gateway is not installed; arm skipped');
    err.skipped = true;
    throw err;
  }
  const port = await procs.pickFreePort();
  const handle = procs.spawnNode('portkey', [PORTKEY_SERVER, `--port=${port}`, '--headless']);
  // Any HTTP answer at all means it is listening.
  await procs.waitForHttp(handle, () => `http://127.0.0.1:${port}/`, (status) => status > 0, procs.startupTimeoutMs(STARTUP_TIMEOUT_MS));
  return {
    name: 'portkey',
    target: {
      host: '127.0.0.1',
      port,
      path: '/v1/chat/completions',
      headers: {
        'x-portkey-provider': 'openai',
        'x-portkey-custom-host': `http://127.0.0.1:${upstream.port}/v1`,
        authorization: 'Bearer bench-key',
      },
    },
    body: upstreamBody,
    pid: handle.pid,
    handle,
  };
}

/**
 * The gateway with tracing on: every call makes its SERVER and CLIENT spans and the batch
 * processor exports them to a local sink (on its default schedule), so the traced/gateway
 * ratio is what turning tracing on costs a request.
 */
async function traced(upstream, tmpDir) {
  const sink = procs.spawnNode('otlp-sink', [path.join(__dirname, 'otlp-sink.js'), '--port', '0']);
  const sinkPort = await procs.waitForPortLine(sink, procs.startupTimeoutMs(STARTUP_TIMEOUT_MS));
  return gateway(upstream, tmpDir, 'traced', { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${sinkPort}`, OTEL_SERVICE_NAME: 'model-gateway-bench' });
}

/** The gateway with metrics off and no OTEL variables: what the gateway costs with no observability at all. */
async function unobserved(upstream, tmpDir) {
  return gateway(upstream, tmpDir, 'unobserved', {}, ['metrics: { enabled: false }']);
}

const starters = { direct, pipe, floor, gateway, traced, unobserved, portkey };

/**
 * Starts the selected arms in order. Returns { live, failed } where failed
 * entries are { name, error, skipped }.
 */
async function startArms(names, upstream) {
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mgw-bench-'));
  const live = [];
  const failed = [];
  for (const name of names) {
    try {
      live.push(await starters[name](upstream, tmpDir));
    } catch (err) {
      failed.push({ name, error: err.message, skipped: Boolean(err.skipped) });
    }
  }
  return { live, failed, tmpDir };
}

module.exports = { ALL_ARMS, startUpstream, startArms, gatewayYaml };
