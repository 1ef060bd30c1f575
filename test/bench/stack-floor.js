'use strict';
/**
 * The floor of the gateway's own stack: the same Express 5 app set-up (with the
 * gateway's request classes), the same undici agent and the same JSON parse and
 * serialise on each side, and no pipeline at all (no validation, translation,
 * routing, credentials, records or usage). The gateway minus this arm is what the
 * pipeline costs; this arm minus the pipe is what Express and undici cost.
 * Usage: node stack-floor.js --target http://127.0.0.1:N [--port 0]
 * Prints {"port":N} on stdout once it listens. Needs a build (core/dist).
 */
const http = require('node:http');
const path = require('node:path');
const express = require('express');
const { Agent } = require('undici');
const { expressServerClasses } = require(path.join(__dirname, '..', '..', 'core', 'dist', 'http', 'express-server-classes.js'));

const arg = (name, fallback) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback);
const target = new URL(arg('--target', 'http://127.0.0.1:8081'));
const agent = new Agent({ keepAliveTimeout: 30_000 });
const UPSTREAM_MODEL = 'gpt-bench';

const app = express();
app.post('/gateway/native/v1/chat/completions', (req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    forward(JSON.parse(Buffer.concat(chunks).toString('utf8')), res).catch(() => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
  });
});

async function forward(body, res) {
  const clientModel = body.model;
  const upstream = await agent.request({
    origin: target.origin,
    path: '/v1/chat/completions',
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer bench-key' },
    body: JSON.stringify({ ...body, model: UPSTREAM_MODEL }),
  });
  if (body.stream) {
    res.writeHead(upstream.statusCode, { 'content-type': 'text/event-stream' });
    for await (const chunk of upstream.body) res.write(chunk);
    res.end();
    return;
  }
  const answer = JSON.parse(await upstream.body.text());
  const text = JSON.stringify({ ...answer, model: clientModel });
  res.writeHead(upstream.statusCode, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

const server = http.createServer(expressServerClasses(app), app);
server.keepAliveTimeout = 120_000; // idle between rounds must not reset client sockets
server.listen(Number(arg('--port', '0')), '127.0.0.1', () => console.log(JSON.stringify({ port: server.address().port })));
process.on('SIGTERM', () => process.exit(0));
