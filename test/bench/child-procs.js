'use strict';
/**
 * Child-process plumbing for the benchmark: every server under test runs in its
 * own process so that the load generator, the fake upstream and the arm do not
 * share an event loop, and so that /proc can tell us each one's memory and CPU.
 */
const { spawn, execFileSync } = require('node:child_process');
const fs = require('node:fs');
const http = require('node:http');
const net = require('node:net');

const children = new Set();
/** Prefix arguments that run every node child under another program (valgrind); null runs node itself. */
let wrapper = null;
/** Programs under valgrind start (and serve) many times slower; their start-up waits scale with it. */
const WRAPPED_SLOWDOWN = 15;

/** Runs node children under `prefix(name)` from now on: [program, ...its args]. */
function wrapNodeChildren(prefix) {
  wrapper = prefix;
}

/** How long to wait for a child to start: `baseMs`, scaled when children run wrapped. */
function startupTimeoutMs(baseMs) {
  return wrapper ? baseMs * WRAPPED_SLOWDOWN : baseMs;
}
const LOG_TAIL_LINES = 40;

/**
 * Starts `node <args>` with stdout/stderr captured. Output is always drained
 * (a full pipe would stall a chatty child) and its last lines are kept so a
 * failing arm can say why.
 */
function spawnNode(name, args, env) {
  return spawnProgram(name, wrapper ? [...wrapper(name), process.execPath, ...args] : [process.execPath, ...args], env);
}

/** Starts `command` ([program, ...args], never wrapped) as a child the bench stops with the others. */
function spawnProgram(name, command, env) {
  const child = spawn(command[0], command.slice(1), {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const handle = { name, child, pid: child.pid, tail: [], exited: null, lineListeners: [] };
  const onLine = (line) => {
    handle.tail.push(line);
    if (handle.tail.length > LOG_TAIL_LINES) handle.tail.shift();
    for (const listener of handle.lineListeners) listener(line);
  };
  for (const stream of [child.stdout, child.stderr]) {
    let pending = '';
    stream.setEncoding('utf8');
    stream.on('data', (text) => {
      pending += text;
      const lines = pending.split('\n');
      pending = lines.pop();
      lines.forEach(onLine);
    });
  }
  child.on('exit', (code, signal) => {
    handle.exited = { code, signal };
    children.delete(handle);
  });
  child.on('error', (err) => {
    handle.exited = { code: null, signal: null, error: err.message };
    children.delete(handle);
  });
  children.add(handle);
  return handle;
}

function describeExit(handle) {
  const how = handle.exited.error || (handle.exited.signal ? `signal ${handle.exited.signal}` : `code ${handle.exited.code}`);
  return `${handle.name} exited (${how}); last output:\n  ${handle.tail.slice(-15).join('\n  ')}`;
}

/** Resolves with the first stdout line that parses as JSON with a numeric `port`. */
function waitForPortLine(handle, timeoutMs) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new Error(`${handle.name}: no port line within ${timeoutMs} ms`)), timeoutMs);
    const poll = setInterval(() => handle.exited && done(new Error(describeExit(handle))), 50);
    const listener = (line) => {
      try {
        const parsed = JSON.parse(line);
        if (typeof parsed.port === 'number') done(null, parsed.port);
      } catch {
        // Not our line; keep waiting.
      }
    };
    function done(err, port) {
      clearTimeout(timer);
      clearInterval(poll);
      handle.lineListeners = handle.lineListeners.filter((l) => l !== listener);
      if (err) reject(err);
      else resolve(port);
    }
    handle.lineListeners.push(listener);
  });
}

/** A port that was free a moment ago: listen on 0, read it, close. Racy but fine on a quiet box. */
function pickFreePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** One GET; resolves with the status code, or 0 when the connection failed. */
function getStatus(url) {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, timeout: 1000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
  });
}

/**
 * Polls until `accept(status)` holds, the child dies or the time runs out.
 * `urlOf()` is re-read each time so a URL learned from logs can take over.
 */
async function waitForHttp(handle, urlOf, accept, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let lastStatus = 0;
  while (Date.now() < deadline) {
    if (handle.exited) throw new Error(describeExit(handle));
    lastStatus = await getStatus(urlOf());
    if (accept(lastStatus)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${handle.name}: ${urlOf()} not ready within ${timeoutMs} ms (last status ${lastStatus || 'no connection'})`);
}

/** Peak resident set (VmHWM) in MiB, or null when /proc is unavailable or the process is gone. */
function peakRssMiB(pid) {
  try {
    const match = /^VmHWM:\s+(\d+)\s+kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

let clockTicks = null;
/** User+system CPU time of a process in ms (from /proc/<pid>/stat), or null. */
function cpuTimeMs(pid) {
  try {
    if (clockTicks === null) {
      try {
        clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
      } catch {
        clockTicks = 100;
      }
    }
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may contain spaces; fields after its closing paren are fixed.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks;
  } catch {
    return null;
  }
}

/** Asks every child to stop, then forces the stragglers. */
async function stopAll(graceMs = 1500) {
  const pending = [...children];
  for (const handle of pending) handle.child.kill('SIGTERM');
  const deadline = Date.now() + graceMs;
  while (children.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  killAllNow();
}

/** Synchronous last resort, safe inside process.on('exit'). */
function killAllNow() {
  for (const handle of children) {
    try {
      handle.child.kill('SIGKILL');
    } catch {
      // Already gone.
    }
  }
  children.clear();
}

module.exports = { spawnNode, spawnProgram, wrapNodeChildren, startupTimeoutMs, waitForPortLine, pickFreePort, waitForHttp, getStatus, peakRssMiB, cpuTimeMs, stopAll, killAllNow };
