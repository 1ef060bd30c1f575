'use strict';
/**
 * A throwaway redis-server for the bench's governed arms on Redis: in the foreground, as a
 * child the bench stops with its other children, on a free loopback port, with persistence
 * off (what is measured is the gateway's round trips, not Redis's disk).
 */
const net = require('node:net');
const procs = require('./child-procs');

const READY_TIMEOUT_MS = 20_000;

/** True once the server answers PING with +PONG. */
function answersPing(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      if (text.includes('\r\n')) done(text.startsWith('+PONG'));
    });
    socket.on('error', () => done(false));
  });
}

/** Starts redis-server and resolves with { url, port, handle } once it answers; throws when it cannot. */
async function startRedis() {
  const port = await procs.pickFreePort();
  const handle = procs.spawnProgram('redis-server', ['redis-server', '--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no']);
  const deadline = Date.now() + procs.startupTimeoutMs(READY_TIMEOUT_MS);
  while (Date.now() < deadline) {
    if (handle.exited) {
      const why = handle.exited.error?.includes('ENOENT') ? 'redis-server is not installed (not on PATH)' : `redis-server exited: ${handle.tail.slice(-5).join(' | ')}`;
      const err = new Error(why);
      err.skipped = Boolean(handle.exited.error?.includes('ENOENT'));
      throw err;
    }
    if (await answersPing(port)) return { url: `redis://127.0.0.1:${port}`, port, handle };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`redis-server on port ${port} did not answer PING within ${READY_TIMEOUT_MS} ms`);
}

module.exports = { startRedis };
