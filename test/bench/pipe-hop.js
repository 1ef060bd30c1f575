'use strict';
/**
 * The floor cost of one extra HTTP hop: a bare reverse proxy that pipes bytes and
 * does nothing else. Any gateway pays at least this much; the benchmark quotes the
 * gateway against it. Usage: node pipe-hop.js --target http://127.0.0.1:N [--port 0]
 * Prints {"port":N} on stdout once it listens.
 */
const http = require('node:http');

const arg = (name, fallback) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback);
const target = new URL(arg('--target', 'http://127.0.0.1:8081'));
const agent = new http.Agent({ keepAlive: true });

const server = http.createServer((req, res) => {
  const upstream = http.request(
    { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers, agent },
    (upstreamRes) => {
      res.writeHead(upstreamRes.statusCode, upstreamRes.headers);
      upstreamRes.pipe(res);
    },
  );
  upstream.on('error', () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
  req.pipe(upstream);
});
server.keepAliveTimeout = 120_000; // idle between rounds must not reset client sockets
server.listen(Number(arg('--port', '0')), '127.0.0.1', () => console.log(JSON.stringify({ port: server.address().port })));
process.on('SIGTERM', () => process.exit(0));
