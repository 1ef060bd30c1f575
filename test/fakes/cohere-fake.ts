import type http from 'node:http';
import { FIXTURES } from '../conformance/conformance-fixtures';
import type { ConformanceFake, RequestView, TurnView } from '../conformance/conformance-types';
import { FakeServer, json, sse, type FakeOptions, type RecordedRequest } from './fake-server';
import { echoText, embeddingFor, halves, requestedScenario, scenarioError, textPieces, typedText } from './fake-scenarios';
import { turnOf } from './openai-fake';
import { cohereToolMessageRule } from './rules/cohere-tool-message';

/**
 * A local Cohere v2 API: `POST /v2/chat` (JSON, or SSE events when `stream` is true) and
 * `POST /v2/embed`. It refuses what v2 refuses and a translation could let through
 * (OpenAI field names such as `top_p` or `stop`, tool_choice values other than REQUIRED
 * and NONE, embed without input_type or embedding_types) with a 400 `{message}`.
 * Unscripted, it answers a conformance scenario named in the last user turn with the
 * FIXTURES values in v2's conventions (text content parts, a tool plan before tool
 * calls, thinking parts, billed units), anything else with an echo.
 */

export interface CohereRequest extends RecordedRequest {
  view: RequestView;
}

export class CohereFake extends FakeServer<CohereRequest> implements ConformanceFake {
  private constructor(options: FakeOptions<CohereRequest>) {
    super({ name: 'Cohere', script: options.script, answer });
  }

  static start(options: FakeOptions<CohereRequest> = {}): Promise<CohereFake> {
    return new CohereFake(options).listen();
  }

  protected record(common: RecordedRequest): CohereRequest {
    return { ...common, view: viewOf(common.body) };
  }
}

// ---------------------------------------------------------------- request view

function viewOf(body: any): RequestView {
  const messages: any[] = Array.isArray(body?.messages) ? body.messages : [];
  const system = messages.filter((m) => m.role === 'system').map((m) => typedText(m.content));
  const view: RequestView = {
    model: String(body?.model ?? ''),
    stream: body?.stream === true,
    // v2 messages are OpenAI's in shape: content parts, tool_calls, tool_call_id.
    turns: messages.filter((m) => m.role !== 'system').map(turnOf),
    tools: (body?.tools ?? []).map((t: any) => t.function?.name),
  };
  if (system.length > 0) view.system = system.join('\n');
  if (body?.response_format?.json_schema) view.jsonSchema = body.response_format.json_schema;
  if (Array.isArray(body?.texts)) view.inputs = body.texts;
  return view;
}

// ---------------------------------------------------------------- v2's rules

/** Fields OpenAI names differently or v2 does not have: their presence means a translation was skipped. */
const FOREIGN_FIELDS = ['top_p', 'top_k', 'stop', 'n', 'user', 'stream_options', 'max_completion_tokens', 'reasoning_effort', 'parallel_tool_calls'];

function ruleBroken(req: CohereRequest): string | undefined {
  const body = req.body ?? {};
  if (typeof body.model !== 'string' || body.model === '') return 'model is required';
  if (req.pathname === '/v2/embed') {
    if (!body.input_type) return 'input_type is required for embed v3 and newer models';
    if (!Array.isArray(body.embedding_types)) return 'embedding_types is required';
    return undefined;
  }
  const foreign = FOREIGN_FIELDS.find((field) => body[field] !== undefined);
  if (foreign) return `invalid request: unknown field ${foreign}`;
  if (body.tool_choice !== undefined && !['REQUIRED', 'NONE'].includes(body.tool_choice)) return `invalid request: tool_choice must be REQUIRED or NONE, got ${body.tool_choice}`;
  if (body.response_format && !['text', 'json_object'].includes(body.response_format.type)) return `invalid request: response_format.type ${body.response_format.type}`;
  for (const message of body.messages ?? []) {
    if (message.role === 'tool' && typeof message.tool_call_id !== 'string') return 'invalid request: tool messages need a tool_call_id';
  }
  return cohereToolMessageRule(body);
}

function scenarioProblem(scenario: string | undefined, req: CohereRequest, turn: TurnView | undefined): string | undefined {
  if (scenario === 'vision' && turn?.images !== 1) return 'the image did not arrive as an image_url PNG data URL';
  if (scenario === 'json-schema' && req.body?.response_format?.type !== 'json_object') return 'response_format json_object is missing';
  if (scenario === 'reasoning' && req.body?.thinking?.type !== 'enabled') return 'thinking is not enabled';
  return undefined;
}

// ---------------------------------------------------------------- answers

interface Answer {
  content: any[];
  toolPlan?: string;
  toolCalls?: any[];
  finish: string;
}

const USAGE = {
  billed_units: { input_tokens: FIXTURES.usage.input, output_tokens: FIXTURES.usage.output },
  tokens: { input_tokens: FIXTURES.usage.input, output_tokens: FIXTURES.usage.output },
};
const TOOL_PLAN = 'I will look up the weather.';
const toolCall = (i: number) => ({ id: FIXTURES.toolCalls[i].id, type: 'function', function: { name: FIXTURES.tool.name, arguments: JSON.stringify(FIXTURES.toolCalls[i].arguments) } });

function answerFor(scenario: string | undefined, view: RequestView): Answer {
  const text = (t: string): Answer => ({ content: [{ type: 'text', text: t }], finish: 'COMPLETE' });
  switch (scenario) {
    case undefined:
      return text(echoText(view));
    case 'tools':
    case 'stream-tools':
      return { content: [], toolPlan: TOOL_PLAN, toolCalls: [toolCall(0)], finish: 'TOOL_CALL' };
    case 'parallel-tools':
      return { content: [], toolPlan: TOOL_PLAN, toolCalls: [toolCall(0), toolCall(1)], finish: 'TOOL_CALL' };
    case 'json-schema':
      return text(FIXTURES.jsonAnswer);
    case 'reasoning':
      return { content: [{ type: 'thinking', thinking: FIXTURES.reasoning }, { type: 'text', text: FIXTURES.answer }], finish: 'COMPLETE' };
    default:
      return text(FIXTURES.answer);
  }
}

function cohereError(res: http.ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  json(res, status, { id: 'fake-error-id', message }, headers);
}

function answer(req: CohereRequest, res: http.ServerResponse): void {
  if (req.method !== 'POST' || (req.pathname !== '/v2/chat' && req.pathname !== '/v2/embed')) return cohereError(res, 404, `Not found: ${req.pathname}`);
  const broken = ruleBroken(req);
  if (broken) return cohereError(res, 400, broken);
  if (req.pathname === '/v2/embed') {
    const texts: string[] = req.body.texts;
    return json(res, 200, {
      id: 'fake-embed-id',
      embeddings: { float: texts.map(embeddingFor) },
      texts,
      meta: { api_version: { version: '2' }, billed_units: { input_tokens: texts.length * 2 } },
      response_type: 'embeddings_by_type',
    });
  }
  const { scenario, turn } = requestedScenario(req.view);
  const failure = scenarioError(scenario);
  if (failure) return cohereError(res, failure.status, failure.message, failure.headers);
  const problem = scenarioProblem(scenario, req, turn);
  if (problem) return cohereError(res, 400, problem);
  const result = answerFor(scenario, req.view);
  if (!req.view.stream) {
    const message: Record<string, unknown> = { role: 'assistant', content: result.content };
    if (result.toolPlan) message.tool_plan = result.toolPlan;
    if (result.toolCalls) message.tool_calls = result.toolCalls;
    return json(res, 200, { id: 'fake-chat-id', finish_reason: result.finish, message, usage: USAGE });
  }
  writeStream(res, result);
}

/** v2's event stream: text in pieces of 6 characters, the tool plan, each tool call started then its arguments in two pieces. */
function writeStream(res: http.ServerResponse, result: Answer): void {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  const send = (data: { type: string } & Record<string, unknown>) => res.write(sse(data, data.type));
  send({ type: 'message-start', id: 'fake-stream-id', delta: { message: { role: 'assistant', content: [], tool_plan: '', tool_calls: [], citations: [] } } });
  result.content.forEach((part, index) => {
    const kind = part.type as 'text' | 'thinking';
    send({ type: 'content-start', index, delta: { message: { content: { type: kind, [kind]: '' } } } });
    for (const piece of textPieces(String(part[kind]))) send({ type: 'content-delta', index, delta: { message: { content: { [kind]: piece } } } });
    send({ type: 'content-end', index });
  });
  if (result.toolPlan) send({ type: 'tool-plan-delta', delta: { message: { tool_plan: result.toolPlan } } });
  (result.toolCalls ?? []).forEach((call, index) => {
    send({ type: 'tool-call-start', index, delta: { message: { tool_calls: { ...call, function: { name: call.function.name, arguments: '' } } } } });
    for (const piece of halves(call.function.arguments)) send({ type: 'tool-call-delta', index, delta: { message: { tool_calls: { function: { arguments: piece } } } } });
    send({ type: 'tool-call-end', index });
  });
  send({ type: 'message-end', delta: { finish_reason: result.finish, usage: USAGE } });
  res.end();
}
