import type http from 'node:http';
import { json as writeJson, RecordingServer, splitTarget, type BaseRecordedRequest } from './recording-server';

export interface AnthropicRecordedRequest extends BaseRecordedRequest {
  /** The path alone, e.g. `/v1/messages`. */
  pathname: string;
  query: Record<string, string>;
}

export type AnthropicBehaviour = (req: AnthropicRecordedRequest, res: http.ServerResponse) => void | Promise<void>;

/** What every ready-made answer reports, so usage-accounting tests can assert exact numbers. */
export const ANTHROPIC_USAGE = { input_tokens: 12, output_tokens: 6, cache_creation_input_tokens: 4, cache_read_input_tokens: 5 };

/**
 * A local server speaking the Anthropic Messages wire format, for passthrough tests:
 * it records every request, answers with a queued behaviour (else a default that
 * streams when `body.stream` is true) and notices callers that hang up early.
 * `baseUrl` has no `/v1`, because the Anthropic SDK appends `/v1/messages` itself.
 */
export class FakeAnthropicUpstream extends RecordingServer<AnthropicRecordedRequest> {
  private constructor() {
    super({ fallback: defaultBehaviour, earlyCloseTimeoutMessage: 'the Anthropic upstream never saw the caller close the connection' });
  }

  static start(): Promise<FakeAnthropicUpstream> {
    return new FakeAnthropicUpstream().listen();
  }

  protected record({ method, path, ...rest }: BaseRecordedRequest): AnthropicRecordedRequest {
    return { method, path, ...splitTarget(path), ...rest };
  }
}

const defaultBehaviour: AnthropicBehaviour = (req, res) => {
  if (req.pathname === '/v1/messages/count_tokens') return respondAnthropic.countTokens()(req, res);
  if (req.pathname !== '/v1/messages') return respondAnthropic.error(404, 'not_found_error', `Not found: ${req.pathname}`)(req, res);
  if (req.body?.stream) return respondAnthropic.stream(['Hello', ' from', ' upstream'])(req, res);
  return respondAnthropic.message()(req, res);
};

/** The text of the last user turn; content is either a string or an array of blocks. */
export function lastAnthropicUserText(body: any): string {
  const messages: any[] = body?.messages ?? [];
  const last = [...messages].reverse().find((m) => m.role === 'user');
  if (typeof last?.content === 'string') return last.content;
  if (!Array.isArray(last?.content)) return '';
  return last.content.filter((b: any) => b?.type === 'text').map((b: any) => b.text).join('');
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface AnthropicToolUse {
  id?: string;
  name: string;
  input: Record<string, unknown>;
}

export interface AnthropicMessageOptions {
  /** Replaces the default `reply to: …` text; `null` answers with the tool_use block alone. */
  text?: string | null;
  toolUse?: AnthropicToolUse;
  usage?: Record<string, unknown>;
}

export interface AnthropicStreamOptions {
  intervalMs?: number;
  /** Destroy the socket once this many text pieces went out (a dropped upstream). */
  resetAfter?: number;
  /** Stop writing, without ending, once this many text pieces went out (a stalled upstream). */
  hangAfter?: number;
  /** A tool_use block after the text, its input streamed as these `partial_json` fragments. */
  toolUse?: { id?: string; name: string; inputJson: string[] };
  /** Anthropic's in-stream `event: error` (e.g. overloaded) once this many text pieces went out. */
  errorAfter?: { pieces: number; type?: string; message?: string };
}

/** Ready-made behaviours. */
export const respondAnthropic = {
  message: (options: AnthropicMessageOptions = {}): AnthropicBehaviour => (req, res) => {
    const content: unknown[] = [];
    const text = options.text === undefined ? `reply to: ${lastAnthropicUserText(req.body)}` : options.text;
    if (text !== null) content.push({ type: 'text', text });
    if (options.toolUse) content.push({ type: 'tool_use', id: options.toolUse.id ?? 'toolu_fake_1', name: options.toolUse.name, input: options.toolUse.input });
    json(res, 200, {
      id: 'msg_fake_1',
      type: 'message',
      role: 'assistant',
      model: req.body?.model,
      content,
      stop_reason: options.toolUse ? 'tool_use' : 'end_turn',
      stop_sequence: null,
      usage: options.usage ?? ANTHROPIC_USAGE,
    });
  },

  stream: (pieces: string[], options: AnthropicStreamOptions = {}): AnthropicBehaviour => async (req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', 'request-id': 'req_fake_stream' });
    // Anthropic names every event twice: in the `event:` line (which SDKs dispatch on) and in data.type.
    const send = (data: { type: string } & Record<string, unknown>) => res.write(`event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`);
    const { output_tokens, ...inputUsage } = ANTHROPIC_USAGE;
    send({
      type: 'message_start',
      message: { id: 'msg_fake_stream', type: 'message', role: 'assistant', model: req.body?.model, content: [], stop_reason: null, stop_sequence: null, usage: { ...inputUsage, output_tokens: 1 } },
    });
    let index = 0;
    // Anthropic sends one ping, right after the first block opens.
    const startBlock = (content_block: Record<string, unknown>) => {
      send({ type: 'content_block_start', index, content_block });
      if (index === 0) send({ type: 'ping' });
    };
    if (pieces.length > 0) {
      startBlock({ type: 'text', text: '' });
      let sent = 0;
      for (const piece of pieces) {
        if (options.intervalMs) await sleep(options.intervalMs);
        if (res.destroyed) return;
        if (options.resetAfter === sent) return void res.socket?.destroy();
        if (options.hangAfter === sent) return;
        if (options.errorAfter?.pieces === sent) {
          const { type = 'overloaded_error', message = 'Overloaded' } = options.errorAfter;
          send({ type: 'error', error: { type, message } });
          return void res.end();
        }
        send({ type: 'content_block_delta', index, delta: { type: 'text_delta', text: piece } });
        sent++;
      }
      send({ type: 'content_block_stop', index });
      index++;
    }
    if (options.toolUse) {
      const { id = 'toolu_fake_1', name, inputJson } = options.toolUse;
      startBlock({ type: 'tool_use', id, name, input: {} });
      for (const partial_json of inputJson) send({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json } });
      send({ type: 'content_block_stop', index });
    }
    send({ type: 'message_delta', delta: { stop_reason: options.toolUse ? 'tool_use' : 'end_turn', stop_sequence: null }, usage: { output_tokens } });
    send({ type: 'message_stop' });
    res.end();
  },

  countTokens: (): AnthropicBehaviour => (_req, res) => json(res, 200, { input_tokens: ANTHROPIC_USAGE.input_tokens }),

  /** Anthropic's error envelope, e.g. `error(429, 'rate_limit_error', 'slow down', { 'retry-after': '7' })`. */
  error: (status: number, type: string, message: string, headers: Record<string, string> = {}): AnthropicBehaviour => (_req, res) =>
    json(res, status, { type: 'error', error: { type, message } }, headers),

  /** Any status and body, for shapes the helpers above do not cover. */
  status: (status: number, body: unknown, headers: Record<string, string> = {}): AnthropicBehaviour => (_req, res) => json(res, status, body, headers),

  delay: (ms: number, then: AnthropicBehaviour): AnthropicBehaviour => async (req, res) => {
    await sleep(ms);
    if (!res.destroyed) await then(req, res);
  },

  /** Never answers: the caller must time out or give up. */
  hang: (): AnthropicBehaviour => () => undefined,

  /** Accepts the request and drops the connection without a response. */
  reset: (): AnthropicBehaviour => (_req, res) => void res.socket?.destroy(),
};

/** Every JSON answer carries a request id, as Anthropic's do. */
function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  writeJson(res, status, body, { 'request-id': 'req_fake_1', ...headers });
}
