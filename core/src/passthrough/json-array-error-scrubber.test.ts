import { jsonArrayErrorScrubber } from './json-array-error-scrubber';
import { scrubSecrets } from '../secrets/scrub-secrets';

const KEY = 'sk-live-abcdef123456';
const escape = (value: string) => [...value].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
const ESCAPED_KEY = escape(KEY);
const PARTLY_ESCAPED_KEY = escape(KEY.slice(0, 2)) + KEY.slice(2);
const scrub = (text: string) => scrubSecrets(text, [KEY]);

/** Feeds `chunks` through a fresh scrubber and returns everything it let out, piece by piece. */
function run(chunks: Array<string | Buffer>): { out: string; pieces: Buffer[] } {
  const filter = jsonArrayErrorScrubber(scrub);
  const pieces = chunks.map((chunk) => filter.write(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk)));
  pieces.push(filter.end());
  return { out: Buffer.concat(pieces).toString('utf8'), pieces };
}

const FIRST = '[{"candidates":[{"content":{"role":"model","parts":[{"text":"hi"}]},"index":0}],"modelVersion":"m-x"}';
const TRICKY = '\n,\r\n{"text":"a ] } [ { \\" quote, \\\\ slash \\"]}\\" and \\u005d","n":[1,{"x":"}"}],"s":"error mentioned"}';
const errorElement = (spelled: string) => `\n,\r\n{"error": {"code": 400, "message": "API key ${spelled} not valid", "status": "INVALID_ARGUMENT", "details": [{"${spelled}": 1}]}}`;

describe('jsonArrayErrorScrubber', () => {
  it('passes a chunk that ends on an element boundary as the same buffer', () => {
    const filter = jsonArrayErrorScrubber(scrub);
    for (const text of [FIRST, TRICKY, '\n]']) {
      const chunk = Buffer.from(text);
      expect(filter.write(chunk)).toBe(chunk);
    }
    expect(filter.end().length).toBe(0);
  });

  it('passes strings holding brackets, braces, quotes and escaped quotes byte for byte, at every split', () => {
    const body = `${FIRST}${TRICKY}\n]`;
    for (let at = 0; at <= body.length; at++) {
      const { out } = run([body.slice(0, at), body.slice(at)]);
      expect(out).toBe(body);
    }
    expect(JSON.parse(body)[1].text).toBe('a ] } [ { " quote, \\ slash "]}" and ]');
  });

  it('holds an element split at any byte until it is whole, passing the bytes between elements at once', () => {
    const element = '{"a":"x]y\\"z","b":[1,2,{"c":"}"}]}';
    const body = Buffer.from(`[${element}\n,\r\n${element}\n]`);
    const secondStart = body.indexOf('{', 2 + element.length);
    for (let at = secondStart + 1; at < secondStart + element.length; at++) {
      const { out, pieces } = run([body.subarray(0, at), body.subarray(at)]);
      expect(out).toBe(body.toString());
      // The first chunk lets out everything before the split element, and nothing of it.
      expect(pieces[0].toString()).toBe(body.subarray(0, secondStart).toString());
    }
  });

  it('splits an element into single bytes and still lets it out whole and unchanged', () => {
    const body = `${FIRST}${TRICKY}\n]`;
    const { out } = run([...Buffer.from(body)].map((byte) => Buffer.from([byte])));
    expect(out).toBe(body);
  });

  it.each([
    ['raw', KEY],
    ['fully \\u-escaped', ESCAPED_KEY],
    ['partly escaped', PARTLY_ESCAPED_KEY],
  ])('scrubs an error element with the key %s, split at every byte, and the array still parses', (_name, spelled) => {
    const error = errorElement(spelled);
    const body = `${FIRST}${error}\n]`;
    for (let at = FIRST.length; at <= FIRST.length + error.length; at++) {
      const { out } = run([body.slice(0, at), body.slice(at)]);
      expect(out).not.toContain(KEY);
      const parsed = JSON.parse(out) as unknown[];
      expect(parsed).toHaveLength(2);
      expect(JSON.stringify(parsed)).not.toContain(KEY);
      expect(JSON.stringify(parsed[1])).toContain('[redacted]');
      // The element before the error is untouched.
      expect(out.startsWith(FIRST)).toBe(true);
    }
  });

  it('leaves an error element without a secret as it came', () => {
    const body = `${FIRST}\n,\r\n{"error":{"code":503,"message":"Overloaded \\u00e9","status":"UNAVAILABLE"}}\n]`;
    expect(run([body.slice(0, 120), body.slice(120)]).out).toBe(body);
  });

  it('keeps multi-byte characters whole across chunk splits', () => {
    const body = Buffer.from(`[{"text":"héllo → 世界"},{"error":{"message":"${KEY} ü"}}]`);
    for (let at = 0; at <= body.length; at++) {
      const { out } = run([body.subarray(0, at), body.subarray(at)]);
      expect(JSON.parse(out)).toEqual([{ text: 'héllo → 世界' }, { error: { message: '[redacted] ü' } }]);
    }
  });

  it('treats a body that is one JSON object as one element', () => {
    const body = `{"error":{"message":"bad key ${ESCAPED_KEY}"}}`;
    const { out, pieces } = run([body.slice(0, 20), body.slice(20)]);
    expect(pieces[0].length).toBe(0);
    expect(JSON.parse(out)).toEqual({ error: { message: 'bad key [redacted]' } });
  });

  it('scrubs what is held when the stream ends inside an element', () => {
    const { out } = run([`${FIRST},{"error":{"message":"${KEY}`]);
    expect(out).toBe(`${FIRST},{"error":{"message":"[redacted]`);
  });

  it('passes an element past the cap on, scrubbed as raw text, and finds the next element boundary after it', () => {
    const filler = 'x'.repeat(256 * 1024);
    const parts = [`${FIRST},{"error":{"message":"${KEY}`, ...Array.from({ length: 5 }, () => filler), `"}}`, ',{"b":1}', ']'];
    const { out, pieces } = run(parts);
    // Nothing of the error element comes out until the cap is passed, then the rest of it as it arrives.
    expect(pieces[0].toString()).toBe(FIRST + ',');
    expect(pieces.slice(1, 4).every((piece) => piece.length === 0)).toBe(true);
    expect(pieces[4].length).toBeGreaterThan(1024 * 1024);
    expect(pieces[5].toString()).toBe(filler);
    expect(out).not.toContain(KEY);
    expect(JSON.parse(out)).toHaveLength(3);
    expect(pieces[7].toString()).toBe(',{"b":1}');
  });
});
