import type http from 'node:http';
import { FIXTURES } from '../conformance/conformance-fixtures';
import type { ConformanceFake, RequestView, TurnView } from '../conformance/conformance-types';
import { commonBehaviours, FakeServer, json as writeJson, nextPiece, sse, type Behaviour, type FakeOptions, type RecordedRequest, type StreamFaults } from './fake-server';
import { echoText, halves, isPngBase64, requestedScenario, scenarioError, textPieces, typedText } from './fake-scenarios';
import { samplingRuleBroken } from './rules/anthropic-sampling';
import { signThinking, thinkingRule } from './rules/anthropic-thinking';

/**
 * A local Anthropic Messages API: `POST /v1/messages` (JSON, or SSE when `stream` is
 * true) and `/v1/messages/count_tokens`. It checks the rules Anthropic enforces that a
 * translation can break (max_tokens present, roles alternating, tool results answering
 * the previous turn's calls, a thinking budget below max_tokens, temperature within
 * 0-1, sampling knobs only where the model takes them: rules/anthropic-sampling.ts) and
 * answers 400 in Anthropic's shape when one is broken. Unscripted, it answers a
 * conformance scenario named in the last user turn with the FIXTURES values in Anthropic's
 * conventions (input_tokens without the cache counts), anything else with an echo.
 * `baseUrl` has no `/v1`, because the Anthropic SDK appends `/v1/messages` itself.
 */

export interface AnthropicRequest extends RecordedRequest {
  view: RequestView;
}

export type AnthropicBehaviour = Behaviour<AnthropicRequest>;

/** What every echo answer reports, so usage-accounting tests can assert exact numbers. */
export const ANTHROPIC_USAGE = { input_tokens: 12, output_tokens: 6, cache_creation_input_tokens: 4, cache_read_input_tokens: 5 };

export class AnthropicFake extends FakeServer<AnthropicRequest> implements ConformanceFake {
  private constructor(options: FakeOptions<AnthropicRequest>) {
    super({ name: 'Anthropic', script: options.script, answer });
  }

  static start(options: FakeOptions<AnthropicRequest> = {}): Promise<AnthropicFake> {
    return new AnthropicFake(options).listen();
  }

  protected record(common: RecordedRequest): AnthropicRequest {
    return { ...common, view: anthropicView(common.body) };
  }
}

function answer(req: AnthropicRequest, res: http.ServerResponse): void | Promise<void> {
  if (req.method === 'POST' && req.pathname === '/v1/messages/count_tokens') return respondAnthropic.countTokens()(req, res);
  if (req.method !== 'POST' || req.pathname !== '/v1/messages') return respondAnthropic.error(404, 'not_found_error', `Not found: ${req.pathname}`)(req, res);
  return answerMessages(req, res);
}

/** The answer to a Messages call, wherever it arrived (Vertex AI hosts the same format at rawPredict). */
export function answerMessages(req: AnthropicRequest, res: http.ServerResponse): void | Promise<void> {
  const broken = ruleBroken(req.body) ?? betaRuleBroken(req);
  if (broken) return respondAnthropic.error(400, 'invalid_request_error', broken)(req, res);
  const { scenario, turn } = requestedScenario(req.view);
  if (!scenario) return (req.view.stream ? respondAnthropic.stream(['Hello', ' from', ' upstream']) : respondAnthropic.message())(req, res);
  const failure = scenarioError(scenario);
  if (failure) return respondAnthropic.error(failure.status, ERROR_TYPES[failure.status], failure.message, failure.headers)(req, res);
  const problem = scenarioProblem(scenario, req, turn);
  if (problem) return respondAnthropic.error(400, 'invalid_request_error', problem)(req, res);
  const { content, stopReason, usage } = scenarioAnswer(scenario);
  if (!req.view.stream) return json(res, 200, messageOf(req, content, stopReason, usage));
  const blocks: StreamBlock[] = content.map((block) => {
    if (block.type === 'text') return { type: 'text', pieces: textPieces(block.text) };
    if (block.type === 'tool_use') return { type: 'tool_use', id: block.id, name: block.name, inputJson: halves(JSON.stringify(block.input)) };
    return block;
  });
  return writeStream(req, res, blocks, stopReason, usage, {});
}

// ---------------------------------------------------------------- request view

export function anthropicView(body: any): RequestView {
  const view: RequestView = {
    model: String(body?.model ?? ''),
    stream: body?.stream === true,
    turns: (Array.isArray(body?.messages) ? body.messages : []).flatMap(turnsOf),
    tools: (body?.tools ?? []).map((t: any) => t.name),
  };
  if (typeof body?.system === 'string') view.system = body.system;
  if (Array.isArray(body?.system)) view.system = body.system.map((b: any) => b.text).join('\n');
  const schema = body?.output_config?.format?.schema;
  if (schema) view.jsonSchema = openSchema(schema);
  return view;
}

/**
 * The schema as the client wrote it: the gateway closes every object schema with
 * `additionalProperties: false` because Anthropic's structured outputs require it.
 */
function openSchema(schema: any): any {
  if (Array.isArray(schema)) return schema.map(openSchema);
  if (typeof schema !== 'object' || schema === null) return schema;
  return Object.fromEntries(Object.entries(schema).filter(([k, v]) => !(k === 'additionalProperties' && v === false)).map(([k, v]) => [k, openSchema(v)]));
}

/** A message as neutral turns: the tool_result blocks of a user message become `tool` turns of their own. */
function turnsOf(message: any): TurnView[] {
  const blocks: any[] = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : (message.content ?? []);
  const results: TurnView[] = blocks
    .filter((b) => b.type === 'tool_result')
    .map((b) => ({ role: 'tool', text: typedText(b.content ?? ''), images: 0, toolCalls: [], toolResultFor: b.tool_use_id }));
  const rest = blocks.filter((b) => b.type !== 'tool_result');
  if (rest.length === 0) return results;
  const turn: TurnView = {
    role: message.role,
    text: typedText(rest),
    images: rest.filter((b) => b.type === 'image' && b.source?.type === 'base64' && b.source.media_type === 'image/png' && isPngBase64(b.source.data)).length,
    toolCalls: rest.filter((b) => b.type === 'tool_use').map((b) => ({ id: b.id, name: b.name, arguments: b.input })),
  };
  return [...results, turn];
}

/**
 * The top-level fields of a Messages body (Anthropic's API reference; `anthropic_version` is
 * the body form Vertex AI and Bedrock take instead of the header). Any other is a 400 there.
 */
export const MESSAGES_BODY_FIELDS: ReadonlySet<string> = new Set([
  'model', 'messages', 'max_tokens', 'system', 'metadata', 'stop_sequences', 'stream', 'temperature', 'top_k', 'top_p',
  'tools', 'tool_choice', 'thinking', 'output_config', 'service_tier', 'container', 'mcp_servers', 'inference_geo',
  'context_management', 'cache_control', 'speed', 'diagnostics', 'anthropic_version',
]);

/** Features Anthropic takes only under their beta header: the body field (or message role) and the header value's prefix. */
const BETA_GATED = [
  { what: 'context_management', beta: 'context-management-', present: (body: any) => body?.context_management != null },
  { what: 'messages: a "system" role', beta: 'mid-conversation-system-', present: (body: any) => (body?.messages ?? []).some((m: any) => m?.role === 'system') },
];

/** A beta feature used without its `anthropic-beta` header (the relay must carry the client's header through). */
function betaRuleBroken(req: AnthropicRequest): string | undefined {
  const betas = String(req.headers['anthropic-beta'] ?? '').split(',').map((b) => b.trim());
  const missing = BETA_GATED.find((gate) => gate.present(req.body) && !betas.some((b) => b.startsWith(gate.beta)));
  return missing && `${missing.what}: requires the anthropic-beta header "${missing.beta}..."`;
}

/** The first rule of Anthropic's that the body breaks, or undefined. */
export function ruleBroken(body: any): string | undefined {
  const unknown = Object.keys(body ?? {}).find((key) => !MESSAGES_BODY_FIELDS.has(key));
  if (unknown) return `${unknown}: Extra inputs are not permitted`;
  if (!Number.isInteger(body?.max_tokens) || body.max_tokens < 1) return 'max_tokens: Field required';
  if (typeof body.temperature === 'number' && (body.temperature < 0 || body.temperature > 1)) return 'temperature: must be between 0 and 1';
  const sampling = samplingRuleBroken(body);
  if (sampling) return sampling;
  if (!Array.isArray(body.messages)) return 'messages: Input should be a valid list';
  const all: any[] = body.messages;
  const notObject = all.findIndex((m) => typeof m !== 'object' || m === null || Array.isArray(m));
  if (notObject !== -1) return `messages.${notObject}: Input should be a valid dictionary`;
  for (let i = 0; i < all.length; i++) {
    // A mid-conversation system message stands right after a user turn and between turns of its own.
    if (all[i].role === 'system' && all[i - 1]?.role !== 'user') return `messages.${i}: a system message must follow a user message`;
  }
  const messages = all.filter((m) => m.role !== 'system');
  for (let i = 1; i < messages.length; i++) {
    if (messages[i].role === messages[i - 1].role) return `messages: roles must alternate between "user" and "assistant" (messages.${i})`;
  }
  for (let i = 0; i < messages.length; i++) {
    const blocks = Array.isArray(messages[i].content) ? messages[i].content : [];
    const results = blocks.filter((b: any) => b.type === 'tool_result').map((b: any) => b.tool_use_id);
    if (results.length === 0) continue;
    const previous = Array.isArray(messages[i - 1]?.content) ? messages[i - 1].content : [];
    const calls = new Set(previous.filter((b: any) => b.type === 'tool_use').map((b: any) => b.id));
    if (!results.every((id: string) => calls.has(id))) return `messages.${i}: tool_result blocks must answer tool_use blocks of the previous message`;
    if (!blocks.slice(0, results.length).every((b: any) => b.type === 'tool_result')) return `messages.${i}: tool_result blocks must come first`;
  }
  const thinking = body.thinking;
  if (thinking?.type === 'enabled' && !(thinking.budget_tokens >= 1024 && thinking.budget_tokens < body.max_tokens)) {
    return 'thinking.budget_tokens: must be >= 1024 and less than max_tokens';
  }
  return thinkingRule(body);
}

// ---------------------------------------------------------------- scenario answers

const FIXTURE_USAGE = { input_tokens: FIXTURES.usage.input, output_tokens: FIXTURES.usage.output, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
const fixtureToolUse = (i: number) => ({ type: 'tool_use', id: FIXTURES.toolCalls[i].id, name: FIXTURES.tool.name, input: FIXTURES.toolCalls[i].arguments });
const ERROR_TYPES: Record<number, string> = { 401: 'authentication_error', 429: 'rate_limit_error', 500: 'api_error' };

function scenarioAnswer(scenario: string): { content: any[]; stopReason: string; usage: Record<string, unknown> } {
  const text = (t: string) => ({ content: [{ type: 'text', text: t }], stopReason: 'end_turn', usage: FIXTURE_USAGE });
  switch (scenario) {
    case 'tools':
    case 'stream-tools':
      return { content: [fixtureToolUse(0)], stopReason: 'tool_use', usage: FIXTURE_USAGE };
    case 'parallel-tools':
      return { content: [fixtureToolUse(0), fixtureToolUse(1)], stopReason: 'tool_use', usage: FIXTURE_USAGE };
    case 'json-schema':
      return text(FIXTURES.jsonAnswer);
    case 'cache-usage': {
      const { input, cachedRead, cacheWrite } = FIXTURES.usage;
      // Anthropic's input_tokens leaves out what was read from or written to the cache.
      return { ...text(FIXTURES.answer), usage: { ...FIXTURE_USAGE, input_tokens: input - cachedRead - cacheWrite, cache_read_input_tokens: cachedRead, cache_creation_input_tokens: cacheWrite } };
    }
    case 'reasoning':
      return {
        content: [{ type: 'thinking', thinking: FIXTURES.reasoning, signature: signThinking(FIXTURES.reasoning) }, { type: 'text', text: FIXTURES.answer }],
        stopReason: 'end_turn',
        usage: { ...FIXTURE_USAGE, output_tokens_details: { thinking_tokens: FIXTURES.usage.reasoning } },
      };
    default:
      return text(FIXTURES.answer);
  }
}

/** What a scenario needs the request to carry; a missing piece is a 400, so the runner sees the translation gap. */
function scenarioProblem(scenario: string, req: AnthropicRequest, turn: TurnView | undefined): string | undefined {
  if (scenario === 'vision' && turn?.images !== 1) return 'the image did not arrive as a base64 PNG source';
  if (scenario === 'json-schema' && !req.view.jsonSchema) return 'output_config.format is missing';
  if (scenario === 'reasoning' && req.body?.thinking?.type !== 'enabled') return 'thinking is not enabled';
  return undefined;
}

// ---------------------------------------------------------------- writing answers

/** Every JSON answer carries a request id, as Anthropic's do. */
function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  writeJson(res, status, body, { 'request-id': 'req_fake_1', ...headers });
}

function messageOf(req: AnthropicRequest, content: unknown[], stopReason: string, usage: unknown) {
  return { id: 'msg_fake_1', type: 'message', role: 'assistant', model: req.body?.model, content, stop_reason: stopReason, stop_sequence: null, usage };
}

type StreamBlock =
  | { type: 'text'; pieces: string[] }
  | { type: 'tool_use'; id: string; name: string; inputJson: string[] }
  | { type: 'thinking'; thinking: string; signature: string };

/** Anthropic's event stream: text in the given pieces (the only ones the faults count), tool input JSON in fragments, thinking then its signature. */
async function writeStream(req: AnthropicRequest, res: http.ServerResponse, blocks: StreamBlock[], stopReason: string, usage: Record<string, unknown>, faults: AnthropicStreamFaults): Promise<void> {
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', 'request-id': 'req_fake_stream' });
  // Anthropic names every event twice: in the `event:` line (which SDKs dispatch on) and in data.type.
  const send = (data: { type: string } & Record<string, unknown>) => res.write(sse(data, data.type));
  const { output_tokens, output_tokens_details, ...inputUsage } = usage;
  send({ type: 'message_start', message: { ...messageOf(req, [], '', { ...inputUsage, output_tokens: 1 }), id: 'msg_fake_stream', stop_reason: null } });
  let sent = 0;
  for (const [index, block] of blocks.entries()) {
    const delta = (d: Record<string, unknown>) => send({ type: 'content_block_delta', index, delta: d });
    if (block.type === 'text') send({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
    if (block.type === 'tool_use') send({ type: 'content_block_start', index, content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} } });
    if (block.type === 'thinking') send({ type: 'content_block_start', index, content_block: { type: 'thinking', thinking: '', signature: '' } });
    // Anthropic sends one ping, right after the first block opens.
    if (index === 0) send({ type: 'ping' });
    if (block.type === 'text') {
      for (const text of block.pieces) {
        const next = await nextPiece(res, sent++, faults);
        if (next === 'stop') return;
        if (next === 'error') {
          const { type = 'overloaded_error', message = 'Overloaded' } = faults.errorAfter ?? {};
          send({ type: 'error', error: { type, message } });
          return void res.end();
        }
        delta({ type: 'text_delta', text });
      }
    }
    if (block.type === 'tool_use') for (const partial_json of block.inputJson) delta({ type: 'input_json_delta', partial_json });
    if (block.type === 'thinking') {
      delta({ type: 'thinking_delta', thinking: block.thinking });
      delta({ type: 'signature_delta', signature: block.signature });
    }
    send({ type: 'content_block_stop', index });
  }
  const finalUsage = output_tokens_details ? { output_tokens, output_tokens_details } : { output_tokens };
  send({ type: 'message_delta', delta: { stop_reason: stopReason, stop_sequence: null }, usage: finalUsage });
  send({ type: 'message_stop' });
  res.end();
}

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

interface AnthropicStreamFaults extends StreamFaults {
  /** Anthropic's in-stream `event: error` (e.g. overloaded) once this many text pieces went out. */
  errorAfter?: { pieces: number; type?: string; message?: string };
}

export interface AnthropicStreamOptions extends AnthropicStreamFaults {
  /** A tool_use block after the text, its input streamed as these `partial_json` fragments. */
  toolUse?: { id?: string; name: string; inputJson: string[] };
  /** A thinking block first, signed as the fake signs (what a thinking model sends before a tool call). */
  thinking?: string;
}

/** Ready-made behaviours. */
export const respondAnthropic = {
  message: (options: AnthropicMessageOptions = {}): AnthropicBehaviour => (req, res) => {
    const content: unknown[] = [];
    const text = options.text === undefined ? echoText(req.view) : options.text;
    if (text !== null) content.push({ type: 'text', text });
    if (options.toolUse) content.push({ type: 'tool_use', id: options.toolUse.id ?? 'toolu_fake_1', name: options.toolUse.name, input: options.toolUse.input });
    json(res, 200, messageOf(req, content, options.toolUse ? 'tool_use' : 'end_turn', options.usage ?? ANTHROPIC_USAGE));
  },

  stream: (pieces: string[], options: AnthropicStreamOptions = {}): AnthropicBehaviour => (req, res) => {
    const { toolUse, thinking, ...faults } = options;
    const blocks: StreamBlock[] = thinking === undefined ? [] : [{ type: 'thinking', thinking, signature: signThinking(thinking) }];
    if (pieces.length > 0) blocks.push({ type: 'text', pieces });
    if (toolUse) blocks.push({ type: 'tool_use', id: toolUse.id ?? 'toolu_fake_1', name: toolUse.name, inputJson: toolUse.inputJson });
    return writeStream(req, res, blocks, toolUse ? 'tool_use' : 'end_turn', ANTHROPIC_USAGE, faults);
  },

  countTokens: (): AnthropicBehaviour => (_req, res) => json(res, 200, { input_tokens: ANTHROPIC_USAGE.input_tokens }),

  /** Anthropic's error envelope, e.g. `error(429, 'rate_limit_error', 'slow down', { 'retry-after': '7' })`. */
  error: (status: number, type: string, message: string, headers: Record<string, string> = {}): AnthropicBehaviour => (_req, res) =>
    json(res, status, { type: 'error', error: { type, message } }, headers),

  ...commonBehaviours<AnthropicRequest>(json),
};
