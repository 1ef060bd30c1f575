'use strict';
/**
 * Loaded with `node --require` into a gateway process the tests start (gateway-process.ts):
 * the process's half of the answer check. Every HTTP server the process creates gets a
 * 'request' listener, ahead of the app's, that copies what a POST to a client route
 * (`/gateway/...`, `/endpoints/...`) writes, and on 'finish' of a 2xx answer appends one JSON
 * line (status, content type and encoding, the body in base64) to $ANSWER_CAPTURE_FILE.
 * The test side (answer-process-capture.ts) reads the lines and checks them as AnswerTap does.
 * Plain JavaScript: the process runs core/dist, without the tests' TypeScript compiler.
 */
const fs = require('node:fs');
const http = require('node:http');

const FILE = process.env.ANSWER_CAPTURE_FILE;
/** As AnswerTap: a size-limit test's oversized answer is not copied. */
const MAX_CAPTURE_BYTES = 8 * 1024 * 1024;

function tap(req, res) {
  if (req.method !== 'POST' || !/^\/(gateway|endpoints)\//.test(req.url || '')) return;
  const chunks = [];
  let size = 0;
  const keep = (chunk, encoding) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function' || size > MAX_CAPTURE_BYTES) return;
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8') : Buffer.from(chunk);
    size += buffer.length;
    chunks.push(buffer);
  };
  const write = res.write;
  const end = res.end;
  res.write = function (chunk, ...rest) {
    keep(chunk, rest[0]);
    return write.call(this, chunk, ...rest);
  };
  res.end = function (chunk, ...rest) {
    keep(chunk, rest[0]);
    return end.call(this, chunk, ...rest);
  };
  res.once('finish', () => {
    if (res.statusCode < 200 || res.statusCode > 299 || size > MAX_CAPTURE_BYTES) return;
    const line = {
      url: req.url,
      status: res.statusCode,
      contentType: header(res, 'content-type'),
      contentEncoding: header(res, 'content-encoding'),
      body: Buffer.concat(chunks).toString('base64'),
    };
    // Synchronous, so a line is whole when the test reads it; test traffic is small.
    fs.appendFileSync(FILE, `${JSON.stringify(line)}\n`);
  });
}

/** As sent: writeHead(status, headers) leaves getHeader() empty. */
function header(res, name) {
  const value = res.getHeader(name);
  if (value !== undefined) return String(value);
  const match = new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(res._header || '');
  return match ? match[1].trim() : '';
}

if (FILE) {
  const createServer = http.createServer;
  http.createServer = function (...args) {
    const server = createServer.apply(this, args);
    server.prependListener('request', tap);
    return server;
  };
}
