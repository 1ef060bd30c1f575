'use strict';
/**
 * An "instant" OpenAI-compatible upstream for the benchmark.
 *
 * It runs in its own child process so that its CPU time is not charged to the
 * process under test, and it answers from pre-serialised buffers so that its own
 * cost is as small and as constant as possible: whatever latency an arm adds on
 * top of the direct arm is then the arm's, not the upstream's. It is not the tests'
 * OpenAI fake (test/fakes/openai-fake.ts) on purpose: that one records every request
 * and parses every body, a cost and a growing heap the benchmark would measure.
 *
 * A second path, /paced/v1/chat/completions, streams the way a provider does: the first
 * content chunk right after the headers, then one chunk every PACE_MS, then usage and [DONE].
 * It is a path of its own so that the instant stream's figures keep their meaning; the
 * bench's time-to-first-token ratios with a target are taken on it (docs/performance.md).
 *
 * Usage: node test/bench/fake-upstream.js [--port 0] [--host 127.0.0.1]
 * Prints {"port":N} as one JSON line on stdout once it listens.
 */
const http = require('node:http');

const MODEL = 'gpt-bench';
const CREATED = 1700000000; // fixed so every answer is byte-identical
const USAGE = { prompt_tokens: 5, completion_tokens: 4, total_tokens: 9 };
const WORDS = ['Hello', ' from', ' the', ' bench'];

const completionBody = Buffer.from(
  JSON.stringify({
    id: 'chatcmpl-bench',
    object: 'chat.completion',
    created: CREATED,
    model: MODEL,
    choices: [{ index: 0, message: { role: 'assistant', content: WORDS.join('') }, finish_reason: 'stop' }],
    usage: USAGE,
  }),
);

/** One SSE event per OpenAI chunk, the way the real API frames them. */
function chunk(choices, extra) {
  const body = { id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: CREATED, model: MODEL, choices, ...extra };
  return `data: ${JSON.stringify(body)}\n\n`;
}

// Each event is kept as its own buffer and written with its own write() so the
// client sees real SSE framing (several chunks), yet all in the same tick: "instant".
const streamEvents = [
  chunk([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }]),
  ...WORDS.map((word) => chunk([{ index: 0, delta: { content: word }, finish_reason: null }])),
  chunk([{ index: 0, delta: {}, finish_reason: 'stop' }]),
  chunk([], { usage: USAGE }),
  'data: [DONE]\n\n',
].map((text) => Buffer.from(text));

const PACE_MS = 15;
// The paced stream: a first chunk that already carries content (so time to first token is
// the time to the first chunk), the other words one per tick, then the end in one tick.
const pacedEvents = [
  chunk([{ index: 0, delta: { role: 'assistant', content: WORDS[0] }, finish_reason: null }]),
  ...WORDS.slice(1).map((word) => chunk([{ index: 0, delta: { content: word }, finish_reason: null }])),
  chunk([{ index: 0, delta: {}, finish_reason: 'stop' }]) + chunk([], { usage: USAGE }) + 'data: [DONE]\n\n',
].map((text) => Buffer.from(text));

/** Writes the paced events one per tick; stops if the client went away. */
function writePaced(res) {
  let next = 0;
  let timer = null;
  const step = () => {
    const event = pacedEvents[next++];
    if (next === pacedEvents.length) return res.end(event);
    res.write(event);
    timer = setTimeout(step, PACE_MS);
  };
  res.on('close', () => clearTimeout(timer));
  step();
}

function sendJson(res, status, bodyBuffer) {
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': bodyBuffer.length });
  res.end(bodyBuffer);
}

function errorBody(message) {
  return Buffer.from(JSON.stringify({ error: { message, type: 'invalid_request_error' } }));
}

function handle(req, res) {
  const path = req.url.split('?')[0];
  const paced = path === '/paced/v1/chat/completions';
  if (req.method !== 'POST' || (path !== '/v1/chat/completions' && !paced)) {
    // Drain anyway so the keep-alive connection stays usable.
    req.resume();
    return sendJson(res, 404, errorBody(`no route ${req.method} ${path}`));
  }
  // Read the whole body before answering, like a real server must, so a proxy
  // that is slow to forward the body shows up in the numbers.
  const parts = [];
  req.on('data', (part) => parts.push(part));
  req.on('end', () => {
    let request;
    try {
      request = JSON.parse(Buffer.concat(parts).toString('utf8'));
    } catch {
      return sendJson(res, 400, errorBody('body is not JSON'));
    }
    if (!request || !Array.isArray(request.messages)) return sendJson(res, 400, errorBody('messages is required'));
    if (request.stream !== true) return sendJson(res, 200, completionBody);
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    if (paced) return writePaced(res);
    for (const event of streamEvents) res.write(event);
    res.end();
  });
}

function argValue(name, fallback) {
  const index = process.argv.indexOf(name);
  return index >= 0 && index + 1 < process.argv.length ? process.argv[index + 1] : fallback;
}

const server = http.createServer(handle);
// Clients and the hops in front of us may sit idle for a whole round of other
// arms; a long keep-alive avoids reset races on a socket we just closed.
server.keepAliveTimeout = 120_000;
server.headersTimeout = 121_000;
server.listen(Number(argValue('--port', '0')), argValue('--host', '127.0.0.1'), () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`);
});
// The parent kills us; exit promptly and quietly when it does.
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => process.exit(0));
