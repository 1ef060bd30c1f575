import type http from 'node:http';
import zlib from 'node:zlib';
import type { AnswerKind } from './answer-validate';
import { isAllowedAnswerProblem } from './known-answer-violations';
import { validateAnswer } from './sdk-validator';

/**
 * Every successful answer a client gets from a test gateway, checked against the official
 * SDK's response model for its route (validate_answers.py, in the request oracle's
 * long-lived validator process). Installed by startGateway on the gateway's HTTP server:
 * a 'request' listener that runs before Express keeps a copy of the bytes written to each
 * client-facing route, and on 'finish' of a 2xx answer sends the body (or each event of a
 * stream) to the validator. `problems()` waits for the checks and returns what the SDK
 * models refuse, less the allow-list (known-answer-violations.ts).
 */

/** The model of a whole (JSON) answer and of each event of a stream on a route. */
interface RouteAnswer {
  /** `invocations`: the native invocations route answers chat or embeddings, by the endpoint's kind. */
  whole: AnswerKind | 'invocations';
  event?: AnswerKind;
}

// The unified routes (native, its mlflow alias) and the OpenAI passthrough (its neutral alias vendor-a) answer alike.
const OPENAI = String.raw`^/gateway/(?:native|mlflow|openai|vendor-a)/v1`;
const ANTHROPIC = String.raw`^/gateway/(?:anthropic|vendor-b)/v1/messages`;
const GEMINI = String.raw`^/gateway/(?:gemini|vendor-c)(?:/v1|/v1beta|/v1alpha)?/models/[^/]+:`;

const ROUTES: Array<[RegExp, RouteAnswer]> = [
  [new RegExp(`${OPENAI}/chat/completions$`), { whole: 'openai.ChatCompletion', event: 'openai.ChatCompletionChunk' }],
  [new RegExp(`${OPENAI}/responses$`), { whole: 'openai.Response', event: 'openai.ResponseStreamEvent' }],
  [new RegExp(`${OPENAI}/embeddings$`), { whole: 'openai.CreateEmbeddingResponse' }],
  // docs/api.md: the invocations routes (and MLflow's deployments `predict`) answer in OpenAI's chat or embeddings shapes.
  [/^\/gateway\/[^/]+\/(?:native|mlflow)\/invocations$|^\/endpoints\/[^/]+\/invocations$/, { whole: 'invocations', event: 'openai.ChatCompletionChunk' }],
  [new RegExp(`${ANTHROPIC}$`), { whole: 'anthropic.Message', event: 'anthropic.RawMessageStreamEvent' }],
  [new RegExp(`${ANTHROPIC}/count_tokens$`), { whole: 'anthropic.MessageTokensCount' }],
  [new RegExp(`${GEMINI}(?:generateContent|streamGenerateContent)$`), { whole: 'genai.GenerateContentResponse', event: 'genai.GenerateContentResponse' }],
  [new RegExp(`${GEMINI}embedContent$`), { whole: 'genai.SingleEmbedContentResponse' }],
  [new RegExp(`${GEMINI}batchEmbedContents$`), { whole: 'genai.EmbedContentResponse' }],
  [new RegExp(`${GEMINI}countTokens$`), { whole: 'genai.CountTokensResponse' }],
];

/** Bodies beyond this are not kept (a test of size limits): the copy must stay cheap. */
const MAX_CAPTURE_BYTES = 8 * 1024 * 1024;

interface Check {
  kind: AnswerKind;
  body: unknown;
  label: string;
  /** Found without the validator (an SSE framing problem): reported as is. */
  problem?: string;
}

export function routeAnswer(pathname: string): RouteAnswer | undefined {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  return ROUTES.find(([pattern]) => pattern.test(path))?.[1];
}

/**
 * The test file's live taps, on its jest global (fresh per test file, and the same whatever
 * module registry a file resets to): answer-check-hooks.ts reports their problems after each test.
 */
const TAPS = Symbol.for('model-gateway.answer-taps');
/** An in-process tap, or the reader of a gateway process's captured answers (answer-process-capture.ts). */
export interface AnswerSource {
  problems(): Promise<string[]>;
  closed: boolean;
}
const taps = (): Set<AnswerSource> => ((globalThis as Record<symbol, Set<AnswerSource>>)[TAPS] ??= new Set());

export function registerAnswerSource(source: AnswerSource): void {
  taps().add(source);
}

/** The problems every tap of this test file found since the last call; a closed tap is then forgotten. */
export async function takeAnswerProblems(): Promise<string[]> {
  const found: string[] = [];
  for (const tap of [...taps()]) {
    found.push(...(await tap.problems()));
    if (tap.closed) taps().delete(tap);
  }
  return found.filter((problem) => !isAllowedAnswerProblem(problem));
}

export class AnswerTap implements AnswerSource {
  private pending: Array<Promise<string[]>> = [];
  /** Set when its gateway closed: no answer comes after the pending ones. */
  closed = false;

  constructor(server: http.Server) {
    // Prepended: the copy is in place before Express (or anything else) writes.
    server.prependListener('request', this.onRequest);
    taps().add(this);
  }

  /** Waits for every check so far and returns their problems (once: they are then forgotten); the allow-list applies in takeAnswerProblems. */
  async problems(): Promise<string[]> {
    const found: string[] = [];
    while (this.pending.length > 0) {
      const batch = this.pending;
      this.pending = [];
      for (const problems of await Promise.all(batch)) found.push(...problems);
    }
    return found;
  }

  private readonly onRequest = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    if (req.method !== 'POST') return;
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://gateway');
    } catch {
      return; // A target no route takes (a hardening test's): the gateway answers it, the tap must not throw in its listener.
    }
    const route = routeAnswer(url.pathname);
    if (!route) return;
    const label = `${req.method} ${url.pathname}${url.search}${currentTest()}`;
    const chunks: Buffer[] = [];
    let size = 0;
    const keep = (chunk: unknown, encoding: unknown): void => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function' || size > MAX_CAPTURE_BYTES) return;
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.from(chunk as Uint8Array);
      size += buffer.length;
      chunks.push(buffer);
    };
    const write = res.write;
    const end = res.end;
    res.write = function (this: http.ServerResponse, chunk: unknown, ...rest: unknown[]) {
      keep(chunk, rest[0]);
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as typeof res.write;
    res.end = function (this: http.ServerResponse, chunk?: unknown, ...rest: unknown[]) {
      keep(chunk, rest[0]);
      return (end as (...args: unknown[]) => http.ServerResponse).call(this, chunk, ...rest);
    } as typeof res.end;
    // Only an answer that was sent whole: a cut stream never emits 'finish'.
    res.once('finish', () => {
      if (res.statusCode < 200 || res.statusCode > 299 || size > MAX_CAPTURE_BYTES) return;
      const status = `${label} → ${res.statusCode}`;
      this.pending.push(checkAnswer(route, status, sentHeader(res, 'content-type'), sentHeader(res, 'content-encoding'), Buffer.concat(chunks)));
    });
  };
}

/** A header as sent: `writeHead(status, headers)` leaves getHeader() empty, so the sent head is read when it is not there. */
function sentHeader(res: http.ServerResponse, name: string): string {
  const value = res.getHeader(name);
  if (value !== undefined) return String(value);
  const head = (res as unknown as { _header?: string })._header ?? '';
  return new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
}

export async function checkAnswer(route: RouteAnswer, label: string, contentType: string, encoding: string, raw: Buffer): Promise<string[]> {
  let checks: Check[];
  try {
    const text = decode(raw, encoding);
    if (text.trim() === '') return [];
    checks = /text\/event-stream/i.test(contentType) ? streamChecks(route, label, text) : wholeChecks(route, label, contentType, text);
  } catch (error) {
    return [`${label}: ${(error as Error).message}`];
  }
  const verdicts = await Promise.all(checks.map((c) => (c.problem ? { ok: false, problems: [c.problem] } : validateAnswer(c.kind, c.body))));
  return verdicts.flatMap((verdict, i) => verdict.problems.map((problem) => `${checks[i].label} (${checks[i].kind}): ${problem}`));
}

function decode(raw: Buffer, encoding: string): string {
  // A relayed answer keeps the upstream's content-encoding; the client's HTTP library undoes it.
  if (/gzip/i.test(encoding)) return zlib.gunzipSync(raw).toString('utf8');
  if (/deflate/i.test(encoding)) return zlib.inflateSync(raw).toString('utf8');
  if (/br/i.test(encoding)) return zlib.brotliDecompressSync(raw).toString('utf8');
  return raw.toString('utf8');
}

function wholeChecks(route: RouteAnswer, label: string, contentType: string, text: string): Check[] {
  if (!/json/i.test(contentType)) throw new Error(`a ${contentType || 'untyped'} answer where the SDK parses JSON`);
  const body = JSON.parse(text) as unknown;
  // Gemini's streamGenerateContent without ?alt=sse: one JSON array of GenerateContentResponse.
  if (Array.isArray(body) && route.event === 'genai.GenerateContentResponse') {
    return body.filter((item) => !isInBandError(item)).map((item, i) => ({ kind: route.event!, body: item, label: `${label}, element ${i}` }));
  }
  const kind = route.whole === 'invocations' ? ((body as { object?: unknown })?.object === 'list' ? 'openai.CreateEmbeddingResponse' : 'openai.ChatCompletion') : route.whole;
  return [{ kind, body: kind === 'openai.CreateEmbeddingResponse' ? withDecodedEmbeddings(body) : body, label }];
}

/**
 * The OpenAI SDKs ask for `encoding_format: base64` by default and decode each vector
 * (little-endian float32) before their model sees it: so does the check. A string that is
 * not whole float32s is left as is, for the model to refuse.
 */
function withDecodedEmbeddings(body: unknown): unknown {
  const data = (body as { data?: unknown })?.data;
  if (!Array.isArray(data)) return body;
  const decoded = data.map((item: { embedding?: unknown }) => {
    if (typeof item?.embedding !== 'string') return item;
    const bytes = Buffer.from(item.embedding, 'base64');
    if (bytes.length % 4 !== 0) return item;
    return { ...item, embedding: Array.from({ length: bytes.length / 4 }, (_, i) => bytes.readFloatLE(i * 4)) };
  });
  return { ...(body as object), data: decoded };
}

/** Each event's `data:` (joined), as the SDKs' SSE readers take it, with the `event:` name beside it. */
function streamChecks(route: RouteAnswer, label: string, text: string): Check[] {
  if (!route.event) throw new Error('a stream where the SDK parses one JSON body');
  const checks: Check[] = [];
  let index = 0;
  for (const block of text.split(/\r?\n\r?\n/)) {
    const lines = block.split(/\r?\n/);
    const event = lines.find((line) => line.startsWith('event:'))?.slice('event:'.length).trim();
    const data = lines.filter((line) => line.startsWith('data:')).map((line) => line.slice('data:'.length).replace(/^ /, '')).join('\n');
    if (data === '' || data === '[DONE]') continue;
    const i = index++;
    const body = JSON.parse(data) as Record<string, unknown>;
    const type = String(body?.type ?? body?.object ?? '');
    const eventLabel = `${label}, event ${i} (${type})`;
    if (route.event === 'anthropic.RawMessageStreamEvent') {
      // The SDK skips `ping` and raises on `error`; it dispatches on the event name, so a name that is not the type loses the event.
      if (type === 'ping' || type === 'error' || event === 'ping' || event === 'error') continue;
      if (event !== undefined && event !== type) {
        checks.push({ kind: route.event, body, label: eventLabel, problem: `event: ${event}: the SSE event name is not the data's type ${type}` });
        continue;
      }
    } else if (isInBandError(body) && route.event !== 'openai.ResponseStreamEvent') {
      // A stream that failed after its 200 ends with an error payload: an error path, not an answer shape.
      continue;
    }
    checks.push({ kind: route.event, body, label: eventLabel });
  }
  return checks;
}

function isInBandError(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'error' in body && !('choices' in body) && !('candidates' in body);
}

const SHOWN_PROBLEMS = 40;

export class AnswerProblemsError extends Error {
  constructor(readonly problems: string[]) {
    const shown = problems.slice(0, SHOWN_PROBLEMS).map((line) => `  ${line}`);
    if (problems.length > SHOWN_PROBLEMS) shown.push(`  ... and ${problems.length - SHOWN_PROBLEMS} more`);
    super(
      `the official SDK response models refuse ${problems.length} part(s) of answers a test gateway gave ` +
        `(test/support/sdk-validate/answer-tap.ts; allow-list: known-answer-violations.ts; docs/testing.md):\n${shown.join('\n')}`,
    );
    this.name = 'AnswerProblemsError';
  }
}

/** The running test's name, so a problem found at close() names the call's test. */
function currentTest(): string {
  const name = (globalThis as { expect?: { getState?: () => { currentTestName?: string } } }).expect?.getState?.().currentTestName;
  return name ? ` [${name}]` : '';
}
