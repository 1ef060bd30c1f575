import type { RelayedAnswerRewrite } from '../contracts/passthrough-target';
import type { ResponseFilter } from '../contracts/relay-input';
import { answerRewriteFilter, chainFilters } from './answer-rewrite-filter';

/** A rewrite for the test: a list under `v` becomes its joined string; `"v":[` is the byte mark. */
const joinV = (value: unknown): unknown => {
  const object = value as { v?: unknown };
  return Array.isArray(object?.v) ? { ...object, v: object.v.join('') } : value;
};
const calls = { whole: 0, chunk: 0 };
const REWRITE: RelayedAnswerRewrite = {
  touches: (bytes) => bytes.includes('"v":['),
  whole: (answer) => (calls.whole++, joinV(answer)),
  chunk: (event) => (calls.chunk++, joinV(event)),
};

/** Everything the filter hands on, fed `bytes` in pieces of `size`. */
function run(filter: ResponseFilter, bytes: Buffer, size = bytes.length): string {
  const out: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(filter.write(bytes.subarray(i, i + size)));
  out.push(filter.end());
  return Buffer.concat(out).toString('utf8');
}

const event = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`;

describe('answerRewriteFilter on a stream', () => {
  beforeEach(() => Object.assign(calls, { whole: 0, chunk: 0 }));

  it('rewrites only the events the rewrite touches, every other byte as it came', () => {
    const text = event({ v: 'a' }) + event({ v: ['b', 'é'] }) + ': comment\n\n' + 'data: [DONE]\n\n';
    expect(run(answerRewriteFilter(REWRITE, true), Buffer.from(text))).toBe(event({ v: 'a' }) + event({ v: 'bé' }) + ': comment\n\n' + 'data: [DONE]\n\n');
    expect(calls.chunk).toBe(1);
  });

  it('re-cuts events split across chunks, down to single bytes inside a multi-byte character', () => {
    const text = event({ v: ['x', 'ü'] }) + event({ v: 'plain' }) + event({ v: ['y'] });
    const expected = event({ v: 'xü' }) + event({ v: 'plain' }) + event({ v: 'y' });
    for (const size of [1, 3, 7, 64]) expect(run(answerRewriteFilter(REWRITE, true), Buffer.from(text), size)).toBe(expected);
  });

  it('keeps an event’s other fields and CRLF lines, and writes split data lines as one', () => {
    const text = 'event: chunk\r\nid: 7\r\ndata: {"v":["a",\r\ndata: "b"]}\r\n\r\n';
    expect(run(answerRewriteFilter(REWRITE, true), Buffer.from(text), 5)).toBe('event: chunk\r\nid: 7\r\ndata: {"v":"ab"}\r\n\r\n');
  });

  it('passes an event that does not parse, and a trailing event without its blank line, as they came', () => {
    const broken = 'data: {"v":[oops\n\n';
    expect(run(answerRewriteFilter(REWRITE, true), Buffer.from(broken + 'data: {"v":["t"]}'))).toBe(broken + 'data: {"v":"t"}');
  });

  it('hands back the very chunk when a whole region is untouched (no copy)', () => {
    const filter = answerRewriteFilter(REWRITE, true);
    const bytes = Buffer.from(event({ v: 'a' }) + event({ v: 'b' }));
    expect(filter.write(bytes)).toBe(bytes);
    expect(calls.chunk).toBe(0);
  });
});

describe('answerRewriteFilter on a whole answer', () => {
  beforeEach(() => Object.assign(calls, { whole: 0, chunk: 0 }));

  it('holds the answer to its end and rewrites it once', () => {
    const filter = answerRewriteFilter(REWRITE, false);
    const text = JSON.stringify({ id: 'r', v: ['he', 'llo'] });
    expect(run(filter, Buffer.from(text), 4)).toBe(JSON.stringify({ id: 'r', v: 'hello' }));
    expect(calls.whole).toBe(1);
  });

  it('passes an untouched answer, and one that does not parse, byte for byte without a rewrite', () => {
    expect(run(answerRewriteFilter(REWRITE, false), Buffer.from('{ "v": "a" }'), 3)).toBe('{ "v": "a" }');
    expect(run(answerRewriteFilter(REWRITE, false), Buffer.from('{"v":[1,'))).toBe('{"v":[1,');
    expect(calls.whole).toBe(0);
  });
});

describe('chainFilters', () => {
  const upper: ResponseFilter = { write: (chunk) => Buffer.from(chunk.toString().toUpperCase()), end: () => Buffer.from('!') };
  const star: ResponseFilter = { write: (chunk) => Buffer.from(`*${chunk.toString()}`), end: () => Buffer.from('.') };

  it('is undefined for none, the filter itself for one, and runs each output through the next', () => {
    expect(chainFilters(undefined, undefined)).toBeUndefined();
    expect(chainFilters(undefined, upper)).toBe(upper);
    const both = chainFilters(upper, undefined, star)!;
    expect(both.write(Buffer.from('ab')).toString()).toBe('*AB');
    expect(both.end().toString()).toBe('*!.');
  });
});
