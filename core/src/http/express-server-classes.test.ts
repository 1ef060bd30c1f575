import http from 'node:http';
import { Socket, type AddressInfo } from 'node:net';
import express from 'express';
import { expressServerClasses, receivedAt } from './express-server-classes';

interface Seen {
  requestProtoIsApps: boolean;
  responseProtoIsApps: boolean;
  receivedAt: number | undefined;
  handledAt: number;
  header: string | undefined;
  app: boolean;
}

describe('expressServerClasses', () => {
  let server: http.Server;
  let url: string;
  const seen: Seen[] = [];
  const bornWith = new WeakMap<object, object>();

  beforeAll(async () => {
    const app = express();
    app.post('/echo', (req, res) => {
      seen.push({
        requestProtoIsApps: bornWith.get(req) === app.request,
        responseProtoIsApps: bornWith.get(res) === app.response,
        receivedAt: receivedAt(req),
        handledAt: performance.now(),
        header: req.get('x-probe'),
        app: req.app === app && res.app === app,
      });
      res.status(201).json({ ok: true });
    });
    server = http.createServer(expressServerClasses(app), app);
    // Seen before Express re-prototypes them: the prototypes they were made with.
    server.prependListener('request', (req, res) => {
      bornWith.set(req, Object.getPrototypeOf(req));
      bornWith.set(res, Object.getPrototypeOf(res));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('makes req and res with the prototypes Express gives them, so its swap is a no-op and its methods work', async () => {
    const response = await fetch(`${url}/echo`, { method: 'POST', headers: { 'x-probe': 'yes' } });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ ok: true });
    const last = seen.at(-1)!;
    expect(last.requestProtoIsApps).toBe(true);
    expect(last.responseProtoIsApps).toBe(true);
    expect(last.header).toBe('yes');
    expect(last.app).toBe(true);
  });

  it('stamps each request with when its head was read, before any handler ran', async () => {
    await fetch(`${url}/echo`, { method: 'POST' });
    const last = seen.at(-1)!;
    expect(typeof last.receivedAt).toBe('number');
    expect(last.receivedAt).toBeLessThanOrEqual(last.handledAt);
    expect(last.handledAt - last.receivedAt!).toBeLessThan(5_000);
  });

  it('leaves requests made by another server class unstamped', () => {
    const plain = new http.IncomingMessage(new Socket());
    expect(receivedAt(plain)).toBeUndefined();
  });
});
