import { decodeOpenAiError } from './openai-error';

describe('decodeOpenAiError', () => {
  it('reads OpenAI\'s error envelope', () => {
    const body = JSON.stringify({
      error: { message: 'Invalid value for \'temperature\'.', type: 'invalid_request_error', param: 'temperature', code: 'invalid_value' },
    });
    expect(decodeOpenAiError(400, body)).toEqual({
      message: 'Invalid value for \'temperature\'.',
      type: 'invalid_request_error',
      param: 'temperature',
      code: 'invalid_value',
    });
  });

  it('drops null fields and stringifies numeric codes', () => {
    const body = JSON.stringify({ error: { message: 'Rate limit reached', type: 'requests', param: null, code: 429 } });
    expect(decodeOpenAiError(429, body)).toEqual({ message: 'Rate limit reached', type: 'requests', code: '429' });
  });

  it.each([
    ['a string error', { error: 'model overloaded' }, 'model overloaded'],
    ['a top-level message', { message: 'bad key' }, 'bad key'],
  ])('reads %s from compatible servers', (_, body, message) => {
    expect(decodeOpenAiError(500, JSON.stringify(body))).toEqual({ message });
  });

  it('falls back to the status and a short excerpt of plain text', () => {
    const html = `<html>\n  <body>${'x'.repeat(500)}</body>\n</html>`;
    const { message } = decodeOpenAiError(502, html);
    expect(message.startsWith('upstream returned HTTP 502: <html> <body>xxx')).toBe(true);
    expect(message.length).toBe('upstream returned HTTP 502: '.length + 200);
  });

  it.each([
    ['an empty body', ''],
    ['whitespace', '  \n '],
  ])('gives the bare status for %s', (_, text) => {
    expect(decodeOpenAiError(503, text)).toEqual({ message: 'upstream returned HTTP 503' });
  });

  it.each([
    ['truncated JSON', '{"error": {"mess'],
    ['JSON of another shape', '{"detail": {"code": 1}}'],
    ['a JSON array', '[1,2]'],
    ['an error without a message', '{"error": {"type": "server_error"}}'],
    ['JSON null', 'null'],
  ])('never throws on %s', (_, text) => {
    const result = decodeOpenAiError(500, text);
    expect(result).toEqual({ message: `upstream returned HTTP 500: ${text}` });
  });

  it("reads Mistral's 422 detail list, as the API sends it and as the SDK's HTTPValidationError models it", () => {
    const detail = [
      { type: 'extra_forbidden', loc: ['body', 'messages', 1, 'assistant', 'refusal'], msg: 'Extra inputs are not permitted', input: null },
      { type: 'missing', loc: ['body', 'model'], msg: 'Field required' },
    ];
    const expected = {
      message: 'messages[1].assistant.refusal: Extra inputs are not permitted; model: Field required',
      param: 'messages[1].assistant.refusal',
      code: 'extra_forbidden',
    };
    const wire = { object: 'error', message: { detail }, type: 'invalid_request_error', param: null, code: null };
    expect(decodeOpenAiError(422, JSON.stringify(wire))).toEqual(expected);
    expect(decodeOpenAiError(422, JSON.stringify({ detail }))).toEqual(expected);
    expect(decodeOpenAiError(404, JSON.stringify({ detail: 'Not Found' }))).toEqual({ message: 'Not Found' });
    expect(decodeOpenAiError(422, JSON.stringify({ detail: [{ loc: 'odd' }] }))).toEqual({ message: 'invalid' });
  });
});
