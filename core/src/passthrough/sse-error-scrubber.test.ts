import { sseErrorScrubber } from './sse-error-scrubber';
import { scrubSecrets } from '../secrets/scrub-secrets';

const KEY = 'sk-live-abcdef123456';
const ESCAPED_KEY = [...KEY].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
const scrub = (text: string) => scrubSecrets(text, [KEY]);

/** Feeds `chunks` through a fresh scrubber and returns everything it let out. */
function run(chunks: string[]): { out: string; pieces: Buffer[] } {
  const filter = sseErrorScrubber(scrub);
  const pieces = chunks.map((chunk) => filter.write(Buffer.from(chunk)));
  pieces.push(filter.end());
  return { out: Buffer.concat(pieces).toString('utf8'), pieces };
}

/** The data of each event, as an SSE client decodes it. */
function dataOf(text: string): string[] {
  return text.split(/\n\n/).filter(Boolean).map((event) => event.split('\n').filter((l) => l.startsWith('data:')).map((l) => l.slice(5).trimStart()).join('\n'));
}

describe('sseErrorScrubber', () => {
  it('passes ordinary events byte for byte, the same buffer when a chunk ends an event', () => {
    const chunk = Buffer.from('data: {"choices":[{"delta":{"content":"an \\"error\\" in C:\\\\x"}}]}\n\n');
    const filter = sseErrorScrubber(scrub);
    expect(filter.write(chunk)).toBe(chunk);
    expect(filter.end().length).toBe(0);
  });

  it.each([
    ['named', `event: error\ndata: {"type":"error","error":{"type":"authentication_error","message":"bad key ${ESCAPED_KEY}"}}\n\n`],
    ['JSON-member', `data: {"error":{"message":"Incorrect API key provided: ${KEY}","type":"invalid_request_error"}}\n\n`],
    ['CRLF-delimited JSON-member', `data: {"error": {"code": 400, "message": "API key ${ESCAPED_KEY} not valid", "status": "INVALID_ARGUMENT"}}\r\n\r\n`],
    ['a non-JSON error event', `event: error\ndata: key ${KEY} refused\n\n`],
  ])('scrubs a %s error event as the client decodes it, and keeps it an event', (_name, event) => {
    const { out } = run(['data: {"x":1}\n\n', event]);
    expect(out.startsWith('data: {"x":1}\n\n')).toBe(true);
    const data = dataOf(out.replace(/\r\n/g, '\n'));
    expect(data).toHaveLength(2);
    for (const text of data) {
      expect(text).not.toContain(KEY);
      try {
        expect(JSON.stringify(JSON.parse(text))).not.toContain(KEY);
      } catch {
        expect(text).toContain('[redacted]');
      }
    }
    expect(out).toContain('[redacted]');
  });

  it('holds an error event split across chunks until it is whole, so a split key is still found', () => {
    const event = `event: error\ndata: {"type":"error","error":{"message":"key ${KEY}"}}\n\n`;
    const cut = event.indexOf(KEY) + 6;
    const { out, pieces } = run(['data: {"a":1}\n\n', event.slice(0, cut), event.slice(cut)]);
    expect(pieces[1].toString()).toBe('');
    expect(out).not.toContain(KEY);
    expect(JSON.parse(dataOf(out)[1])).toEqual({ type: 'error', error: { message: 'key [redacted]' } });
  });

  it('passes CRLF events byte for byte too', () => {
    const chunk = Buffer.from('data: {"candidates":[]}\r\n\r\n');
    expect(sseErrorScrubber(scrub).write(chunk)).toBe(chunk);
  });

  it('passes ordinary events split across chunks unchanged, at their boundaries', () => {
    const text = 'data: {"a":1}\n\ndata: {"b":2}\n\n';
    const { out, pieces } = run([text.slice(0, 20), text.slice(20)]);
    expect(out).toBe(text);
    expect(pieces[0].toString()).toBe('data: {"a":1}\n\n');
  });

  it('leaves an error event that holds no secret as it came', () => {
    const event = 'event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded \\u00e9"}}\n\n';
    expect(run([event]).out).toBe(event);
  });

  it('scrubs what is held when the stream ends without a final blank line', () => {
    expect(run([`data: {"error":{"message":"${ESCAPED_KEY}"}}`]).out).toBe('data: {"error":{"message":"[redacted]"}}');
  });
});
