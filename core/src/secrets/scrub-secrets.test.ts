import { REDACTED, scrubSecrets } from './scrub-secrets';

const KEY = 'sk-live-abcdef123456';

/** `value` with every character of `value` written as a JSON \u escape. */
function escaped(value: string): string {
  return [...value].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
}

describe('scrubSecrets', () => {
  it('replaces a secret in plain text, and leaves text without one as it was', () => {
    expect(scrubSecrets(`Incorrect API key provided: ${KEY}.`, [KEY])).toBe(`Incorrect API key provided: ${REDACTED}.`);
    const clean = 'nothing to see\\n here';
    expect(scrubSecrets(clean, [KEY])).toBe(clean);
  });

  it.each([
    ['fully escaped', escaped(KEY)],
    ['partly escaped', `\\u0073k-live-${escaped('abc')}def123456`],
    ['one letter escaped', `sk-live-\\u0061bcdef123456`],
  ])('finds a secret %s in a JSON string, as a JSON parser would decode it', (_name, spelled) => {
    const text = `{"error":{"message":"bad key ${spelled}","type":"invalid_request_error"}}`;
    const scrubbed = scrubSecrets(text, [KEY]);
    expect(JSON.stringify(JSON.parse(scrubbed))).not.toContain(KEY);
    expect(JSON.parse(scrubbed)).toEqual({ error: { message: `bad key ${REDACTED}`, type: 'invalid_request_error' } });
  });

  it('scrubs object keys and strings inside arrays', () => {
    const text = `[{"${escaped(KEY)}":1},["x","${escaped(KEY)}"]]`;
    expect(JSON.parse(scrubSecrets(text, [KEY]))).toEqual([{ [REDACTED]: 1 }, ['x', REDACTED]]);
  });

  it('keeps the bytes of JSON that holds no secret, escapes and formatting included', () => {
    const text = '{ "error": { "message": "line\\none \\u00e9" } }';
    expect(scrubSecrets(text, [KEY])).toBe(text);
  });

  it('replaces raw text that has a backslash but is not JSON', () => {
    expect(scrubSecrets(`path C:\\x key=${KEY}`, [KEY])).toBe(`path C:\\x key=${REDACTED}`);
  });

  it('replaces the longest secret first, ignores values too short to be credentials, and has nothing to do without secrets', () => {
    expect(scrubSecrets('abcdef and abcd', ['abcd', 'abcdef'])).toBe(`${REDACTED} and ${REDACTED}`);
    expect(scrubSecrets('abc abc', ['abc'])).toBe('abc abc');
    expect(scrubSecrets(`key ${KEY}`, [])).toBe(`key ${KEY}`);
  });

  it('catches every secret of the list, escaped or not, in one text', () => {
    const other = 'AKIAEXAMPLEACCESSKEY';
    const text = JSON.stringify({ a: KEY, b: other }).replace(other, escaped(other));
    const scrubbed = scrubSecrets(text, [KEY, other]);
    expect(JSON.parse(scrubbed)).toEqual({ a: REDACTED, b: REDACTED });
  });
});
