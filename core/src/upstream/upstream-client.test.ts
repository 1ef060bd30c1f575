import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { GatewayError } from '../errors/gateway-error';
import { Cancellation } from '../contracts/cancellation';
import { UpstreamClient } from './upstream-client';

/** UpstreamClient against a real local server: answers, bodies, backpressure, aborts, timeouts. */
describe('UpstreamClient', () => {
  const timeouts = { connectMs: 1000, firstByteMs: 1000, idleMs: 1000, totalMs: 5000 };
  let server: http.Server;
  let origin: string;
  let handle: (req: http.IncomingMessage, res: http.ServerResponse) => void;
  let client: UpstreamClient;

  beforeEach(async () => {
    server = http.createServer((req, res) => handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    client = new UpstreamClient();
  });

  afterEach(async () => {
    await client.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const send = (cancellation = new Cancellation(), overrides: Partial<typeof timeouts> = {}) =>
    client.send({ method: 'POST', url: `${origin}/v1/x?q=1`, headers: { 'content-type': 'application/json' }, body: '{"a":1}' }, {
      cancellation,
      timeouts: { ...timeouts, ...overrides },
      connection: 'local',
    });

  it('sends method, path, headers and body, and reads a whole answer as text', async () => {
    let seen: { method?: string; url?: string; type?: string; body: string } = { body: '' };
    handle = (req, res) => {
      req.setEncoding('utf8');
      req.on('data', (part: string) => (seen.body += part));
      req.on('end', () => {
        seen = { ...seen, method: req.method, url: req.url, type: req.headers['content-type'] };
        res.writeHead(201, { 'x-one': '1', 'set-cookie': ['a=1', 'b=2'] });
        // Split inside a multi-byte character: decoding must wait for the whole body.
        const bytes = Buffer.from('{"text":"héllo"}');
        res.write(bytes.subarray(0, 11));
        setTimeout(() => res.end(bytes.subarray(11)), 10);
      });
    };
    const cancellation = new Cancellation();
    const response = await send(cancellation);
    expect(response.status).toBe(201);
    expect(response.headers['x-one']).toBe('1');
    expect(response.headers['set-cookie']).toEqual(['a=1', 'b=2']);
    expect(await response.body.text()).toBe('{"text":"héllo"}');
    expect(seen).toEqual({ method: 'POST', url: '/v1/x?q=1', type: 'application/json', body: '{"a":1}' });
    // A finished call leaves nothing listening on the cancellation.
    expect(cancellation.listenerCount()).toBe(0);
  });

  it('yields a streamed body chunk by chunk as it arrives', async () => {
    handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      let n = 0;
      const timer = setInterval(() => {
        res.write(`data: ${n}\n\n`);
        if (++n === 3) {
          clearInterval(timer);
          res.end();
        }
      }, 5);
    };
    const response = await send();
    const parts: string[] = [];
    for await (const chunk of response.body) parts.push(chunk.toString());
    expect(parts.join('')).toBe('data: 0\n\ndata: 1\n\ndata: 2\n\n');
    expect(parts.length).toBeGreaterThanOrEqual(2);
  });

  it('stops reading the socket while a slow reader holds 64 KiB, and loses nothing', async () => {
    // Far more than loopback socket buffers hold, so only a paused reader can hold the server back.
    const total = 32 * 1024 * 1024;
    let sent = 0;
    handle = (_req, res) => {
      res.writeHead(200);
      const block = Buffer.alloc(64 * 1024, 'x');
      const pump = () => {
        while (sent < total) {
          sent += block.length;
          if (!res.write(block)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    };
    const response = await send();
    let received = 0;
    let sentWhileStalled = 0;
    for await (const chunk of response.body) {
      if (received === 0) {
        await new Promise((resolve) => setTimeout(resolve, 300));
        sentWhileStalled = sent;
      }
      received += chunk.length;
    }
    expect(sentWhileStalled).toBeLessThan(total / 2);
    expect(received).toBe(total);
  });

  it('aborts the transfer when the reader stops early', async () => {
    let upstreamClosed!: () => void;
    const closed = new Promise<void>((resolve) => (upstreamClosed = resolve));
    handle = (req, res) => {
      res.writeHead(200);
      const timer = setInterval(() => res.write('chunk\n'), 5);
      req.socket.once('close', () => {
        clearInterval(timer);
        upstreamClosed();
      });
    };
    const response = await send();
    for await (const _chunk of response.body) break;
    await closed;
  });

  it('is aborted by its cancellation while waiting for headers, with the cancellation as the cause', async () => {
    let upstreamClosed!: () => void;
    const closed = new Promise<void>((resolve) => (upstreamClosed = resolve));
    let received!: () => void;
    const arrived = new Promise<void>((resolve) => (received = resolve));
    handle = (req) => {
      req.socket.once('close', upstreamClosed);
      received();
    };
    const cancellation = new Cancellation();
    const pending = send(cancellation);
    // Cancel once the upstream holds the request: on a loaded machine a fixed delay could cancel before it is even sent.
    await arrived;
    cancellation.cancel(new GatewayError('client_closed_request', 'client gone'));
    await expect(pending).rejects.toMatchObject({ code: 'client_closed_request' });
    await closed;
    expect(cancellation.listenerCount()).toBe(0);
  });

  it('is aborted by its cancellation mid-body: the reader gets the reason', async () => {
    let upstreamClosed!: () => void;
    const closed = new Promise<void>((resolve) => (upstreamClosed = resolve));
    handle = (req, res) => {
      res.writeHead(200);
      res.write('part');
      req.socket.once('close', upstreamClosed);
    };
    const cancellation = new Cancellation();
    const response = await send(cancellation);
    const reading = response.body.text();
    cancellation.cancel(new GatewayError('upstream_timeout', 'total timeout'));
    await expect(reading).rejects.toMatchObject({ code: 'upstream_timeout' });
    await closed;
  });

  it('fails at once when already cancelled, without reaching the server', async () => {
    let reached = false;
    handle = (_req, res) => {
      reached = true;
      res.end();
    };
    const cancellation = new Cancellation();
    cancellation.cancel(new GatewayError('client_closed_request', 'gone'));
    await expect(send(cancellation)).rejects.toMatchObject({ code: 'client_closed_request' });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(reached).toBe(false);
  });

  it('maps the first-byte and idle timeouts to upstream_timeout', async () => {
    handle = () => undefined;
    await expect(send(new Cancellation(), { firstByteMs: 30 })).rejects.toMatchObject({ code: 'upstream_timeout', message: expect.stringContaining('first byte') });

    handle = (_req, res) => {
      res.writeHead(200);
      res.write('{"partial":');
    };
    const response = await send(new Cancellation(), { idleMs: 30 });
    await expect(response.body.text()).rejects.toMatchObject({ code: 'UND_ERR_BODY_TIMEOUT' });
  });

  it('maps a refused connection to upstream_unreachable, naming the connection and not the URL', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = http.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const failure = client.send({ method: 'GET', url: `http://127.0.0.1:${closedPort}/v1`, headers: {} }, { cancellation: new Cancellation(), timeouts, connection: 'local' });
    await expect(failure).rejects.toMatchObject({ code: 'upstream_unreachable', message: 'Provider "local" could not be reached (ECONNREFUSED).' });
  });

  describe('with an egress policy', () => {
    const sendTo = (url: string, allowPrivate: boolean) =>
      client.send({ method: 'GET', url, headers: {} }, { cancellation: new Cancellation(), timeouts, connection: 'api-made', egress: { allowPrivate } });

    it('refuses, before connecting, a name that resolves to loopback and an address literal', async () => {
      let hits = 0;
      handle = (_req, res) => {
        hits++;
        res.end('{}');
      };
      const port = new URL(origin).port;
      for (const url of [`http://localhost:${port}/v1`, `${origin}/v1`]) {
        const refused = await sendTo(url, false).catch((e: unknown) => e as GatewayError);
        expect(refused).toBeInstanceOf(GatewayError);
        expect((refused as GatewayError).code).toBe('upstream_address_refused');
        expect((refused as GatewayError).message).toMatch(/loopback/);
      }
      expect(hits).toBe(0);
      const allowed = await sendTo(`http://localhost:${port}/v1`, true);
      expect(allowed.status).toBe(200);
      await allowed.body.text();
      expect(hits).toBe(1);
    });

    it('never follows a redirect: the 3xx is the answer', async () => {
      let redirectedTo = 0;
      handle = (req, res) => {
        if (req.url === '/target') {
          redirectedTo++;
          res.end('{}');
          return;
        }
        res.writeHead(302, { location: `${origin}/target` });
        res.end();
      };
      const response = await sendTo(`${origin}/start`, true);
      expect(response.status).toBe(302);
      await response.body.text();
      expect(redirectedTo).toBe(0);
    });
  });
});
