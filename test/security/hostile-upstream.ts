import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The wire format a request to the hostile upstream was made in, read from its path. */
export type UpstreamFormat = 'openai' | 'anthropic' | 'gemini';

export interface SeenRequest {
  format: UpstreamFormat;
  stream: boolean;
  headers: http.IncomingHttpHeaders;
}

/** How the upstream answers a request it has read. */
export type Answer = (seen: SeenRequest, res: http.ServerResponse) => void | Promise<void>;

/**
 * One plain HTTP server that stands in for an OpenAI, Anthropic and Gemini provider at
 * once (OpenAI under `/v1/chat/completions`, Anthropic under `/v1/messages`, Gemini under
 * `/{version}/models/...`), answering whatever `answer` says: the attacks of the security
 * tests are written there, in each provider's own wire format.
 */
export class HostileUpstream {
  readonly seen: SeenRequest[] = [];
  answer: Answer = (_seen, res) => void res.writeHead(500).end();
  private readonly server = http.createServer((req, res) => void this.handle(req, res));

  static async start(): Promise<HostileUpstream> {
    const upstream = new HostileUpstream();
    await new Promise<void>((resolve) => upstream.server.listen(0, '127.0.0.1', resolve));
    return upstream;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  reset(): void {
    this.seen.length = 0;
  }

  async close(): Promise<void> {
    // Answers that never come hold their sockets open; close would wait on them forever.
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = req.url ?? '';
    const format: UpstreamFormat = path.includes('/models/') ? 'gemini' : path.endsWith('/messages') ? 'anthropic' : 'openai';
    let body: { stream?: unknown } = {};
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      // Not every attack needs the body.
    }
    const seen = { format, stream: format === 'gemini' ? path.includes(':streamGenerateContent') : body.stream === true, headers: req.headers };
    this.seen.push(seen);
    await this.answer(seen, res);
  }
}

/** `value` with every character written as a JSON \u escape: what a naive scrubber never matches. */
export function jsonEscaped(value: string): string {
  return [...value].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
}

/** `value` with only its first two characters escaped, the rest as they are. */
export function partlyEscaped(value: string): string {
  return jsonEscaped(value.slice(0, 2)) + value.slice(2);
}

/** Each format's error body, its message carrying `spelled` (a key as raw JSON text), also as a member name. */
export function errorBody(format: UpstreamFormat, spelled: string): string {
  switch (format) {
    case 'openai':
      return `{"error":{"message":"Incorrect API key provided: ${spelled}","type":"invalid_request_error","param":null,"code":"invalid_api_key","${spelled}":1}}`;
    case 'anthropic':
      return `{"type":"error","error":{"type":"invalid_request_error","message":"invalid x-api-key ${spelled}","${spelled}":1}}`;
    case 'gemini':
      return `{"error":{"code":400,"message":"API key not valid: ${spelled}","status":"INVALID_ARGUMENT","details":[{"${spelled}":1}]}}`;
  }
}

/** A normal first event of each format's stream, then an error event carrying `spelled`, as two pieces cut inside the key. */
export function streamWithError(format: UpstreamFormat, spelled: string): { first: string; errorParts: [string, string] } {
  const split = (text: string): [string, string] => {
    const at = text.indexOf(spelled) + Math.floor(spelled.length / 2);
    return [text.slice(0, at), text.slice(at)];
  };
  switch (format) {
    case 'openai':
      return {
        first: 'data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","content":"hi"},"finish_reason":null}]}\n\n',
        errorParts: split(`data: {"error":{"message":"Incorrect API key provided: ${spelled}","type":"server_error","code":null}}\n\n`),
      };
    case 'anthropic':
      return {
        first:
          'event: message_start\ndata: {"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"claude-x","content":[],"stop_reason":null,"usage":{"input_tokens":1,"output_tokens":0}}}\n\n' +
          'event: content_block_start\ndata: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}\n\n' +
          'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"hi"}}\n\n',
        errorParts: split(`event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"key ${spelled} is overloaded"}}\n\n`),
      };
    case 'gemini':
      return {
        first: 'data: {"candidates":[{"content":{"role":"model","parts":[{"text":"hi"}]},"index":0}],"modelVersion":"gemini-x"}\r\n\r\n',
        errorParts: split(`data: {"error":{"code":500,"message":"Internal error for key ${spelled}","status":"INTERNAL"}}\r\n\r\n`),
      };
  }
}

/**
 * Gemini's stream without `alt=sse`: one JSON array written element by element (`[{...}\n,\r\n{...}\n]`), its
 * first element a normal response, then an error element carrying `spelled`, as two pieces cut inside the key, then the close.
 */
export function jsonArrayWithError(spelled: string): { first: string; errorParts: [string, string]; last: string } {
  const error = `\n,\r\n{\n  "error": {\n    "code": 400,\n    "message": "API key not valid: ${spelled}",\n    "status": "INVALID_ARGUMENT",\n    "details": [{"${spelled}": 1}]\n  }\n}`;
  const at = error.indexOf(spelled) + Math.floor(spelled.length / 2);
  return {
    first: '[{\n  "candidates": [{"content": {"role": "model", "parts": [{"text": "hi [\\"quoted\\"] {"}]}, "index": 0}],\n  "modelVersion": "gemini-x"\n}',
    errorParts: [error.slice(0, at), error.slice(at)],
    last: '\n]',
  };
}

/** Each format's smallest successful answer, streamed or whole. */
export function successBody(format: UpstreamFormat, stream: boolean): string {
  if (stream) {
    const { first } = streamWithError(format, 'x');
    return format === 'openai' ? `${first}data: [DONE]\n\n` : format === 'anthropic' ? `${first}event: message_stop\ndata: {"type":"message_stop"}\n\n` : first;
  }
  switch (format) {
    case 'openai':
      return '{"id":"c1","object":"chat.completion","created":1,"model":"m","choices":[{"index":0,"message":{"role":"assistant","content":"hi"},"finish_reason":"stop"}],"usage":{"prompt_tokens":1,"completion_tokens":1,"total_tokens":2}}';
    case 'anthropic':
      return '{"id":"msg_1","type":"message","role":"assistant","model":"claude-x","content":[{"type":"text","text":"hi"}],"stop_reason":"end_turn","usage":{"input_tokens":1,"output_tokens":1}}';
    case 'gemini':
      return '{"candidates":[{"content":{"role":"model","parts":[{"text":"hi"}]},"finishReason":"STOP","index":0}],"usageMetadata":{"promptTokenCount":1,"candidatesTokenCount":1,"totalTokenCount":2},"modelVersion":"gemini-x"}';
  }
}
