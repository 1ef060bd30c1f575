import type http from 'node:http';
import { json, RecordingServer, type BaseRecordedRequest } from './recording-server';

export type RecordedRequest = BaseRecordedRequest;

export type Behaviour = (req: RecordedRequest, res: http.ServerResponse) => void | Promise<void>;

export const USAGE = { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18, prompt_tokens_details: { cached_tokens: 3 }, completion_tokens_details: { reasoning_tokens: 2 } };

/**
 * A local OpenAI-compatible server for tests: it records every request, answers
 * with a programmable behaviour (queued per request, else a sensible default)
 * and notices when the gateway hangs up on it before it finished answering.
 */
export class FakeOpenAiUpstream extends RecordingServer<RecordedRequest> {
  private constructor() {
    super({ fallback: defaultBehaviour, basePath: '/v1', earlyCloseTimeoutMessage: 'the upstream never saw the gateway close the connection' });
  }

  static start(): Promise<FakeOpenAiUpstream> {
    return new FakeOpenAiUpstream().listen();
  }

  protected record(common: BaseRecordedRequest): RecordedRequest {
    return common;
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
