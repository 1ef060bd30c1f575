'use strict';
/**
 * run-bench.js --streams-memory: runs stream-memory.js (one process per measurement, so each
 * starts from a quiet process of its own) for the bare hop or the gateway, and returns the
 * `result:` line it prints.
 */
const path = require('node:path');
const procs = require('./child-procs');

/** Long enough for 1,000 streams to open, be sampled and complete on a busy 2-vCPU machine. */
const RUN_TIMEOUT_MS = 300_000;

/** Measures one hop ('pipe' or 'gateway') over `levels` streams held open; resolves with its result object. */
function measureStreamMemory({ hop, levels, quick }) {
  const args = [path.join(__dirname, 'stream-memory.js'), '--hop', hop, '--levels', levels.join(','), '--cpu-ms', '0'];
  if (quick) args.push('--warm-ms', '1000', '--chunk-ms', '200');
  const handle = procs.spawnNode(`stream-memory-${hop}`, args);
  return new Promise((resolve, reject) => {
    let result = null;
    const timer = setTimeout(() => reject(new Error(`stream-memory ${hop}: no result within ${RUN_TIMEOUT_MS} ms`)), RUN_TIMEOUT_MS);
    handle.lineListeners.push((line) => {
      if (line.startsWith('result: ')) result = JSON.parse(line.slice('result: '.length));
    });
    handle.child.on('close', (code) => {
      clearTimeout(timer);
      if (result) resolve(result);
      else reject(new Error(`stream-memory ${hop} exited ${code} without a result:\n  ${handle.tail.slice(-10).join('\n  ')}`));
    });
  });
}

module.exports = { measureStreamMemory };
