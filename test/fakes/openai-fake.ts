import type http from 'node:http';
import { FIXTURES } from '../conformance/conformance-fixtures';
import type { ConformanceFake, RequestView, TurnView } from '../conformance/conformance-types';
import { commonBehaviours, FakeServer, json, nextPiece, sse, type Behaviour, type FakeOptions, type RecordedRequest, type StreamFaults } from './fake-server';
import { echoText, embeddingFor, halves, isPngDataUrl, parseJsonOr, requestedScenario, scenarioError, textPieces, typedText } from './fake-scenarios';
import { respondResponses } from './openai-responses';
import { unrecognizedArgument } from './rules/openai-known-params';

/**
 * A local OpenAI-format server: Chat Completions, Embeddings and the Responses API,
 * at the paths of any provider that speaks the format (OpenAI's `/v1`, Azure's
 * deployment paths, Databricks' `/serving-endpoints`, Groq's `/openai/v1`, ...) and
 * with its quirks: where reasoning comes back, whether usage is streamed unasked, the
 * error shape, and the rules the real provider enforces (answered with a 400, so a
 * missing rewrite fails the test). Unscripted, it answers a conformance scenario
 * named in the last user turn with the FIXTURES values, anything else with an echo.
 */

export type OpenAiKind = 'chat' | 'embeddings' | 'responses';

export interface OpenAiRequest extends RecordedRequest {
  /** The API its path is one of, by the fake's `paths`; undefined for a path the fake does not serve. */
  kind?: OpenAiKind;
  view: RequestView;
}

export type OpenAiBehaviour = Behaviour<OpenAiRequest>;

/** The provider's paths and quirks; the quirks shape the fake's own answers, while the ready-made `respondOpenAi` behaviours speak plain OpenAI. */
export interface OpenAiFakeOptions extends FakeOptions<OpenAiRequest> {
  /** Appended to `http://127.0.0.1:{port}` to make `baseUrl` (default `/v1`). */
  basePath?: string;
  /** The pathnames each API is served on (default `{basePath}/chat/completions`, `/embeddings`, `/responses`). */
  paths?: Partial<Record<OpenAiKind, RegExp>>;
  /** Where the provider puts reasoning text: `reasoning_content`, `reasoning`, Mistral's thinking chunks or Databricks' reasoning blocks. */
  reasoning?: 'reasoning_content' | 'reasoning' | 'thinking-chunks' | 'reasoning-blocks';
  /** `always`: usage rides on the last chunk of every stream (Mistral), whatever the request says. */
  streamUsage?: 'when-asked' | 'always';
  /** `flat`: errors as `{object: "error", message, type}` (Mistral) instead of `{error: {...}}`. */
  errorShape?: 'openai' | 'flat';
  /** A rule of the provider's the request breaks (body, path, query), as its 400 message; undefined when it is fine. */
  rules?: (req: OpenAiRequest) => string | undefined;
  /**
   * Top-level Chat Completions fields this server takes besides OpenAI's own (a compatible
   * server's `top_k`), or `'any'` for a server that ignores unknown fields. Default: none,
   * as OpenAI answers any other field with a 400.
   */
  extraChatFields?: readonly string[] | 'any';
  /** A provider's refusal in its own status and body (Mistral's 422 `extra_forbidden`), checked before `rules`. */
  refusal?: (req: OpenAiRequest) => FakeRefusal | undefined;
}

export interface FakeRefusal {
  status: number;
  body: unknown;
}

export { CHAT_COMPLETIONS_FIELDS } from './rules/openai-known-params';

/** Tool types Chat Completions takes; the Responses API's others (`namespace`, `web_search`, ...) are a 400 there. */
const CHAT_TOOL_TYPES = new Set(['function', 'custom']);

/** The first Chat Completions rule of OpenAI's that the body breaks: an unknown field, a tool type it does not have, a `user` over 64 characters. */
function chatRuleBroken(body: any, extra: OpenAiFakeOptions['extraChatFields']): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const unknown = unrecognizedArgument(body, extra); if (unknown) return unknown;
  const tools: any[] = Array.isArray(body.tools) ? body.tools : [];
  const bad = tools.findIndex((tool) => !CHAT_TOOL_TYPES.has(tool?.type));
  if (bad >= 0) return `Invalid value: '${tools[bad]?.type}'. Supported values are: 'function' and 'custom'. (tools[${bad}].type)`;
  if (Array.isArray(body.tools) && body.tools.length === 0) return "Invalid 'tools': empty array. Expected an array with minimum length 1, but got an empty array instead.";
  if (typeof body.user === 'string' && body.user.length > 64) {
    return `Invalid 'user': string too long. Expected a string with maximum length 64, but got a string with length ${body.user.length} instead.`;
  }
  return undefined;
}

/** What every echo answer reports, so usage-accounting tests can assert exact numbers. */
export const OPENAI_USAGE = { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18, prompt_tokens_details: { cached_tokens: 3 }, completion_tokens_details: { reasoning_tokens: 2 } };

export class OpenAiFake extends FakeServer<OpenAiRequest> implements ConformanceFake {
  private readonly paths: Record<OpenAiKind, RegExp>;

  private constructor(private readonly options: OpenAiFakeOptions) {
    const basePath = options.basePath ?? '/v1';
    super({ name: 'OpenAI', basePath, script: options.script, sdkCheck: options.sdkCheck, clientFields: options.clientFields, answer: (req, res) => this.answer(req, res) });
    const at = (operation: string) => new RegExp(`^${basePath}/${operation}$`);
    this.paths = { chat: at('chat/completions'), embeddings: at('embeddings'), responses: at('responses'), ...options.paths };
  }

  static start(options: OpenAiFakeOptions = {}): Promise<OpenAiFake> {
    return new OpenAiFake(options).listen();
  }

  protected record(common: RecordedRequest): OpenAiRequest {
    const kind = (Object.keys(this.paths) as OpenAiKind[]).find((k) => this.paths[k].test(common.pathname));
    return { ...common, kind, view: viewOf(kind, common.body) };
  }

  private answer(req: OpenAiRequest, res: http.ServerResponse): void | Promise<void> {
    if (req.method !== 'POST' || !req.kind) return this.error(res, 404, `Unknown path ${req.pathname}`);
    const refused = this.options.refusal?.(req);
    if (refused) return json(res, refused.status, refused.body);
    const rule = this.options.rules?.(req) ?? (req.kind === 'chat' ? chatRuleBroken(req.body, this.options.extraChatFields) : undefined);
    if (rule) return this.error(res, 400, rule);
    if (req.kind === 'embeddings') return respondOpenAi.embeddings()(req, res);
    if (req.kind === 'responses') return (req.body?.stream ? respondResponses.stream(ECHO_PIECES) : respondResponses.response())(req, res);
    const { scenario, turn } = requestedScenario(req.view);
    // The echo stream keeps the provider's quirks too (Mistral's usage on every stream).
    if (!scenario) return req.view.stream ? writeChatStream(req, res, { pieces: ECHO_PIECES, toolCalls: [], finish: 'stop', usage: OPENAI_USAGE }, this.options) : respondOpenAi.chat()(req, res);
    const failure = scenarioError(scenario);
    if (failure) return this.error(res, failure.status, failure.message, failure.headers);
    const problem = scenarioProblem(scenario, req, turn);
    if (problem) return this.error(res, 400, problem);
    const answer = scenarioAnswer(scenario);
    if (!req.view.stream) return json(res, 200, completion(req, this.message(answer.content, answer.reasoning, answer.toolCalls), answer.finish, answer.usage));
    return writeChatStream(req, res, { ...answer, pieces: textPieces(answer.content ?? ''), toolCalls: answer.toolCalls.map((c) => ({ ...c, args: halves(c.arguments) })) }, this.options);
  }

  /** The assistant message in the provider's own reasoning convention. */
  private message(content: string | null, reasoning: string | undefined, toolCalls: ToolCall[]): Record<string, unknown> {
    const message = withReasoning({ role: 'assistant' }, content, reasoning, this.options.reasoning);
    if (toolCalls.length > 0) message.tool_calls = toolCalls.map(toolCallOf);
    return { ...message, refusal: null };
  }

  private error(res: http.ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
    const type = status === 401 ? 'authentication_error' : status === 429 ? 'rate_limit_exceeded' : status >= 500 ? 'server_error' : 'invalid_request_error';
    const body = this.options.errorShape === 'flat' ? { object: 'error', message, type, param: null, code: null } : { error: { message, type, param: null, code: null } };
    json(res, status, body, headers);
  }
}

const ECHO_PIECES = ['Hello', ' from', ' upstream'];

// ---------------------------------------------------------------- request view

function viewOf(kind: OpenAiKind | undefined, body: any): RequestView {
  const view: RequestView = { model: String(body?.model ?? ''), stream: body?.stream === true, turns: [], tools: [] };
  if (kind === 'embeddings') {
    if (body?.input !== undefined) view.inputs = typeof body.input === 'string' ? [body.input] : body.input;
    return view;
  }
  if (kind !== 'chat') return view;
  const messages: any[] = Array.isArray(body?.messages) ? body.messages : [];
  const system = messages.filter((m) => m.role === 'system' || m.role === 'developer').map((m) => typedText(m.content));
  view.turns = messages.filter((m) => m.role === 'user' || m.role === 'assistant' || m.role === 'tool').map(turnOf);
  view.tools = (body?.tools ?? []).map((t: any) => t.function?.name);
  if (system.length > 0) view.system = system.join('\n');
  const schema = body?.response_format?.json_schema?.schema;
  if (schema) view.jsonSchema = schema;
  return view;
}

/** An OpenAI-style message as a neutral turn; Cohere's v2 messages share the shape. */
export function turnOf(message: any): TurnView {
  const parts: any[] = Array.isArray(message.content) ? message.content : [];
  const turn: TurnView = {
    role: message.role,
    text: typedText(message.content),
    images: parts.filter((p) => p?.type === 'image_url' && isPngDataUrl(p.image_url?.url)).length,
    toolCalls: (message.tool_calls ?? []).map((c: any) => ({ id: c.id, name: c.function?.name, arguments: parseJsonOr(c.function?.arguments) })),
  };
  if (message.role === 'tool') turn.toolResultFor = message.tool_call_id;
  return turn;
}

// ---------------------------------------------------------------- chat answers

interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

interface ScenarioAnswer {
  content: string | null;
  reasoning?: string;
  toolCalls: ToolCall[];
  finish: string;
  usage: Record<string, unknown>;
}

const usageOf = (cached = 0, reasoning = 0) => ({
  // OpenAI's prompt_tokens already include the cached ones.
  prompt_tokens: FIXTURES.usage.input,
  completion_tokens: FIXTURES.usage.output,
  total_tokens: FIXTURES.usage.input + FIXTURES.usage.output,
  prompt_tokens_details: { cached_tokens: cached },
  completion_tokens_details: { reasoning_tokens: reasoning },
});

const fixtureCall = (i: number): ToolCall => ({ id: FIXTURES.toolCalls[i].id, name: FIXTURES.tool.name, arguments: JSON.stringify(FIXTURES.toolCalls[i].arguments) });
const toolCallOf = (call: ToolCall) => ({ id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } });

function scenarioAnswer(scenario: string): ScenarioAnswer {
  const text = (content: string): ScenarioAnswer => ({ content, toolCalls: [], finish: 'stop', usage: usageOf() });
  switch (scenario) {
    case 'tools':
    case 'stream-tools':
      return { content: null, toolCalls: [fixtureCall(0)], finish: 'tool_calls', usage: usageOf() };
    case 'parallel-tools':
      return { content: null, toolCalls: [fixtureCall(0), fixtureCall(1)], finish: 'tool_calls', usage: usageOf() };
    case 'json-schema':
      return text(FIXTURES.jsonAnswer);
    case 'cache-usage':
      return { ...text(FIXTURES.answer), usage: usageOf(FIXTURES.usage.cachedRead) };
    case 'reasoning':
      return { ...text(FIXTURES.answer), reasoning: FIXTURES.reasoning, usage: usageOf(0, FIXTURES.usage.reasoning) };
    default:
      return text(FIXTURES.answer);
  }
}

/** What a scenario needs the request to carry; a missing piece is a 400, so the runner sees the translation gap. */
function scenarioProblem(scenario: string, req: OpenAiRequest, turn: TurnView | undefined): string | undefined {
  if (scenario === 'vision' && turn?.images !== 1) return 'messages: the image did not arrive as a PNG data URL';
  if (scenario === 'json-schema' && req.body?.response_format?.type !== 'json_schema') return 'response_format: json_schema is missing';
  if (scenario === 'reasoning' && typeof req.body?.reasoning_effort !== 'string') return 'reasoning_effort is missing';
  return undefined;
}

/** A message (or delta) with reasoning where the provider puts it. */
function withReasoning(message: Record<string, unknown>, content: string | null, reasoning: string | undefined, style: OpenAiFakeOptions['reasoning'] = 'reasoning_content'): Record<string, unknown> {
  if (reasoning === undefined) return { ...message, content };
  if (style === 'thinking-chunks' || style === 'reasoning-blocks') {
    const chunks: unknown[] = [
      style === 'thinking-chunks'
        ? { type: 'thinking', thinking: [{ type: 'text', text: reasoning }] }
        : { type: 'reasoning', summary: [{ type: 'summary_text', text: reasoning, signature: 'fake-signature' }] },
    ];
    if (content !== null) chunks.push({ type: 'text', text: content });
    return { ...message, content: chunks };
  }
  return { ...message, content, [style]: reasoning };
}

const CREATED = 1_700_000_000;
/** The upstream answers with a dated snapshot of the requested model, as OpenAI does. */
const snapshotOf = (req: OpenAiRequest) => `${req.body?.model}-2024-01-01`;

function completion(req: OpenAiRequest, message: Record<string, unknown>, finish: string, usage: unknown) {
  return {
    id: 'chatcmpl-upstream-1',
    object: 'chat.completion',
    created: CREATED,
    model: snapshotOf(req),
    system_fingerprint: 'fp_test',
    choices: [{ index: 0, message, logprobs: null, finish_reason: finish }],
    usage,
  };
}

interface ChatStream extends StreamFaults {
  reasoning?: string;
  pieces: string[];
  toolCalls: Array<{ id: string; name: string; args: string[] }>;
  finish: string;
  usage: Record<string, unknown>;
}

/** A chat stream as OpenAI sends it: the role, reasoning, text pieces, each tool call's id and name then its arguments, the finish, usage. */
async function writeChatStream(req: OpenAiRequest, res: http.ServerResponse, stream: ChatStream, dialect: OpenAiFakeOptions = {}): Promise<void> {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  const base = { id: 'chatcmpl-upstream-s', object: 'chat.completion.chunk', created: CREATED, model: snapshotOf(req) };
  const send = (delta: Record<string, unknown>, finish: string | null = null, extra: Record<string, unknown> = {}) =>
    res.write(sse({ ...base, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }], ...extra }));
  send({ role: 'assistant', content: '' });
  if (stream.reasoning !== undefined) send(withReasoning({}, null, stream.reasoning, dialect.reasoning));
  for (const [sent, piece] of stream.pieces.entries()) {
    if ((await nextPiece(res, sent, stream)) !== 'send') return;
    send({ content: piece });
  }
  stream.toolCalls.forEach((call, index) => {
    send({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }] });
    for (const piece of call.args) send({ tool_calls: [{ index, function: { arguments: piece } }] });
  });
  if (dialect.streamUsage === 'always') {
    send({}, stream.finish, { usage: stream.usage });
  } else {
    send({}, stream.finish);
    if (req.body?.stream_options?.include_usage) res.write(sse({ ...base, choices: [], usage: stream.usage }));
  }
  res.end('data: [DONE]\n\n');
}

export interface OpenAiStreamOptions extends Omit<StreamFaults, 'errorAfter'> {
  /** A tool call after the text, its arguments streamed as these fragments. */
  toolCall?: { id?: string; name: string; args: string[] };
}

/** Ready-made behaviours for Chat Completions and Embeddings (`respondResponses` has the Responses API's). */
export const respondOpenAi = {
  /** `reply to: {last user text}`; `message` fields replace the assistant message's (e.g. `tool_calls`). */
  chat: (message: Record<string, unknown> = {}): OpenAiBehaviour => (req, res) =>
    json(res, 200, completion(req, { role: 'assistant', content: echoText(req.view), refusal: null, ...message }, message.tool_calls ? 'tool_calls' : 'stop', OPENAI_USAGE)),

  stream: (pieces: string[], options: OpenAiStreamOptions = {}): OpenAiBehaviour => (req, res) => {
    const { toolCall, ...faults } = options;
    const toolCalls = toolCall ? [{ id: toolCall.id ?? 'call_1', name: toolCall.name, args: toolCall.args }] : [];
    return writeChatStream(req, res, { ...faults, pieces, toolCalls, finish: toolCall ? 'tool_calls' : 'stop', usage: OPENAI_USAGE });
  },

  /** One vector per input, floats or (as `encoding_format: base64` asks) little-endian float32 in base64. */
  embeddings: (): OpenAiBehaviour => (req, res) => {
    const inputs: unknown[] = Array.isArray(req.body?.input) ? req.body.input : [req.body?.input];
    const base64 = req.body?.encoding_format === 'base64';
    const encode = (v: number[]) => (base64 ? Buffer.from(Float32Array.from(v).buffer).toString('base64') : v);
    json(res, 200, {
      object: 'list',
      model: req.body?.model,
      data: inputs.map((input, index) => ({ object: 'embedding', index, embedding: encode(embeddingFor(input, index)) })),
      usage: { prompt_tokens: 5, total_tokens: 5 },
    });
  },

  /** OpenAI's error envelope, e.g. `error(400, 'invalid_request_error', 'bad input', 'invalid_value')`. */
  error: (status: number, type: string, message: string, code: string | null = null, headers: Record<string, string> = {}): OpenAiBehaviour => (_req, res) =>
    json(res, status, { error: { message, type, param: null, code } }, headers),

  ...commonBehaviours<OpenAiRequest>(json),
};
