import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: any;
  rawBody: string;
}

export type Behaviour = (req: RecordedRequest, res: http.ServerResponse) => void | Promise<void>;

export const USAGE = { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18, prompt_tokens_details: { cached_tokens: 3 }, completion_tokens_details: { reasoning_tokens: 2 } };

/**
 * A local OpenAI-compatible server for tests: it records every request, answers
 * with a programmable behaviour (queued per request, else a sensible default)
 * and notices when the gateway hangs up on it before it finished answering.
 */
export class FakeOpenAiUpstream {
  readonly requests: RecordedRequest[] = [];
  /** Responses the other side closed before they were complete (an aborted upstream call). */
  closedEarly = 0;
  private readonly queue: Behaviour[] = [];
  private readonly closeWaiters: Array<() => void> = [];

  private constructor(private readonly server: http.Server) {}

  static async start(): Promise<FakeOpenAiUpstream> {
    const server = http.createServer();
    const upstream = new FakeOpenAiUpstream(server);
    server.on('request', (req, res) => void upstream.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return upstream;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}/v1`;
  }

  get last(): RecordedRequest {
    return this.requests[this.requests.length - 1];
  }

  /** The next request gets this behaviour; later ones fall back to the default. */
  enqueue(...behaviours: Behaviour[]): this {
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
      const timer = setTimeout(() => reject(new Error('the upstream never saw the gateway close the connection')), timeoutMs);
      this.closeWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  async close(): Promise<void> {
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
    const recorded: RecordedRequest = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body, rawBody };
    this.requests.push(recorded);
    res.on('close', () => {
      if (res.writableFinished) return;
      this.closedEarly++;
      for (const waiter of this.closeWaiters.splice(0)) waiter();
    });
    const behaviour = this.queue.shift() ?? defaultBehaviour;
    try {
      await behaviour(recorded, res);
    } catch {
      res.destroy();
    }
  }
}

const defaultBehaviour: Behaviour = (req, res) => {
  if (req.path.endsWith('/embeddings')) return respond.embeddings()(req, res);
  if (req.body?.stream) return respond.stream(['Hello', ' from', ' upstream'])(req, res);
  return respond.chat()(req, res);
};

function lastUserText(body: any): string {
  const messages: any[] = body?.messages ?? [];
  const last = [...messages].reverse().find((m) => m.role === 'user');
  return typeof last?.content === 'string' ? last.content : '';
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Ready-made behaviours. */
export const respond = {
  chat: (message: Record<string, unknown> = {}): Behaviour => (req, res) => {
    json(res, 200, {
      id: 'chatcmpl-upstream-1',
      object: 'chat.completion',
      created: 1_700_000_000,
      model: `${req.body?.model}-2024-01-01`,
      system_fingerprint: 'fp_test',
      choices: [{ index: 0, message: { role: 'assistant', content: `reply to: ${lastUserText(req.body)}`, refusal: null, ...message }, logprobs: null, finish_reason: message.tool_calls ? 'tool_calls' : 'stop' }],
      usage: USAGE,
    });
  },

  stream: (pieces: string[], options: { intervalMs?: number; resetAfter?: number; hangAfter?: number; toolCall?: { name: string; args: string[] } } = {}): Behaviour =>
    async (req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const base = { id: 'chatcmpl-upstream-s', object: 'chat.completion.chunk', created: 1_700_000_000, model: `${req.body?.model}-2024-01-01` };
      const send = (choices: unknown[], extra: Record<string, unknown> = {}) => res.write(`data: ${JSON.stringify({ ...base, choices, ...extra })}\n\n`);
      send([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }]);
      let sent = 0;
      if (options.toolCall) {
        send([{ index: 0, delta: { tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: options.toolCall.name, arguments: '' } }] }, finish_reason: null }]);
        for (const arg of options.toolCall.args) send([{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: arg } }] }, finish_reason: null }]);
      }
      for (const piece of pieces) {
        if (options.intervalMs) await sleep(options.intervalMs);
        if (res.destroyed) return;
        if (options.resetAfter !== undefined && sent === options.resetAfter) return void res.socket?.destroy();
        if (options.hangAfter !== undefined && sent === options.hangAfter) return;
        send([{ index: 0, delta: { content: piece }, finish_reason: null }]);
        sent++;
      }
      send([{ index: 0, delta: {}, finish_reason: options.toolCall ? 'tool_calls' : 'stop' }]);
      if (req.body?.stream_options?.include_usage) send([], { usage: USAGE });
      res.end('data: [DONE]\n\n');
    },

  embeddings: (): Behaviour => (req, res) => {
    const inputs: unknown[] = Array.isArray(req.body?.input) ? req.body.input : [req.body?.input];
    const vectors = inputs.map((_, i) => [0.25 + i, -0.5, 0.125]);
    const base64 = req.body?.encoding_format === 'base64';
    json(res, 200, {
      object: 'list',
      model: req.body?.model,
      data: vectors.map((v, index) => ({ object: 'embedding', index, embedding: base64 ? Buffer.from(Float32Array.from(v).buffer).toString('base64') : v })),
      usage: { prompt_tokens: 5, total_tokens: 5 },
    });
  },

  status: (status: number, body: unknown, headers: Record<string, string> = {}): Behaviour => (_req, res) => json(res, status, body, headers),

  delay: (ms: number, then: Behaviour): Behaviour => async (req, res) => {
    await sleep(ms);
    if (!res.destroyed) await then(req, res);
  },

  /** Never answers: the gateway must time out or notice the client leaving. */
  hang: (): Behaviour => () => undefined,

  /** Accepts the request and drops the connection without a response. */
  reset: (): Behaviour => (_req, res) => void res.socket?.destroy(),
};

function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
