#!/usr/bin/env node
'use strict';
/**
 * What the request-body depth check costs (`npm run bench:json-depth`, after a build):
 * readJsonBody's work on a body, decode + JSON.parse, with and without
 * exceedsJsonDepth in front, for bodies shaped like real requests. Both arms run
 * interleaved in rounds (each round starts with the other arm) and the figure is the
 * median over rounds of (with check) / (without): a ratio, as docs/performance.md
 * states every figure.
 */
const path = require('node:path');
const { exceedsJsonDepth } = require(path.join(__dirname, '../../core/dist/http/json-depth.js'));
const { MAX_JSON_DEPTH } = require(path.join(__dirname, '../../core/dist/http/read-json-body.js'));

const ROUNDS = Number(process.env.ROUNDS ?? 21);
const words = 'The quick brown fox jumps over the lazy dog, with code `x = [1, 2]` and {braces}. ';

const BODIES = {
  'chat, one short message (SDK call)': { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Say hello in one short sentence.' }], max_tokens: 64 },
  'chat, 12 messages and 4 tools': {
    model: 'my-chat',
    messages: Array.from({ length: 12 }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: words.repeat(3) + i })),
    tools: Array.from({ length: 4 }, (_, i) => ({
      type: 'function',
      function: { name: `tool_${i}`, description: 'does a thing', parameters: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'array', items: { type: 'number' } } }, required: ['a'] } },
    })),
    temperature: 0.3,
  },
  'agent transcript, 200 turns of content blocks (scanned)': {
    model: 'my-chat',
    messages: Array.from({ length: 200 }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: [{ type: 'text', text: words.repeat(5) + i }] })),
  },
  'embeddings, 400 token-id arrays (scanned)': { model: 'my-embed', input: Array.from({ length: 400 }, (_, i) => Array.from({ length: 50 }, (_, j) => (i * 7919 + j * 104729) % 100000)) },
  'one 200 kB prompt': { model: 'my-chat', messages: [{ role: 'user', content: words.repeat(2500) }] },
};

function timePerOp(buffer, withCheck, iterations) {
  let sink = 0;
  const started = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) {
    const text = buffer.toString('utf8');
    if (withCheck && exceedsJsonDepth(text, MAX_JSON_DEPTH)) throw new Error('a benchmark body was refused');
    sink += JSON.parse(text) === null ? 1 : 0;
  }
  if (sink < 0) console.log(sink);
  return Number(process.hrtime.bigint() - started) / iterations;
}

const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];

console.log(`depth check (max ${MAX_JSON_DEPTH}) cost on readJsonBody's decode + parse, median of ${ROUNDS} interleaved rounds:`);
for (const [name, body] of Object.entries(BODIES)) {
  const buffer = Buffer.from(JSON.stringify(body));
  // About 20 ms per arm per round, whatever the body's size.
  const probe = timePerOp(buffer, false, 50);
  const iterations = Math.max(20, Math.round(20e6 / probe));
  timePerOp(buffer, true, iterations);
  timePerOp(buffer, false, iterations);
  const ratios = [];
  for (let round = 0; round < ROUNDS; round++) {
    if (round % 2 === 0) {
      const without = timePerOp(buffer, false, iterations);
      ratios.push(timePerOp(buffer, true, iterations) / without);
    } else {
      const withCheck = timePerOp(buffer, true, iterations);
      ratios.push(withCheck / timePerOp(buffer, false, iterations));
    }
  }
  console.log(`  ${name.padEnd(56)} ${String(buffer.length).padStart(7)} B   with/without ${median(ratios).toFixed(3)}×`);
}
