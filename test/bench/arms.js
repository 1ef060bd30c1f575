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
 *   governed / ungoverned - the gateway with keys required, rpm/tpm limits and USD budgets that never
 *     trip, metrics and tracing on; and the same gateway with none of those (issue 29), on the embedded store
 *   governed-redis / ungoverned-redis - the same two on a redis-server the bench starts, shared by both
 * Each starter returns { name, target, body, pid, handle, bursts, paced?, translated?, note? } or throws;
 * `bursts` names the per-round bursts the arm runs (run-bench.js), `paced` and `translated` are the
 * targets of its paced-stream bursts (the upstream's paced path, same format and Anthropic -> OpenAI);
 * the orchestrator turns a throw into a failed arm instead of a failed run.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const procs = require('./child-procs');
const { startRedis } = require('./redis-server');

const ROOT = path.resolve(__dirname, '..', '..');
// Overridable so another build (or a stand-in while the CLI is being written) can be benched.
const GATEWAY_CLI = process.env.BENCH_GATEWAY_CLI ? path.resolve(process.env.BENCH_GATEWAY_CLI) : path.join(ROOT, 'plugins', 'distribution', 'dist', 'main.js');
// BENCH_PORTKEY_SERVER points at a Portkey install kept outside the project (its dependency tree is not ours).
const PORTKEY_SERVER = process.env.BENCH_PORTKEY_SERVER ? path.resolve(process.env.BENCH_PORTKEY_SERVER) : path.join(ROOT, 'node_modules', '@portkey-ai', 'gateway', 'build', 'start-server.js');
const STARTUP_TIMEOUT_MS = 20_000;
const DEFAULT_ARMS = ['direct', 'pipe', 'floor', 'gateway', 'traced', 'unobserved', 'portkey'];
/** Behind run-bench's --governed: four more gateways, which double a default run's length. */
const GOVERNED_ARMS = ['governed', 'ungoverned', 'governed-redis', 'ungoverned-redis'];
const ALL_ARMS = [...DEFAULT_ARMS, ...GOVERNED_ARMS];
/** The bursts every arm runs each round unless it says otherwise. */
const BASE_BURSTS = ['c1', 'stream', 'cN'];
/** The arms issue 29's ratios divide (gateway by pipe, each minus direct) also run the paced stream, and the 5 MB bodies with --large-bodies. */
const ISSUE29_BURSTS = [...BASE_BURSTS, 'paced', 'large'];
/** Governed and ungoverned are compared at c=1 and under the mixed load (16 connections, half streaming). */
const GOVERNED_BURSTS = ['c1', 'mixed'];
/** Limits and budgets far above what a bench can spend: checked and counted on every call, never refusing. */
const NEVER_TRIPPING = { rpm: 100_000_000, tpm: 1_000_000_000, budget_usd: 1_000_000 };

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
    paced: { host: '127.0.0.1', port: upstream.port, path: '/paced/v1/chat/completions', headers: {} },
    bursts: ISSUE29_BURSTS,
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

async function pipe(upstream) {
  const arm = await startHop('pipe', 'pipe-hop.js', upstream, '/v1/chat/completions', upstreamBody);
  // The hop forwards any path, so the paced path reaches the upstream's paced stream.
  return { ...arm, paced: { ...arm.target, path: '/paced/v1/chat/completions' }, bursts: ISSUE29_BURSTS };
}

function floor(upstream) {
  return startHop('floor', 'stack-floor.js', upstream, '/gateway/native/v1/chat/completions', { model: 'bench', messages });
}

/** BENCH_GATEWAY_KEYS=1 measures the gateway with gateway keys required, each request presenting one. */
const WITH_KEYS = process.env.BENCH_GATEWAY_KEYS === '1';

/**
 * options.keys: require gateway keys (default BENCH_GATEWAY_KEYS); options.limits: a flow map of
 * `limits:` for both endpoints. `bench-paced` is the same upstream's paced stream path.
 */
function gatewayYaml(port, upstreamPort, extraLines = [], options = {}) {
  const keys = options.keys ?? WITH_KEYS;
  const limits = options.limits ? `, limits: { ${Object.entries(options.limits).map(([k, v]) => `${k}: ${v}`).join(', ')} }` : '';
  return [
    `server: { host: 127.0.0.1, port: ${port} }`,
    ...extraLines,
    ...(keys ? ['auth: { require_keys: true }'] : []),
    'providers:',
    `  bench-upstream: { type: openai, base_url: "http://127.0.0.1:${upstreamPort}/v1", api_key: "bench-key" }`,
    `  bench-paced: { type: openai, base_url: "http://127.0.0.1:${upstreamPort}/paced/v1", api_key: "bench-key" }`,
    'endpoints:',
    // A model the catalogue prices, so usage accounting costs each answer as it does real traffic's.
    `  - { name: bench, kind: chat, provider: bench-upstream, model: gpt-4o-mini${limits} }`,
    `  - { name: bench-paced, kind: chat, provider: bench-paced, model: gpt-4o-mini${limits} }`,
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

async function gateway(upstream, tmpDir, name = 'gateway', extraEnv = {}, extraYaml = [], options = {}) {
  if (!fs.existsSync(GATEWAY_CLI)) throw new Error(`${path.relative(ROOT, GATEWAY_CLI)} not found (run npm run build)`);
  // An explicit port we picked is more robust than parsing it out of the logs.
  const port = await procs.pickFreePort();
  const configFile = path.join(tmpDir, `${name}.bench.yaml`);
  fs.writeFileSync(configFile, gatewayYaml(port, upstream.port, extraYaml, options));
  // The gateway runs with the node flags of `npm start`, so the bench measures what users run;
  // BENCH_GATEWAY_NODE_FLAGS replaces them to try other V8 settings on the gateway alone.
  const nodeFlags = (process.env.BENCH_GATEWAY_NODE_FLAGS ?? startScriptNodeFlags()).split(/\s+/).filter(Boolean);
  const handle = procs.spawnNode(
    name,
    [...nodeFlags, GATEWAY_CLI, 'serve', '--config', configFile, '--port', String(port), '--host', '127.0.0.1'],
    // PORT would override the config too; pin it so a stray PORT in our env cannot. The gateway logs at
    // its default level, one usage line per request, and the bench drains its stdout as a log collector would.
    // Each gateway its own data directory: an embedded store is one process's (it locks its directory).
    { LOG_LEVEL: 'info', PORT: String(port), GATEWAY_DATA_DIR: path.join(tmpDir, `${name}-data`), ...extraEnv },
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
  const key = (options.keys ?? WITH_KEYS) ? await createKey(baseUrl, options.keyLimits ?? {}) : null;
  const headers = key ? { authorization: `Bearer ${key}` } : {};
  const at = { host: url.hostname, port: Number(url.port) };
  return {
    name,
    target: { ...at, path: '/gateway/native/v1/chat/completions', headers },
    paced: { ...at, path: '/gateway/native/v1/chat/completions', headers },
    pacedBody: { model: 'bench-paced', messages },
    // Anthropic's Messages API onto the OpenAI endpoint: the model names the endpoint (docs/passthrough.md).
    translated: { ...at, path: '/gateway/anthropic/v1/messages', headers: { 'anthropic-version': '2023-06-01', ...(key ? { 'x-api-key': key } : {}) } },
    translatedBody: { model: 'bench-paced', max_tokens: 64, messages },
    bursts: name === 'gateway' ? ISSUE29_BURSTS : BASE_BURSTS,
    body: { model: 'bench', messages },
    pid: handle.pid,
    handle,
  };
}

/** A gateway key scoped to the bench endpoints, made through the admin API (a loopback client needs no token). */
async function createKey(baseUrl, limits = {}) {
  const response = await fetch(`${baseUrl}/api/keys`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'bench', endpoints: ['bench', 'bench-paced'], ...limits }) });
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
  return gateway(upstream, tmpDir, 'traced', await tracingEnv());
}

/** Starts a local OTLP sink and returns the variables that make a gateway export its spans there. */
async function tracingEnv() {
  const sink = procs.spawnNode('otlp-sink', [path.join(__dirname, 'otlp-sink.js'), '--port', '0']);
  const sinkPort = await procs.waitForPortLine(sink, procs.startupTimeoutMs(STARTUP_TIMEOUT_MS));
  return { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${sinkPort}`, OTEL_SERVICE_NAME: 'model-gateway-bench' };
}

/**
 * Governance on (issue 29): gateway keys required and presented, rpm/tpm limits and a USD budget
 * on the endpoint and on the key (checked and spent on every call, never reached), usage
 * accounting as always, metrics (the default) and tracing on.
 */
async function governedArm(name, upstream, tmpDir, stateYaml) {
  const arm = await gateway(upstream, tmpDir, name, await tracingEnv(), stateYaml, { keys: true, limits: NEVER_TRIPPING, keyLimits: NEVER_TRIPPING });
  return { ...arm, bursts: GOVERNED_BURSTS };
}

/** The same gateway with none of it: no keys, no limits or budgets, metrics off, no tracing. */
async function ungovernedArm(name, upstream, tmpDir, stateYaml) {
  const arm = await gateway(upstream, tmpDir, name, {}, ['metrics: { enabled: false }', ...stateYaml], { keys: false });
  return { ...arm, bursts: GOVERNED_BURSTS };
}

/** One redis-server for both Redis arms ("the same Redis"), each under its own key prefix. */
let sharedRedis = null;
async function redisState(name) {
  sharedRedis ??= startRedis();
  const { url } = await sharedRedis;
  return [`state: { redis_url: "${url}", key_prefix: "bench-${name}:" }`];
}

const governed = (upstream, tmpDir) => governedArm('governed', upstream, tmpDir, []);
const ungoverned = (upstream, tmpDir) => ungovernedArm('ungoverned', upstream, tmpDir, []);
const governedRedis = async (upstream, tmpDir) => governedArm('governed-redis', upstream, tmpDir, await redisState('governed'));
const ungovernedRedis = async (upstream, tmpDir) => ungovernedArm('ungoverned-redis', upstream, tmpDir, await redisState('ungoverned'));

/** The gateway with metrics off and no OTEL variables: what the gateway costs with no observability at all. */
async function unobserved(upstream, tmpDir) {
  return gateway(upstream, tmpDir, 'unobserved', {}, ['metrics: { enabled: false }']);
}

const starters = { direct, pipe, floor, gateway, traced, unobserved, portkey, governed, ungoverned, 'governed-redis': governedRedis, 'ungoverned-redis': ungovernedRedis };

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

module.exports = { ALL_ARMS, DEFAULT_ARMS, GOVERNED_ARMS, BASE_BURSTS, startUpstream, startArms, gatewayYaml };
