import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { GatewayError } from '../errors/gateway-error';
import { MAX_JSON_DEPTH, parseByteSize, readJsonBody } from './read-json-body';

describe('parseByteSize', () => {
  it.each([
    ['10mb', 10 * 1024 * 1024],
    ['512kb', 512 * 1024],
    ['1048576', 1048576],
    ['1.5KB', 1536],
    ['2 gb', 2 * 1024 ** 3],
  ])('%s -> %d bytes', (text, bytes) => expect(parseByteSize(text)).toBe(bytes));

  it('refuses text that is not a size', () => expect(() => parseByteSize('ten')).toThrow());
});

describe('readJsonBody over real HTTP', () => {
  let server: http.Server;
  let url: string;

  beforeAll(async () => {
    const app = express();
    app.post('/', readJsonBody('1kb'), (req, res) => res.json({ body: req.body ?? null }));
    app.use(((error, _req, res, _next) => {
      const e = GatewayError.from(error);
      res.status(e.status).json({ code: e.code });
    }) as express.ErrorRequestHandler);
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const post = async (body: NonNullable<RequestInit['body']> | undefined, headers: Record<string, string> = { 'content-type': 'application/json' }) => {
    const res = await fetch(url, { method: 'POST', body, headers, duplex: 'half' } as RequestInit);
    return { status: res.status, json: await res.json() };
  };

  it.each(['application/json', 'application/json; charset=utf-8', 'Application/JSON ;charset=UTF-8', 'application/merge-patch+json'])('parses a body typed %p', async (type) => {
    expect(await post('{"a":[1,2]}', { 'content-type': type })).toEqual({ status: 200, json: { body: { a: [1, 2] } } });
  });

  it.each(['text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonp', 'text/json+x'])(
    '415 for a body typed %p (what a cross-origin page can send without asking)',
    async (type) => {
      expect(await post('{"a":1}', { 'content-type': type })).toEqual({ status: 415, json: { code: 'unsupported_media_type' } });
    },
  );

  it('415 for a body with no content-type at all', async () => {
    // fetch types a string body text/plain; a Uint8Array goes untyped.
    expect(await post(new TextEncoder().encode('{"a":1}'), {})).toEqual({ status: 415, json: { code: 'unsupported_media_type' } });
  });

  it('an empty body needs no content-type', async () => {
    expect(await post(undefined, {})).toEqual({ status: 200, json: { body: null } });
  });

  it(`accepts ${MAX_JSON_DEPTH} levels of nesting and refuses one more, before parsing`, async () => {
    const nest = (depth: number) => '{"a":'.repeat(depth - 1) + '[1]' + '}'.repeat(depth - 1);
    const ok = await post(nest(MAX_JSON_DEPTH));
    expect(ok.status).toBe(200);
    expect(await post(nest(MAX_JSON_DEPTH + 1))).toEqual({ status: 400, json: { code: 'invalid_json' } });
  });

  it('counts only structure: brackets inside strings, escaped quotes and number runs do not nest', async () => {
    const body = JSON.stringify({ text: '['.repeat(200) + '\\"{{{' + '{'.repeat(200), tokens: [[1, -2, 1.5e3]] });
    expect(body.length).toBeLessThan(1024);
    expect((await post(body)).status).toBe(200);
  });

  it('leaves an empty body undefined', async () => {
    expect(await post(undefined)).toEqual({ status: 200, json: { body: null } });
  });

  it('413 when content-length declares too much', async () => {
    expect((await post(JSON.stringify({ x: 'y'.repeat(2000) }))).json).toEqual({ code: 'request_too_large' });
  });

  it('413 when a chunked body without content-length grows past the limit', async () => {
    const pieces = [Buffer.from('{"x":"'), Buffer.alloc(1500, 'y'), Buffer.from('"}')];
    const stream = new ReadableStream({
      start(controller) {
        for (const piece of pieces) controller.enqueue(piece);
        controller.close();
      },
    });
    const res = await post(stream as unknown as NonNullable<RequestInit['body']>);
    expect(res).toEqual({ status: 413, json: { code: 'request_too_large' } });
  });

  it('400 invalid_json with the parser message', async () => {
    expect(await post('{"a":')).toEqual({ status: 400, json: { code: 'invalid_json' } });
  });

  it('415 for a compressed body', async () => {
    expect(await post('x', { 'content-type': 'application/json', 'content-encoding': 'gzip' })).toEqual({ status: 415, json: { code: 'unsupported_media_type' } });
  });
});

describe('readJsonBody after the body is read', () => {
  it('leaves no data listener on the request, which lives as long as a streamed answer and would keep the raw body', async () => {
    const app = express();
    app.post('/', readJsonBody('1mb'), (req, res) => res.json({ listeners: req.listenerCount('data') }));
    const server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
      expect(await res.json()).toEqual({ listeners: 0 });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('readJsonBody on bodies past the ASCII fast path', () => {
  it.each([
    ['all ASCII', 'plain prose. '],
    ['with UTF-8 characters', 'prose with é, € and 😀. '],
  ])('parses a 100 KB body %s as the text it is', async (_name, unit) => {
    const app = express();
    app.post('/', readJsonBody('1mb'), (req, res) => res.json({ length: req.body.content.length, same: req.body.content === unit.repeat(8000) }));
    const server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ content: unit.repeat(8000) }),
      });
      expect(await res.json()).toEqual({ length: unit.length * 8000, same: true });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
