import type http from 'node:http';
import { FIXTURES } from '../conformance/conformance-fixtures';
import type { ConformanceFake, RequestView, TurnView } from '../conformance/conformance-types';
import { commonBehaviours, FakeServer, json as writeJson, nextPiece, type Behaviour, type FakeOptions, type RecordedRequest, type StreamFaults } from './fake-server';
import { geminiFieldProblem } from './rules/gemini-known-fields';
import { geminiCountTokensAnswer, geminiCountTokensProblem } from './rules/gemini-count-tokens';
import { signatureRule, signedParts } from './rules/gemini-signatures';
import { echoText, embeddingFor, isPngBase64, requestedScenario, scenarioError, textPieces } from './fake-scenarios';

/**
 * A local Gemini API (generativelanguage): generateContent, streamGenerateContent (SSE
 * with `alt=sse`, else Google's streamed JSON array), embedContent and
 * batchEmbedContents under `/{version}/models/{model}:{rpc}`, and countTokens
 * (rules/gemini-count-tokens.ts). Unscripted, it answers a
 * conformance scenario named in the last user turn with the FIXTURES values in Gemini's
 * conventions (promptTokenCount includes cached tokens, candidatesTokenCount leaves
 * thoughts out, function calls carry no id, results are linked by name), anything else
 * with an echo; it refuses credentials `authCheck` rejects with Google's 401. `baseUrl`
 * has no version, because the google-genai SDK appends `/v1beta/models/…`.
 */

export interface GeminiRequest extends RecordedRequest {
  /** From `/{apiVersion}/models/{model}:{rpc}`; empty when the path has another shape. */
  apiVersion: string;
  /** As a plain name, though it may arrive percent-encoded. */
  model: string;
  rpc: string;
  view: RequestView;
}

export type GeminiBehaviour = Behaviour<GeminiRequest>;

export interface GeminiFakeOptions extends FakeOptions<GeminiRequest> {
  /** A problem with the request's credentials, or undefined when they are right. */
  authCheck?: (req: GeminiRequest) => string | undefined;
  /** A rule the request breaks, as the message of a 400; undefined when it is fine. */
  rules?: (req: GeminiRequest) => string | undefined;
}

/** Gemini counts cached tokens inside the prompt and thoughts inside the total. */
export const GEMINI_USAGE = { promptTokenCount: 13, candidatesTokenCount: 8, cachedContentTokenCount: 4, thoughtsTokenCount: 2, totalTokenCount: 23 };

const MODEL_PATH = /^\/(v1beta|v1alpha|v1)\/models\/([^/:]+):([A-Za-z]+)$/;

export class GeminiFake extends FakeServer<GeminiRequest> implements ConformanceFake {
  private constructor(options: GeminiFakeOptions) {
    super({
      name: 'Gemini',
      script: options.script,
      answer: (req, res) => {
        const problem = options.authCheck?.(req);
        if (problem) return googleError(res, 401, problem);
        if (!req.rpc) return googleError(res, 404, `Method not found: ${req.pathname}`);
        const rule = options.rules?.(req);
        if (rule) return googleError(res, 400, rule);
        const unknownField = geminiFieldProblem(req.rpc, req.body);
        if (unknownField) return googleError(res, 400, unknownField);
        if (req.rpc === 'embedContent') return respondGemini.embed()(req, res);
        if (req.rpc === 'batchEmbedContents') return respondGemini.batchEmbed()(req, res);
        if (req.rpc === 'countTokens') {
          const problem = geminiCountTokensProblem(req.body);
          return problem ? googleError(res, 400, problem) : json(res, 200, geminiCountTokensAnswer(req.body));
        }
        if (req.rpc === 'generateContent' || req.rpc === 'streamGenerateContent') return answerGenerate(req, res);
        return googleError(res, 404, `Method not found: ${req.pathname}`);
      },
    });
  }

  static start(options: GeminiFakeOptions = {}): Promise<GeminiFake> {
    return new GeminiFake(options).listen();
  }

  protected record(common: RecordedRequest): GeminiRequest {
    // The model may arrive percent-encoded; tests compare it with the plain name.
    const [, apiVersion = '', model = '', rpc = ''] = MODEL_PATH.exec(decodeURIComponent(common.pathname)) ?? [];
    return { ...common, apiVersion, model, rpc, view: geminiView(model, rpc, common.body) };
  }
}

/** For a gateway that always streams with `alt=sse`: the JSON-array form would be a regression. */
export const sseStreamsOnly = (req: GeminiRequest): string | undefined =>
  req.rpc === 'streamGenerateContent' && req.query.alt !== 'sse' ? 'The fake streams only with alt=sse.' : undefined;

/** A generateContent or streamGenerateContent call, wherever it arrived (Vertex AI serves the same bodies). */
export function answerGenerate(req: GeminiRequest, res: http.ServerResponse): void | Promise<void> {
  const unknownField = geminiFieldProblem(req.rpc, req.body);
  if (unknownField) return googleError(res, 400, unknownField);
  const unsigned = signatureRule(req.model, req.body); if (unsigned) return googleError(res, 400, unsigned);
  const stream = req.rpc === 'streamGenerateContent';
  const { scenario, turn } = requestedScenario(req.view);
  if (!scenario) return (stream ? respondGemini.stream(['Hello', ' from', ' upstream']) : respondGemini.generate())(req, res);
  const failure = scenarioError(scenario);
  if (failure) return googleError(res, failure.status, failure.message, failure.headers);
  if (scenario === 'vision' && turn?.images !== 1) return googleError(res, 400, 'The image did not arrive as inline PNG bytes.');
  const { parts, usage } = scenarioAnswer(scenario, req.body);
  if (!stream) return json(res, 200, generated(req, parts, 'STOP', usage));
  const chunks = parts.flatMap((part) => (typeof part.text === 'string' && !part.thought ? textPieces(part.text, 8).map((text) => [{ ...part, text }]) : [[part]]));
  return writeStream(req, res, chunks, usage, {});
}

// ---------------------------------------------------------------- request view

/** A Gemini request body as the neutral view; `rpc` says whether it streams or embeds. */
export function geminiView(model: string, rpc: string, body: any): RequestView {
  if (rpc === 'batchEmbedContents') {
    const requests: any[] = Array.isArray(body?.requests) ? body.requests : [];
    return { model, stream: false, turns: [], tools: [], inputs: requests.map((r) => textOf(r.content?.parts ?? [])) };
  }
  const view: RequestView = {
    model,
    stream: rpc === 'streamGenerateContent',
    turns: (Array.isArray(body?.contents) ? body.contents : []).flatMap(turnsOf),
    tools: (body?.tools ?? []).flatMap((t: any) => (t.functionDeclarations ?? []).map((d: any) => d.name)),
  };
  if (body?.systemInstruction) view.system = textOf(body.systemInstruction.parts ?? []);
  const schema = body?.generationConfig?.responseJsonSchema;
  if (schema !== undefined) view.jsonSchema = schema;
  return view;
}

/** A content as neutral turns: functionResponse parts become `tool` turns, linked by name (or id when sent); no role counts as the user's. */
function turnsOf(content: any): TurnView[] {
  const parts: any[] = content?.parts ?? [];
  const results: TurnView[] = parts
    .filter((p) => p.functionResponse)
    .map((p) => ({
      role: 'tool',
      text: typeof p.functionResponse.response?.output === 'string' ? p.functionResponse.response.output : JSON.stringify(p.functionResponse.response),
      images: 0,
      toolCalls: [],
      toolResultFor: p.functionResponse.id ?? p.functionResponse.name,
    }));
  const rest = parts.filter((p) => !p.functionResponse);
  if (rest.length === 0) return results;
  const turn: TurnView = {
    role: content.role === 'model' ? 'assistant' : 'user',
    text: textOf(rest.filter((p) => !p.thought)),
    images: rest.filter((p) => p.inlineData?.mimeType === 'image/png' && isPngBase64(p.inlineData.data)).length,
    toolCalls: rest.filter((p) => p.functionCall).map((p) => ({ id: p.functionCall.id ?? '', name: p.functionCall.name, arguments: p.functionCall.args })),
  };
  return [...results, turn];
}

const textOf = (parts: any[]) => parts.filter((p) => typeof p?.text === 'string').map((p) => p.text).join('');

// ---------------------------------------------------------------- scenario answers

const FIXTURE_USAGE = { promptTokenCount: FIXTURES.usage.input, candidatesTokenCount: FIXTURES.usage.output, totalTokenCount: FIXTURES.usage.input + FIXTURES.usage.output };
const fixtureCall = (i: number) => ({ functionCall: { name: FIXTURES.tool.name, args: FIXTURES.toolCalls[i].arguments } });

/** The parts and usage of the scenario's answer; thoughts only when the request asked for them, as Gemini does. */
function scenarioAnswer(scenario: string, body: any): { parts: any[]; usage: Record<string, unknown> } {
  switch (scenario) {
    case 'tools':
      return { parts: [fixtureCall(0)], usage: FIXTURE_USAGE };
    case 'parallel-tools':
      return { parts: [fixtureCall(0), fixtureCall(1)], usage: FIXTURE_USAGE };
    case 'json-schema':
      return { parts: [{ text: FIXTURES.jsonAnswer }], usage: FIXTURE_USAGE };
    case 'cache-usage':
      // Gemini's prompt count already includes what came from the cache.
      return { parts: [{ text: FIXTURES.answer }], usage: { ...FIXTURE_USAGE, cachedContentTokenCount: FIXTURES.usage.cachedRead } };
    case 'reasoning': {
      const { reasoning } = FIXTURES.usage;
      const usage = { ...FIXTURE_USAGE, candidatesTokenCount: FIXTURES.usage.output - reasoning, thoughtsTokenCount: reasoning };
      const thoughts = body?.generationConfig?.thinkingConfig?.includeThoughts === true;
      return { parts: [...(thoughts ? [{ text: FIXTURES.reasoning, thought: true }] : []), { text: FIXTURES.answer, thoughtSignature: 'ZmFrZS1zaWduYXR1cmU=' }], usage };
    }
    default:
      return { parts: [{ text: FIXTURES.answer }], usage: FIXTURE_USAGE };
  }
}

// ---------------------------------------------------------------- writing answers

/** Google labels its JSON with the charset. */
function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  writeJson(res, status, body, headers, 'application/json; charset=UTF-8');
}

const STATUS_NAMES: Record<number, string> = { 400: 'INVALID_ARGUMENT', 401: 'UNAUTHENTICATED', 404: 'NOT_FOUND', 429: 'RESOURCE_EXHAUSTED', 500: 'INTERNAL' };

/** Google's error envelope, its status named after the code. */
export function googleError(res: http.ServerResponse, code: number, message: string, headers: Record<string, string> = {}): void {
  json(res, code, { error: { code, message, status: STATUS_NAMES[code] ?? 'UNKNOWN' } }, headers);
}

function candidate(parts: unknown[], finishReason?: string) {
  return { content: { role: 'model', parts }, ...(finishReason ? { finishReason } : {}), index: 0 };
}

function generated(req: GeminiRequest, parts: unknown[], finishReason: string, usage: unknown) {
  return { candidates: [candidate(signedParts(req.model, parts), finishReason)], usageMetadata: usage, modelVersion: req.model, responseId: 'fake-gemini-response-1' };
}

interface GeminiStreamFaults extends StreamFaults {
  /** Gemini's in-stream `{"error":{…}}` element once this many chunks went out. */
  errorAfter?: { pieces: number; code?: number; status?: string; message?: string };
}

/**
 * One chunk per parts list. `?alt=sse` gets `data: <json>\r\n\r\n` events, as Google
 * frames them. Without it Gemini streams one JSON array whose pretty-printed elements
 * arrive over time, joined by `\n,\r\n`: a relay that splits on lines or waits for valid
 * JSON breaks. Every chunk tells the prompt size so far; only the last has the full usage.
 */
async function writeStream(req: GeminiRequest, res: http.ServerResponse, chunks: unknown[][], usage: Record<string, unknown>, faults: GeminiStreamFaults): Promise<void> {
  const sse = req.query.alt === 'sse';
  res.writeHead(200, { 'content-type': sse ? 'text/event-stream' : 'application/json; charset=UTF-8' });
  let elements = 0;
  const send = (element: unknown) => {
    if (sse) res.write(`data: ${JSON.stringify(element)}\r\n\r\n`);
    else res.write(`${elements === 0 ? '[' : '\n,\r\n'}${JSON.stringify(element, null, 2)}`);
    elements++;
  };
  const finish = () => res.end(sse ? undefined : elements === 0 ? '[]' : '\n]');
  const partialUsage = { promptTokenCount: usage.promptTokenCount, totalTokenCount: usage.promptTokenCount };
  for (const [i, parts] of chunks.entries()) {
    const next = await nextPiece(res, i, faults);
    if (next === 'stop') return;
    if (next === 'error') {
      const { code = 500, status = 'INTERNAL', message = 'An internal error has occurred.' } = faults.errorAfter ?? {};
      send({ error: { code, message, status } });
      return void finish();
    }
    const last = i === chunks.length - 1;
    send({ candidates: [candidate(signedParts(req.model, parts), last ? 'STOP' : undefined)], usageMetadata: last ? usage : partialUsage, modelVersion: req.model, responseId: 'fake-gemini-stream-1' });
  }
  finish();
}

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

export interface GeminiStreamOptions extends GeminiStreamFaults {
  /** A functionCall part in a chunk of its own after the text. */
  functionCall?: GeminiFunctionCall;
  usage?: Record<string, unknown>;
}

/** Ready-made behaviours. */
export const respondGemini = {
  generate: (options: GeminiGenerateOptions = {}): GeminiBehaviour => (req, res) => {
    const parts: unknown[] = [];
    const text = options.text === undefined ? echoText(req.view) : options.text;
    if (text !== null) parts.push({ text });
    if (options.functionCall) parts.push({ functionCall: options.functionCall });
    json(res, 200, generated(req, parts, options.finishReason ?? 'STOP', options.usage ?? GEMINI_USAGE));
  },

  /** Each piece a chunk of its own, then the function call's; the faults count chunks. */
  stream: (pieces: string[], options: GeminiStreamOptions = {}): GeminiBehaviour => (req, res) => {
    const { functionCall, usage = GEMINI_USAGE, ...faults } = options;
    const chunks: unknown[][] = pieces.map((text) => [{ text }]);
    if (functionCall) chunks.push([{ functionCall }]);
    if (chunks.length === 0) chunks.push([{ text: '' }]);
    return writeStream(req, res, chunks, usage, faults);
  },

  /** `embedContent`: one vector for one content. */
  embed: (values?: number[]): GeminiBehaviour => (req, res) => json(res, 200, { embedding: { values: values ?? embeddingFor(textOf(req.body?.content?.parts ?? []), 0) } }),

  /** `batchEmbedContents`: one vector per request, distinct so tests can check the order. */
  batchEmbed: (): GeminiBehaviour => (req, res) => json(res, 200, { embeddings: (req.view.inputs ?? []).map((text, i) => ({ values: embeddingFor(text, i) })) }),

  /** Google's error envelope, e.g. `error(429, 'RESOURCE_EXHAUSTED', 'quota', { headers: { 'retry-after': '3' } })`. */
  error: (code: number, status: string, message: string, extra: { headers?: Record<string, string>; details?: unknown[] } = {}): GeminiBehaviour => (_req, res) =>
    json(res, code, { error: { code, message, status, ...(extra.details ? { details: extra.details } : {}) } }, extra.headers),

  ...commonBehaviours<GeminiRequest>(json),
};
