import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What every recording server keeps of a request; a subclass may add fields taken from the URL. */
export interface BaseRecordedRequest {
  method: string;
  /** The request target as sent, query string included. */
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The parsed JSON body, or undefined when the body is empty or not JSON. */
  body: any;
  rawBody: string;
}

export type RecordedBehaviour<Recorded> = (req: Recorded, res: http.ServerResponse) => void | Promise<void>;

export interface RecordingServerOptions<Recorded> {
  /** Answers a request when nothing is queued. */
  fallback: RecordedBehaviour<Recorded>;
  /** Appended to `http://127.0.0.1:{port}` to make `baseUrl`, e.g. `/v1`. */
  basePath?: string;
  /** Why `waitForEarlyClose` rejects when its time runs out. */
  earlyCloseTimeoutMessage?: string;
}

/**
 * The machinery of the fake upstreams: a server on a free 127.0.0.1 port that records
 * every request, answers it with a queued behaviour (else the fallback) and notices
 * callers that hang up before the answer is complete. A subclass gives the fallback,
 * builds its own recorded shape in `record` and offers a static `start` that calls `listen`.
 */
export abstract class RecordingServer<Recorded extends BaseRecordedRequest> {
  readonly requests: Recorded[] = [];
  /** Responses the other side closed before they were complete (an aborted upstream call). */
  closedEarly = 0;
  private readonly queue: RecordedBehaviour<Recorded>[] = [];
  private readonly closeWaiters: Array<() => void> = [];
  private readonly server = http.createServer((req, res) => void this.handle(req, res));

  protected constructor(private readonly options: RecordingServerOptions<Recorded>) {}

  /** The recorded request, built from the fields every server keeps. */
  protected abstract record(common: BaseRecordedRequest): Recorded;

  protected async listen(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}${this.options.basePath ?? ''}`;
  }

  get last(): Recorded {
    return this.requests[this.requests.length - 1];
  }

  /** The next requests get these behaviours in order; later ones fall back to the default. */
  enqueue(...behaviours: RecordedBehaviour<Recorded>[]): this {
    this.queue.push(...behaviours);
    return this;
  }

  reset(): void {
    this.requests.length = 0;
    this.queue.length = 0;
    this.closedEarly = 0;
  }

  /** Resolves at the next early close (or at once if one already happened since `reset`). */
  waitForEarlyClose(timeoutMs = 5000): Promise<void> {
    if (this.closedEarly > 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const message = this.options.earlyCloseTimeoutMessage ?? 'the server never saw the caller close the connection';
      const timer = setTimeout(() => reject(new Error(message)), timeoutMs);
      this.closeWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  async close(): Promise<void> {
    // Hanging behaviours keep sockets open; without this, close() would wait for them forever.
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    let body: unknown;
    try {
      body = rawBody ? JSON.parse(rawBody) : undefined;
    } catch {
      body = undefined;
    }
    const common: BaseRecordedRequest = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body, rawBody };
    const recorded = this.record(common);
    this.requests.push(recorded);
    res.on('close', () => {
      if (res.writableFinished) return;
      this.closedEarly++;
      for (const waiter of this.closeWaiters.splice(0)) waiter();
    });
    const behaviour = this.queue.shift() ?? this.options.fallback;
    try {
      await behaviour(recorded, res);
    } catch {
      res.destroy();
    }
  }
}

/** The path and the parsed query of a request target such as `/v1beta/models/m:streamGenerateContent?alt=sse`. */
export function splitTarget(path: string): { pathname: string; query: Record<string, string> } {
  const url = new URL(path || '/', 'http://127.0.0.1');
  return { pathname: url.pathname, query: Object.fromEntries(url.searchParams) };
}

/** Answers with `body` as JSON; `headers` cannot override the content type or length. */
export function json(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
  contentType = 'application/json',
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...headers, 'content-type': contentType, 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
