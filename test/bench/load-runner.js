'use strict';
/**
 * Closed-loop load generation: N workers each send a request, wait for the whole
 * answer, and send the next, for a fixed time (or count). Closed loop because we
 * measure the cost a caller sees per request, not how a server collapses under an
 * open-loop flood.
 *
 * Every burst gets a fresh keep-alive agent (maxSockets = N) that is destroyed
 * afterwards: arms sit idle while the other arms run, and reusing a socket the
 * server may be closing right then would show up as spurious ECONNRESET errors.
 * Each worker's first request opens its connection and is not recorded.
 */
const http = require('node:http');

const REQUEST_TIMEOUT_MS = 10_000;
const MAX_ERROR_SAMPLES = 5;

const nowNs = () => process.hrtime.bigint();
const nsToMs = (ns) => Number(ns) / 1e6;

/** Nearest-rank percentile of an ascending array; null when there is no data. */
function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

function summarize(values) {
  const sorted = Float64Array.from(values).sort();
  let sum = 0;
  for (const value of sorted) sum += value;
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    mean: sorted.length ? sum / sorted.length : null,
    max: sorted.length ? sorted[sorted.length - 1] : null,
  };
}

/** The gateway's own share from a Server-Timing header (`gateway;dur=<ms>`), or null. */
function gatewayShareMs(header) {
  if (typeof header !== 'string') return null;
  const match = /(?:^|,)\s*gateway;dur=([0-9.]+)/.exec(header);
  return match ? Number(match[1]) : null;
}

/**
 * Sends one request and reads the whole answer. Resolves (never rejects) with
 * { ok, error?, firstContentNs?, gatewayMs }; non-2xx answers count as errors.
 * With `sse`, it also notes when the first `data:` line carrying content arrived;
 * `gatewayMs` is the answering server's own share when it sends Server-Timing.
 */
function sendOnce(agent, target, body, sse) {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result) => {
      if (!settled) {
        settled = true;
        resolve(result);
      }
    };
    const req = http.request(
      {
        agent,
        host: target.host,
        port: target.port,
        method: 'POST',
        path: target.path,
        headers: { ...target.headers, 'content-type': 'application/json', 'content-length': body.length },
      },
      (res) => {
        const ok = res.statusCode >= 200 && res.statusCode < 300;
        let firstContentNs = null;
        let pending = '';
        let errorText = '';
        res.setEncoding('utf8');
        res.on('data', (text) => {
          if (!ok) {
            if (errorText.length < 300) errorText += text;
            return;
          }
          if (!sse || firstContentNs !== null) return;
          pending += text;
          const lines = pending.split('\n');
          pending = lines.pop();
          for (const line of lines) {
            if (hasContent(line)) {
              firstContentNs = nowNs();
              pending = '';
              break;
            }
          }
        });
        res.on('end', () => {
          if (!ok) return finish({ ok: false, error: `HTTP ${res.statusCode} ${errorText.slice(0, 200)}`.trim() });
          if (sse && firstContentNs === null) return finish({ ok: false, error: 'stream ended without a content chunk' });
          finish({ ok: true, firstContentNs, gatewayMs: gatewayShareMs(res.headers['server-timing']) });
        });
        res.on('error', (err) => finish({ ok: false, error: `response: ${err.message}` }));
      },
    );
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)));
    req.on('error', (err) => finish({ ok: false, error: err.code || err.message }));
    req.end(body);
  });
}

/**
 * True for an SSE `data:` line that carries text: an OpenAI chunk with a non-empty
 * delta.content, or an Anthropic content_block_delta with non-empty text.
 */
function hasContent(line) {
  if (!line.startsWith('data:')) return false;
  const payload = line.slice(5).trim();
  if (payload === '' || payload === '[DONE]') return false;
  try {
    const event = JSON.parse(payload);
    const content = event?.type === 'content_block_delta' ? event.delta?.text : event?.choices?.[0]?.delta?.content;
    return typeof content === 'string' && content.length > 0;
  } catch {
    return false;
  }
}

/**
 * Runs one closed-loop burst.
 * target: { host, port, path, headers }; body: object sent as JSON.
 * options: { concurrency, durationMs, maxRequests?, stream?, streamWorkers? }.
 * `streamWorkers` (with stream unset) makes that many of the workers stream and the rest
 * not: a mixed load, whose latency and req/s cover both kinds (ttft: the streaming ones).
 * Returns latency stats (ms), req/s, errors, a few error samples and, for
 * streams, time-to-first-content stats.
 */
async function runBurst(target, body, options) {
  const concurrency = options.concurrency;
  const streamWorkers = options.stream ? concurrency : Math.min(concurrency, options.streamWorkers ?? 0);
  const sse = streamWorkers > 0;
  const streamPayload = Buffer.from(JSON.stringify({ ...body, stream: true }));
  const plainPayload = Buffer.from(JSON.stringify(body));
  const payloadOf = (index) => (index < streamWorkers ? streamPayload : plainPayload);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency, maxFreeSockets: concurrency });
  const latencies = [];
  const ttfts = [];
  const gatewayShares = [];
  const errorSamples = [];
  let errors = 0;
  let started = 0;
  const maxRequests = options.maxRequests ?? Infinity;

  const record = (result, startNs, endNs) => {
    if (result.ok) {
      latencies.push(nsToMs(endNs - startNs));
      if (result.firstContentNs) ttfts.push(nsToMs(result.firstContentNs - startNs));
      if (result.gatewayMs !== null) gatewayShares.push(result.gatewayMs);
    } else {
      errors += 1;
      if (errorSamples.length < MAX_ERROR_SAMPLES && !errorSamples.includes(result.error)) errorSamples.push(result.error);
    }
  };

  // Connections are opened outside the measured window; these answers are dropped.
  await Promise.all(Array.from({ length: concurrency }, (_, index) => sendOnce(agent, target, payloadOf(index), index < streamWorkers)));

  const beginNs = nowNs();
  const deadlineNs = beginNs + BigInt(Math.round(options.durationMs * 1e6));
  let lastEndNs = beginNs;
  const worker = async (index) => {
    const payload = payloadOf(index);
    const streaming = index < streamWorkers;
    // Bounded by both the deadline and maxRequests; a failing arm answers fast
    // with errors, so the loop still stops on time.
    while (nowNs() < deadlineNs && started < maxRequests) {
      started += 1;
      const startNs = nowNs();
      const result = await sendOnce(agent, target, payload, streaming);
      const endNs = nowNs();
      record(result, startNs, endNs);
      if (endNs > lastEndNs) lastEndNs = endNs;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, index) => worker(index)));
  agent.destroy();

  const elapsedMs = nsToMs(lastEndNs - beginNs);
  const latency = summarize(latencies);
  return {
    concurrency,
    stream: sse,
    streamWorkers,
    elapsedMs,
    requests: latency.count + errors,
    errors,
    errorSamples,
    rps: elapsedMs > 0 ? (latency.count * 1000) / elapsedMs : null,
    latency,
    ttft: sse ? summarize(ttfts) : undefined,
    // Only the gateway sends Server-Timing: its own share of each answer, by its clock.
    gatewayShare: gatewayShares.length ? summarize(gatewayShares) : undefined,
  };
}

module.exports = { runBurst, sendOnce, summarize, percentile, gatewayShareMs, hasContent };
