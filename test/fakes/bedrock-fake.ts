import type http from 'node:http';
import { EventStreamCodec } from '@smithy/eventstream-codec';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import { FIXTURES } from '../conformance/conformance-fixtures';
import type { ConformanceFake, RequestView, TurnView } from '../conformance/conformance-types';
import { FakeServer, json, type FakeOptions, type RecordedRequest } from './fake-server';
import { echoText, embeddingFor, halves, isPngBase64, parseJsonOr, requestedScenario, scenarioError, textPieces } from './fake-scenarios';
import { claudeAnswer, withCacheUsage } from './rules/bedrock-claude-answers';
import { claudeSamplingBroken } from './rules/bedrock-claude-sampling';
import { converseShapeBroken } from './rules/bedrock-converse-rules';
import { signThinking, thinkingRuleBroken } from './rules/bedrock-thinking-rules';

/**
 * A local Amazon Bedrock runtime: Converse (JSON), ConverseStream (binary
 * `application/vnd.amazon.eventstream` frames written with the AWS codec) and
 * InvokeModel for Titan and Cohere embeddings. Unscripted, it answers a conformance
 * scenario named in the last user turn with the FIXTURES values in Bedrock's
 * conventions (inputTokens without the cache counts), anything else with an echo, and
 * refuses (403, as Bedrock does) a request whose credentials `authCheck` rejects, e.g.
 * a SigV4 signature that does not verify (see `bedrock-credentials.ts`). A Converse body
 * that breaks Bedrock's documented rules (rules/bedrock-*.ts: unknown fields, block unions,
 * cachePoint shape, Claude's thinking and sampling rules) is a 400 ValidationException.
 */

export interface BedrockRequest extends RecordedRequest {
  view: RequestView;
}

export interface BedrockFakeOptions extends FakeOptions<BedrockRequest> {
  /** A problem with the request's credentials, or undefined when they are right. */
  authCheck?: (req: BedrockRequest) => string | undefined;
}

export class BedrockFake extends FakeServer<BedrockRequest> implements ConformanceFake {
  private constructor(options: BedrockFakeOptions) {
    super({ name: 'Bedrock', script: options.script, answer: (req, res) => answer(req, res, options) });
  }

  static start(options: BedrockFakeOptions = {}): Promise<BedrockFake> {
    return new BedrockFake(options).listen();
  }

  protected record(common: RecordedRequest): BedrockRequest {
    return { ...common, view: viewOf(common.pathname, common.body) };
  }
}

// ---------------------------------------------------------------- request view

const ROUTE = /^\/model\/([^/]+)\/(converse|converse-stream|invoke)$/;

function viewOf(pathname: string, body: any): RequestView {
  const route = ROUTE.exec(pathname);
  const model = route ? decodeURIComponent(route[1]) : '';
  if (route?.[2] === 'invoke') {
    return { model, stream: false, turns: [], tools: [], inputs: Array.isArray(body?.texts) ? body.texts : [body?.inputText] };
  }
  const view: RequestView = {
    model,
    stream: route?.[2] === 'converse-stream',
    turns: (Array.isArray(body?.messages) ? body.messages : []).flatMap(turnsOf),
    tools: (body?.toolConfig?.tools ?? []).map((t: any) => t.toolSpec?.name),
  };
  if (Array.isArray(body?.system)) view.system = body.system.map((b: any) => b.text).join('\n');
  const schema = body?.outputConfig?.textFormat?.structure?.jsonSchema?.schema;
  if (typeof schema === 'string') view.jsonSchema = parseJsonOr(schema);
  return view;
}

/** A Converse message as neutral turns: tool results inside a user message become `tool` turns of their own. */
function turnsOf(message: any): TurnView[] {
  const blocks: any[] = message?.content ?? [];
  const results: TurnView[] = blocks
    .filter((b) => b.toolResult)
    .map((b) => ({ role: 'tool', text: textOf(b.toolResult.content ?? []), images: 0, toolCalls: [], toolResultFor: b.toolResult.toolUseId }));
  const rest = blocks.filter((b) => !b.toolResult);
  if (rest.length === 0) return results;
  const turn: TurnView = {
    role: message.role,
    text: textOf(rest),
    images: rest.filter((b) => b.image?.format === 'png' && isPngBase64(b.image.source?.bytes)).length,
    toolCalls: rest.filter((b) => b.toolUse).map((b) => ({ id: b.toolUse.toolUseId, name: b.toolUse.name, arguments: b.toolUse.input })),
  };
  return [...results, turn];
}

const textOf = (blocks: any[]) => blocks.filter((b) => typeof b.text === 'string').map((b) => b.text).join('');

// ---------------------------------------------------------------- answers

interface Answer {
  content: any[];
  stopReason: string;
  usage: Record<string, number>;
  /** additionalModelResponseFields: Claude's stop_sequence when its path was asked for. */
  responseFields?: Record<string, unknown>;
}

const USAGE = { inputTokens: FIXTURES.usage.input, outputTokens: FIXTURES.usage.output, totalTokens: FIXTURES.usage.input + FIXTURES.usage.output };
const toolUse = (i: number) => ({ toolUse: { toolUseId: FIXTURES.toolCalls[i].id, name: FIXTURES.tool.name, input: FIXTURES.toolCalls[i].arguments } });

function answerFor(scenario: string | undefined, view: RequestView): Answer {
  const text = (t: string): Answer => ({ content: [{ text: t }], stopReason: 'end_turn', usage: USAGE });
  switch (scenario) {
    case undefined:
      return text(echoText(view));
    case 'tools':
    case 'stream-tools':
      return { content: [toolUse(0)], stopReason: 'tool_use', usage: USAGE };
    case 'parallel-tools':
      return { content: [toolUse(0), toolUse(1)], stopReason: 'tool_use', usage: USAGE };
    case 'json-schema':
      return text(FIXTURES.jsonAnswer);
    case 'cache-usage': {
      const { cachedRead, cacheWrite } = FIXTURES.usage;
      // Bedrock's inputTokens leaves out what was read from or written to the cache.
      const usage = { ...USAGE, inputTokens: FIXTURES.usage.input - cachedRead - cacheWrite, cacheReadInputTokens: cachedRead, cacheWriteInputTokens: cacheWrite };
      return { ...text(FIXTURES.answer), usage };
    }
    case 'reasoning':
      return { ...text(FIXTURES.answer), content: [{ reasoningContent: { reasoningText: { text: FIXTURES.reasoning, signature: signThinking(FIXTURES.reasoning) } } }, { text: FIXTURES.answer }] };
    default:
      return text(FIXTURES.answer);
  }
}

const ERROR_TYPES: Record<number, string> = { 401: 'UnrecognizedClientException', 429: 'ThrottlingException', 500: 'InternalServerException' };

async function answer(req: BedrockRequest, res: http.ServerResponse, options: BedrockFakeOptions): Promise<void> {
  const problem = options.authCheck?.(req);
  if (problem) return bedrockError(res, 403, 'InvalidSignatureException', problem);
  const route = ROUTE.exec(req.pathname);
  if (!route) return bedrockError(res, 404, 'UnknownOperationException', `No operation at ${req.pathname}`);
  if (route[2] === 'invoke') return embed(req, res);
  const { scenario, turn } = requestedScenario(req.view);
  const failure = scenarioError(scenario);
  if (failure) return bedrockError(res, failure.status, ERROR_TYPES[failure.status], failure.message, failure.headers);
  if (scenario === 'vision' && turn?.images !== 1) return bedrockError(res, 400, 'ValidationException', 'The image did not arrive as PNG bytes.');
  const broken = converseShapeBroken(req.body) ?? thinkingRuleBroken(req.body) ?? claudeSamplingBroken(req.view.model, req.body);
  if (broken) return bedrockError(res, 400, 'ValidationException', broken);
  const answered = claudeAnswer(scenario, req.body) ?? answerFor(scenario, req.view);
  const result: Answer = { ...answered, usage: withCacheUsage(answered.usage, req.body) };
  if (!req.view.stream) {
    const fields = result.responseFields && { additionalModelResponseFields: result.responseFields };
    return json(res, 200, { output: { message: { role: 'assistant', content: result.content } }, stopReason: result.stopReason, ...fields, usage: result.usage, metrics: { latencyMs: 12 } }, {
      'x-amzn-requestid': 'fake-request-1',
    });
  }
  await writeFrames(res, streamEvents(result));
}

function bedrockError(res: http.ServerResponse, status: number, type: string, message: string, headers: Record<string, string> = {}): void {
  json(res, status, { message }, { ...headers, 'x-amzn-errortype': `${type}:http://internal.amazon.com/coral/com.amazon.bedrock/` });
}

function embed(req: BedrockRequest, res: http.ServerResponse): void {
  const inputs = req.view.inputs ?? [];
  const vectors = inputs.map(embeddingFor);
  if (req.body?.texts) {
    // Cohere: floats by type when embedding_types was given; the token count is only in a header.
    const byType = Array.isArray(req.body.embedding_types);
    return json(res, 200, { id: 'emb-1', texts: inputs, embeddings: byType ? { float: vectors } : vectors, response_type: byType ? 'embeddings_by_type' : 'embeddings_floats' }, {
      'x-amzn-bedrock-input-token-count': String(inputs.length * 2),
    });
  }
  json(res, 200, { embedding: vectors[0], inputTextTokenCount: 2 });
}

// ---------------------------------------------------------------- ConverseStream

/** The events ConverseStream sends for an answer: text in pieces, tool input JSON in two pieces, thinking then its signature. */
function streamEvents(result: Answer): Array<[string, Record<string, unknown>]> {
  const events: Array<[string, Record<string, unknown>]> = [['messageStart', { role: 'assistant' }]];
  result.content.forEach((block, contentBlockIndex) => {
    if (block.toolUse) {
      const { toolUseId, name, input } = block.toolUse;
      events.push(['contentBlockStart', { contentBlockIndex, start: { toolUse: { toolUseId, name } } }]);
      for (const piece of halves(JSON.stringify(input))) events.push(['contentBlockDelta', { contentBlockIndex, delta: { toolUse: { input: piece } } }]);
    } else if (block.reasoningContent?.redactedContent) {
      events.push(['contentBlockDelta', { contentBlockIndex, delta: { reasoningContent: { redactedContent: block.reasoningContent.redactedContent } } }]);
    } else if (block.reasoningContent) {
      const { text, signature } = block.reasoningContent.reasoningText;
      events.push(['contentBlockDelta', { contentBlockIndex, delta: { reasoningContent: { text } } }]);
      events.push(['contentBlockDelta', { contentBlockIndex, delta: { reasoningContent: { signature } } }]);
    } else {
      for (const piece of textPieces(block.text)) events.push(['contentBlockDelta', { contentBlockIndex, delta: { text: piece } }]);
    }
    events.push(['contentBlockStop', { contentBlockIndex }]);
  });
  events.push(['messageStop', { stopReason: result.stopReason, ...(result.responseFields && { additionalModelResponseFields: result.responseFields }) }]);
  events.push(['metadata', { usage: result.usage, metrics: { latencyMs: 12 } }]);
  return events;
}

const codec = new EventStreamCodec(toUtf8, fromUtf8);

/**
 * Writes the frames as Bedrock does, payloads padded with `p` (Bedrock adds it so
 * sizes do not reveal content), in slices that do not follow frame boundaries, so
 * a reader must join split frames and split joined ones.
 */
async function writeFrames(res: http.ServerResponse, events: Array<[string, Record<string, unknown>]>): Promise<void> {
  res.writeHead(200, { 'content-type': 'application/vnd.amazon.eventstream', 'x-amzn-requestid': 'fake-request-1' });
  const frames = events.map(([type, payload]) =>
    codec.encode({
      headers: {
        ':event-type': { type: 'string', value: type },
        ':content-type': { type: 'string', value: 'application/json' },
        ':message-type': { type: 'string', value: 'event' },
      },
      body: fromUtf8(JSON.stringify({ ...payload, p: 'abcdefgh' })),
    }),
  );
  const bytes = Buffer.concat(frames);
  for (let offset = 0; offset < bytes.length; offset += 50) {
    if (res.destroyed) return;
    res.write(bytes.subarray(offset, offset + 50));
    await new Promise((resolve) => setImmediate(resolve));
  }
  res.end();
}
