import type http from 'node:http';
import { json as writeJson, RecordingServer, splitTarget, type BaseRecordedRequest } from './recording-server';

export interface GeminiRecordedRequest extends BaseRecordedRequest {
  /** The path alone, e.g. `/v1beta/models/gemini-2.5-flash:generateContent`. */
  pathname: string;
  /** Parsed query, e.g. `{ alt: 'sse' }`; tests check no client `key` leaks through. */
  query: Record<string, string>;
  /** From `/{apiVersion}/models/{model}:{rpc}`; empty when the path has another shape. */
  apiVersion: string;
  model: string;
  rpc: string;
}

export type GeminiBehaviour = (req: GeminiRecordedRequest, res: http.ServerResponse) => void | Promise<void>;

/** Gemini counts cached tokens inside the prompt and thoughts inside the total. */
export const GEMINI_USAGE = { promptTokenCount: 13, candidatesTokenCount: 8, cachedContentTokenCount: 4, thoughtsTokenCount: 2, totalTokenCount: 23 };

const MODEL_PATH = /^\/(v1beta|v1alpha|v1)\/models\/([^/:]+):([A-Za-z]+)$/;

/**
 * A local server speaking the Gemini API (generativelanguage) wire format: it records
 * every request with the model and RPC taken from the path, answers with a queued
 * behaviour (else one chosen by the RPC) and notices callers that hang up early.
 * `baseUrl` has no version, because the google-genai SDK appends `/v1beta/models/…`.
 */
export class FakeGeminiUpstream extends RecordingServer<GeminiRecordedRequest> {
  private constructor() {
    super({ fallback: defaultBehaviour, earlyCloseTimeoutMessage: 'the Gemini upstream never saw the caller close the connection' });
  }

  static start(): Promise<FakeGeminiUpstream> {
    return new FakeGeminiUpstream().listen();
  }

  protected record({ method, path, ...rest }: BaseRecordedRequest): GeminiRecordedRequest {
    const { pathname, query } = splitTarget(path);
    // The model may arrive percent-encoded; tests compare it with the plain name.
    const [, apiVersion = '', model = '', rpc = ''] = MODEL_PATH.exec(decodeURIComponent(pathname)) ?? [];
    return { method, path, pathname, query, apiVersion, model, rpc, ...rest };
  }
}

const defaultBehaviour: GeminiBehaviour = (req, res) => {
  switch (req.rpc) {
    case 'generateContent':
      return respondGemini.generate()(req, res);
    case 'streamGenerateContent':
      return respondGemini.stream(['Hello', ' from', ' upstream'])(req, res);
    case 'embedContent':
      return respondGemini.embed()(req, res);
    case 'batchEmbedContents':
      return respondGemini.batchEmbed()(req, res);
    default:
      return respondGemini.error(404, 'NOT_FOUND', `Method not found: ${req.pathname}`)(req, res);
  }
};

/** Text of the last user turn; a content without a role counts as the user's, as Gemini treats it. */
export function lastGeminiUserText(body: any): string {
  const contents: any[] = body?.contents ?? [];
  const last = [...contents].reverse().find((c) => c?.role === undefined || c.role === 'user');
  const parts: any[] = last?.parts ?? [];
  return parts.filter((p) => typeof p?.text === 'string').map((p) => p.text).join('');
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface GeminiFunctionCall {
  name: string;
  args: Record<string, unknown>;
}

export interface GeminiGenerateOptions {
  /** Replaces the default `reply to: …` text; `null` answers with the functionCall part alone. */
  text?: string | null;
  functionCall?: GeminiFunctionCall;
  finishReason?: string;
  usage?: Record<string, unknown>;
}

export interface GeminiStreamOptions {
  intervalMs?: number;
  /** Destroy the socket once this many text pieces went out (a dropped upstream). */
  resetAfter?: number;
  /** Stop writing, without ending, once this many text pieces went out (a stalled upstream). */
  hangAfter?: number;
  /** A functionCall part in a chunk of its own after the text. */
  functionCall?: GeminiFunctionCall;
  /** Gemini's in-stream `{"error":{…}}` element once this many text pieces went out. */
  errorAfter?: { pieces: number; code?: number; status?: string; message?: string };
  usage?: Record<string, unknown>;
}

function candidate(parts: unknown[], finishReason?: string) {
  return { content: { role: 'model', parts }, ...(finishReason ? { finishReason } : {}), index: 0 };
}

/** Ready-made behaviours. */
export const respondGemini = {
  generate: (options: GeminiGenerateOptions = {}): GeminiBehaviour => (req, res) => {
    const parts: unknown[] = [];
    const text = options.text === undefined ? `reply to: ${lastGeminiUserText(req.body)}` : options.text;
    if (text !== null) parts.push({ text });
    if (options.functionCall) parts.push({ functionCall: options.functionCall });
    json(res, 200, {
      candidates: [candidate(parts, options.finishReason ?? 'STOP')],
      usageMetadata: options.usage ?? GEMINI_USAGE,
      modelVersion: req.model,
      responseId: 'fake-gemini-response-1',
    });
  },

  /**
   * `?alt=sse` gets `data: <json>\r\n\r\n` events, as Google frames them. Without it
   * Gemini streams one JSON array whose pretty-printed elements arrive over time,
   * joined by `\n,\r\n`: a relay that splits on lines or waits for valid JSON breaks.
   */
  stream: (pieces: string[], options: GeminiStreamOptions = {}): GeminiBehaviour => async (req, res) => {
    const sse = req.query.alt === 'sse';
    res.writeHead(200, { 'content-type': sse ? 'text/event-stream' : 'application/json; charset=UTF-8' });
    let elements = 0;
    const send = (element: unknown) => {
      if (sse) res.write(`data: ${JSON.stringify(element)}\r\n\r\n`);
      else res.write(`${elements === 0 ? '[' : '\n,\r\n'}${JSON.stringify(element, null, 2)}`);
      elements++;
    };
    const finish = () => res.end(sse ? undefined : elements === 0 ? '[]' : '\n]');
    const usage: Record<string, unknown> = options.usage ?? GEMINI_USAGE;
    // Every chunk tells the prompt size so far; only the last one has the full count.
    const partialUsage = { promptTokenCount: usage.promptTokenCount, totalTokenCount: usage.promptTokenCount };
    const chunk = (parts: unknown[], last: boolean) => ({
      candidates: [candidate(parts, last ? 'STOP' : undefined)],
      usageMetadata: last ? usage : partialUsage,
      modelVersion: req.model,
      responseId: 'fake-gemini-stream-1',
    });
    const chunks: unknown[][] = pieces.map((text) => [{ text }]);
    if (options.functionCall) chunks.push([{ functionCall: options.functionCall }]);
    if (chunks.length === 0) chunks.push([{ text: '' }]);
    for (const [i, parts] of chunks.entries()) {
      const isText = i < pieces.length;
      if (options.intervalMs) await sleep(options.intervalMs);
      if (res.destroyed) return;
      if (isText && options.resetAfter === i) return void res.socket?.destroy();
      if (isText && options.hangAfter === i) return;
      if (isText && options.errorAfter?.pieces === i) {
        const { code = 500, status = 'INTERNAL', message = 'An internal error has occurred.' } = options.errorAfter;
        send({ error: { code, message, status } });
        return void finish();
      }
      send(chunk(parts, i === chunks.length - 1));
    }
    finish();
  },

  /** `embedContent`: one vector for one content. */
  embed: (values: number[] = [0.25, -0.5, 0.125]): GeminiBehaviour => (_req, res) => json(res, 200, { embedding: { values } }),

  /** `batchEmbedContents`: one vector per request, distinct so tests can check the order. */
  batchEmbed: (): GeminiBehaviour => (req, res) => {
    const requests: unknown[] = Array.isArray(req.body?.requests) ? req.body.requests : [];
    json(res, 200, { embeddings: requests.map((_, i) => ({ values: [0.25 + i, -0.5, 0.125] })) });
  },

  /** Google's error envelope, e.g. `error(429, 'RESOURCE_EXHAUSTED', 'quota', { headers: { 'retry-after': '3' } })`. */
  error: (code: number, status: string, message: string, extra: { headers?: Record<string, string>; details?: unknown[] } = {}): GeminiBehaviour => (_req, res) =>
    json(res, code, { error: { code, message, status, ...(extra.details ? { details: extra.details } : {}) } }, extra.headers),

  /** Any status and body, for shapes the helpers above do not cover. */
  status: (status: number, body: unknown, headers: Record<string, string> = {}): GeminiBehaviour => (_req, res) => json(res, status, body, headers),

  delay: (ms: number, then: GeminiBehaviour): GeminiBehaviour => async (req, res) => {
    await sleep(ms);
    if (!res.destroyed) await then(req, res);
  },

  /** Never answers: the caller must time out or give up. */
  hang: (): GeminiBehaviour => () => undefined,

  /** Accepts the request and drops the connection without a response. */
  reset: (): GeminiBehaviour => (_req, res) => void res.socket?.destroy(),
};

/** Google labels its JSON with the charset. */
function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  writeJson(res, status, body, headers, 'application/json; charset=UTF-8');
}
