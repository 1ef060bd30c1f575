'use strict';
/**
 * A local OTLP/HTTP sink for the bench's traced arm: accepts POST /v1/traces in either encoding,
 * reads the body, answers 200 with an empty response and keeps nothing (the bench measures the
 * gateway's cost of tracing, not a collector's).
 * Usage: node test/bench/otlp-sink.js [--port 0]. Prints {"port":N} once it listens.
 */
const http = require('node:http');

const argValue = (flag, fallback) => {
  const at = process.argv.indexOf(flag);
  return at >= 0 ? process.argv[at + 1] : fallback;
};

let spans = 0;
const server = http.createServer((req, res) => {
  req.on('data', () => undefined);
  req.on('end', () => {
    spans += 1;
    const json = String(req.headers['content-type'] ?? '').startsWith('application/json');
    res.writeHead(req.method === 'POST' && req.url === '/v1/traces' ? 200 : 404, { 'content-type': json ? 'application/json' : 'application/x-protobuf' });
    res.end(json ? '{}' : undefined);
  });
});
server.keepAliveTimeout = 60_000;

server.listen(Number(argValue('--port', '0')), '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`);
});
process.on('SIGTERM', () => {
  process.stdout.write(`${JSON.stringify({ exports: spans })}\n`);
  server.close(() => process.exit(0));
});
