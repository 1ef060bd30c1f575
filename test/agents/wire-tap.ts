import net, { type AddressInfo } from 'node:net';

/** What crossed one client connection, read from its bytes. */
export interface TappedConnection {
  /** Each request head the client sent: its request line (`GET /path`) and its headers, names lower-cased. */
  requests: Array<{ line: string; headers: Record<string, string> }>;
  /** Each answer head the far side sent, in order: its status and headers, names lower-cased. */
  answers: Array<{ status: number; headers: Record<string, string> }>;
  /** Which side's end reached the relay first (undefined while open); racy when both close at once, so for diagnosis. */
  closedBy?: 'client' | 'server';
}

// Anchored at a line start and ending with a blank line: a request head, not text inside a JSON or SSE body.
const REQUEST_HEAD = /(?:^|\r\n)([A-Z]+ \S+) HTTP\/1\.1\r\n((?:[^\r\n]+\r\n)*)\r\n/g;
const ANSWER_HEAD = /(?:^|\r\n)HTTP\/1\.1 (\d{3}) [^\r\n]*\r\n((?:[^\r\n]+\r\n)*)\r\n/g;

/**
 * A TCP relay in front of a server that keeps what crossed it, for a test that must count
 * what a real client did on the wire (a handshake it tried, how it was answered, who hung up)
 * without changing it: bytes pass unchanged both ways, and a side that ends or fails ends the
 * other. The heads are read from the kept bytes after the run, so relaying does no parsing.
 */
export class WireTap {
  private readonly kept: Array<{ sent: Buffer[]; answered: Buffer[]; closedBy?: 'client' | 'server' }> = [];
  private readonly sockets = new Set<net.Socket>();

  private constructor(private readonly server: net.Server) {}

  /** Starts a relay on a free 127.0.0.1 port to `port` on 127.0.0.1. */
  static async start(port: number): Promise<WireTap> {
    const server = net.createServer();
    const tap = new WireTap(server);
    server.on('connection', (client) => tap.relay(client, port));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return tap;
  }

  /** `http://127.0.0.1:{port}`: the base URL a client is given instead of the server's. */
  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Every connection so far, its request and answer heads read from the bytes kept. */
  connections(): TappedConnection[] {
    return this.kept.map(({ sent, answered, closedBy }) => {
      const requests = [...Buffer.concat(sent).toString('latin1').matchAll(REQUEST_HEAD)].map(([, line, head]) => ({ line, headers: parseHeaders(head) }));
      const answers = [...Buffer.concat(answered).toString('latin1').matchAll(ANSWER_HEAD)].map(([, status, head]) => ({ status: Number(status), headers: parseHeaders(head) }));
      return { requests, answers, closedBy };
    });
  }

  /** Forgets the connections kept so far (between tests). */
  reset(): void {
    this.kept.length = 0;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private relay(client: net.Socket, port: number): void {
    const record: { sent: Buffer[]; answered: Buffer[]; closedBy?: 'client' | 'server' } = { sent: [], answered: [] };
    this.kept.push(record);
    const upstream = net.connect(port, '127.0.0.1');
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    }
    client.on('data', (chunk: Buffer) => record.sent.push(chunk));
    upstream.on('data', (chunk: Buffer) => record.answered.push(chunk));
    client.pipe(upstream);
    upstream.pipe(client);
    // pipe() passes an end on; the first one seen says who hung up.
    client.on('end', () => (record.closedBy ??= 'client'));
    upstream.on('end', () => (record.closedBy ??= 'server'));
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  }
}

function parseHeaders(head: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}
