import fc from 'fast-check';
import { jsonBody, LONG_JSON_STRING } from './json-body';

const text = (body: string | Buffer) => (typeof body === 'string' ? body : body.toString('utf8'));

describe('jsonBody', () => {
  it('is JSON.stringify itself (a string) for a body without long strings', () => {
    const body = { model: 'm', messages: [{ role: 'user', content: 'hi "there"\n' }], n: 1, stop: null };
    expect(jsonBody(body)).toBe(JSON.stringify(body));
  });

  it('writes a long string as bytes, the same bytes JSON.stringify gives', () => {
    const prose = 'The parties agree that the terms apply. '.repeat(Math.ceil(LONG_JSON_STRING / 40));
    const body = { model: 'm', messages: [{ role: 'user', content: prose }, { role: 'user', content: `${prose}é€😀` }] };
    const out = jsonBody(body);
    expect(Buffer.isBuffer(out)).toBe(true);
    expect(Buffer.from(out).equals(Buffer.from(JSON.stringify(body)))).toBe(true);
  });

  it('escapes prose (newlines, tabs, quotes, backslashes) and rarer control characters and lone surrogates as JSON.stringify does', () => {
    for (const odd of ['line\nnext\r\n\t"q" \\ end', 'bell \u0007 nul \u0000', 'lone \ud800 half', 'real \ufffd replacement', '\u001f\u007f\u2028']) {
      const body = { content: odd.repeat(20), other: ['short', odd] };
      expect(text(jsonBody(body, 16))).toBe(JSON.stringify(body));
    }
  });

  it('is JSON.stringify\'s text for any JSON value, whatever strings count as long', () => {
    fc.assert(
      fc.property(fc.jsonValue({ stringUnit: 'binary' }), fc.integer({ min: 0, max: 8 }), (value, longString) => {
        expect(text(jsonBody(value, longString))).toBe(JSON.stringify(value));
      }),
      { numRuns: 300 },
    );
  });

  it('is JSON.stringify\'s text for strings of any UTF-16 code units, lone surrogates included', () => {
    const codeUnit = fc.nat(0xffff).map((code) => String.fromCharCode(code));
    fc.assert(
      fc.property(fc.array(fc.string({ unit: codeUnit, maxLength: 40 }), { maxLength: 6 }), fc.integer({ min: 0, max: 8 }), (strings, longString) => {
        expect(text(jsonBody({ strings }, longString))).toBe(JSON.stringify({ strings }));
      }),
      { numRuns: 300 },
    );
  });
});
