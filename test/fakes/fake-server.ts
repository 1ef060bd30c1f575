import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sdkViolation, startSdkOracle, type SdkCheck } from '../support/sdk-validate/sdk-oracle';

/** What every fake keeps of a request; each format's fake adds what it reads from the path and body. */
export interface RecordedRequest {
  method: string;
  /** The request target as sent, query string included. */
  path: string;
  /** The path alone, e.g. `/v1/messages`. */
  pathname: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  /** The parsed JSON body, or undefined when the body is empty or not JSON. */
  body: any;
  rawBody: string;
  /** What the official SDK's request type found wrong with the body (allowed known violations only; others are answered 400). */
  sdkProblems?: string[];
}

export type Behaviour<Recorded> = (req: Recorded, res: http.ServerResponse) => void | Promise<void>;

/** Picks the answer to a request from its content, or leaves it to the default answer (undefined). */
export type Script<Recorded> = (req: Recorded) => Behaviour<Recorded> | undefined;

/** What a test may give every fake's `start`. */
export interface FakeOptions<Recorded> {
  /**
   * Consulted for each request nothing is queued for, before the default answer: for
   * clients that cannot `enqueue` (a Python SDK run), an answer chosen by e.g. the model.
   */
  script?: Script<Recorded>;
  /** Which SDK's request types the oracle checks bodies against (test/support/sdk-validate); `off` for a fake fed junk on purpose. */
  sdkCheck?: SdkCheck;
  /**
   * Oracle problems a real client writes into a body the gateway relays unchanged (fields newer
   * than the pinned SDK's request type): let through for this fake only, each a pattern over the
   * problem line. Never for what the gateway itself writes.
   */
  clientFields?: readonly RegExp[];
}

interface FakeServerSetup<Recorded> extends FakeOptions<Recorded> {
  /** The format's own answer to a request nothing else took. */
  answer: Behaviour<Recorded>;
  /** Appended to `http://127.0.0.1:{port}` to make `baseUrl`, e.g. `/v1`. */
  basePath?: string;
  /** Who the fake is, for the message of `waitForEarlyClose`. */
  name: string;
}

/**
 * The machinery of every fake upstream: a server on a free 127.0.0.1 port that records
 * every request, answers it with a queued behaviour (else the script's choice, else the
 * format's default answer) and notices callers that hang up before the answer is
 * complete. A subclass builds its recorded shape in `record` and offers a static
 * `start` that calls `listen`.
 */
export abstract class FakeServer<Recorded extends RecordedRequest> {
  readonly requests: Recorded[] = [];
  /** Responses the other side closed before they were complete (an aborted upstream call). */
  closedEarly = 0;
  private readonly queue: Behaviour<Recorded>[] = [];
  private readonly closeWaiters: Array<() => void> = [];
  private readonly server = keptAlive(http.createServer((req, res) => void this.handle(req, res)));

  protected constructor(private readonly setup: FakeServerSetup<Recorded>) {}

  /** The recorded request, built from the fields every fake keeps. */
  protected abstract record(common: RecordedRequest): Recorded;

  protected async listen(): Promise<this> {
    // Started here, in the test's setup, so the first request does not wait for the SDK imports.
    if (this.setup.sdkCheck !== 'off') await startSdkOracle();
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}${this.setup.basePath ?? ''}`;
  }

  get last(): Recorded {
    return this.requests[this.requests.length - 1];
  }

  /** The next requests get these behaviours in order; later ones get the script's or the default answer. */
  enqueue(...behaviours: Behaviour<Recorded>[]): this {
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
      const timer = setTimeout(() => reject(new Error(`the ${this.setup.name} fake never saw the caller close the connection`)), timeoutMs);
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
    const path = req.url ?? '';
    const common: RecordedRequest = { method: req.method ?? '', path, ...splitTarget(path), headers: req.headers, body: parseJson(rawBody), rawBody };
    let recorded: Recorded;
    try {
      recorded = this.record(common);
    } catch {
      // A body of the right JSON but the wrong shape (a relayed client's junk): a real provider answers 400.
      recorded = common as Recorded;
      this.requests.push(recorded);
      return json(res, 400, { error: { message: `${this.setup.name} fake: malformed request body`, type: 'invalid_request_error' } });
    }
    this.requests.push(recorded);
    res.on('close', () => {
      if (res.writableFinished) return;
      this.closedEarly++;
      for (const waiter of this.closeWaiters.splice(0)) waiter();
    });
    // A body the provider's official SDK types refuse is what the real provider would refuse: answered 400 before any behaviour.
    const violation = await sdkViolation(this.setup.name, recorded, this.setup.sdkCheck, this.setup.clientFields);
    if (violation) return json(res, 400, violation);
    const behaviour = this.queue.shift() ?? this.setup.script?.(recorded) ?? this.setup.answer;
    try {
      await behaviour(recorded, res);
    } catch {
      // A behaviour that trips over a body of a shape no test sends (the property test's junk) answers as a provider would.
      if (!res.headersSent) json(res, 400, { error: { message: `${this.setup.name} fake: malformed request body`, type: 'invalid_request_error' } });
      else res.destroy();
    }
  }
}

/**
 * Node closes an idle keep-alive socket after 5 s and tells the client so; the gateway's HTTP
 * client retires it a second or two earlier. On a loaded machine its event loop can lag past that
 * margin and send the next call down a socket the fake is closing: a reset, answered 502
 * upstream_unreachable, that no provider would cause. Two minutes puts the race past any test's pause.
 */
const FAKE_KEEP_ALIVE_MS = 120_000;

function keptAlive(server: http.Server): http.Server {
  server.keepAliveTimeout = FAKE_KEEP_ALIVE_MS;
  return server;
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** The path and the parsed query of a request target such as `/v1beta/models/m:streamGenerateContent?alt=sse`. */
export function splitTarget(path: string): { pathname: string; query: Record<string, string> } {
  const url = new URL(path || '/', 'http://127.0.0.1');
  return { pathname: url.pathname, query: Object.fromEntries(url.searchParams) };
}

/** Answers with `body` as JSON; `headers` cannot override the content type or length. */
export function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}, contentType = 'application/json'): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...headers, 'content-type': contentType, 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** One server-sent event; `event` adds the `event:` line that some formats name each event with. */
export function sse(data: unknown, event?: string): string {
  return `${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How a scripted stream misbehaves; counts are of the pieces already sent. */
export interface StreamFaults {
  /** A pause before each piece, so the caller reads while the stream is still going. */
  intervalMs?: number;
  /** Destroy the socket once this many pieces went out (a dropped upstream). */
  resetAfter?: number;
  /** Stop writing, without ending, once this many pieces went out (a stalled upstream). */
  hangAfter?: number;
  /** The format's in-stream error (e.g. overloaded) once this many pieces went out. */
  errorAfter?: { pieces: number };
}

/**
 * Waits the interval, then says what to do about the next piece: send it, stop (the
 * caller left, the socket was reset, or the stream stalls here) or send the in-stream error.
 */
export async function nextPiece(res: http.ServerResponse, sent: number, faults: StreamFaults): Promise<'send' | 'stop' | 'error'> {
  if (faults.intervalMs) await sleep(faults.intervalMs);
  if (res.destroyed) return 'stop';
  if (faults.resetAfter === sent) {
    res.socket?.destroy();
    return 'stop';
  }
  if (faults.hangAfter === sent) return 'stop';
  return faults.errorAfter?.pieces === sent ? 'error' : 'send';
}

/** The behaviours every format offers, given its way of writing a JSON answer. */
export function commonBehaviours<Recorded>(writeJson: (res: http.ServerResponse, status: number, body: unknown, headers?: Record<string, string>) => void) {
  return {
    /** Any status and body, for shapes the format's helpers do not cover. */
    status: (status: number, body: unknown, headers: Record<string, string> = {}): Behaviour<Recorded> => (_req, res) => writeJson(res, status, body, headers),

    delay: (ms: number, then: Behaviour<Recorded>): Behaviour<Recorded> => async (req, res) => {
      await sleep(ms);
      if (!res.destroyed) await then(req, res);
    },

    /** Never answers: the caller must time out or give up. */
    hang: (): Behaviour<Recorded> => () => undefined,

    /** Accepts the request and drops the connection without a response. */
    reset: (): Behaviour<Recorded> => (_req, res) => void res.socket?.destroy(),

    /** A redirect (`status` 301/302/307/308) to `location`, with the small HTML body servers add. */
    redirect: (status: number, location: string): Behaviour<Recorded> => (_req, res) => {
      const body = `<a href="${location}">Moved</a>`;
      res.writeHead(status, { location, 'content-type': 'text/html', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    },

    /**
     * A 200 JSON answer of `bytes` bytes (a chat completion whose content is `xxx...`), written
     * in 64 KiB pieces as the reader takes them: an oversized answer. `sentBytes` tells how much
     * went out. A real completion, so one relayed whole passes the test gateways' answer check.
     */
    largeJson: (bytes: number, sent: { bytes: number } = { bytes: 0 }): Behaviour<Recorded> => async (_req, res) => {
      const head = '{"id":"chatcmpl-large","object":"chat.completion","created":1,"model":"large","choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant","content":"';
      const tail = '"}}]}';
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': bytes });
      const piece = Buffer.alloc(64 * 1024, 'x');
      let left = bytes - head.length - tail.length;
      res.write(head);
      while (left > 0 && !res.destroyed) {
        const chunk = left >= piece.length ? piece : piece.subarray(0, left);
        left -= chunk.length;
        sent.bytes += chunk.length;
        if (!res.write(chunk)) await new Promise((resolve) => (res.once('drain', resolve), res.once('close', resolve)));
      }
      if (!res.destroyed) res.end(tail);
    },
  };
}
