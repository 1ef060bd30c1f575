/**
 * The canonical ChatRequest to a Converse / ConverseStream body (the model id and
 * the stream choice are in the URL, not the body).
 */
import { GatewayError, isWireObject, type ChatRequest } from '@model-gateway/core';
import { cachesPrompts } from './converse-cache-points';
import { encodeConverseMessages } from './converse-messages';
import { encodeToolConfig } from './converse-tools';
import type { ConverseRequestBody } from './converse-types';
import { chatFamily, type ChatFamily } from './model-family';

/**
 * Thinking budgets (tokens) for reasoning_effort on Anthropic models. 1024 is
 * Anthropic's minimum budget; the others grow by the same steps the effort names suggest.
 */
export const THINKING_BUDGETS: Readonly<Record<'minimal' | 'low' | 'medium' | 'high', number>> = {
  minimal: 1024,
  low: 2048,
  medium: 8192,
  high: 16384,
};

/** Room for the visible answer when thinking is on and the client set no max_tokens. */
export const DEFAULT_ANSWER_TOKENS = 4096;

/**
 * Converse fields a client may send as extra body fields (e.g. `extra_body` in the
 * OpenAI SDK): they are Bedrock's own and pass through. Other unknown fields belong
 * to the client's API style (OpenAI's `store`, `metadata`, ...) and are not sent:
 * Converse rejects fields it does not know.
 */
export const CONVERSE_PASSTHROUGH_FIELDS: readonly string[] = [
  'additionalModelRequestFields',
  'additionalModelResponseFieldPaths',
  'guardrailConfig',
  'performanceConfig',
  'promptVariables',
  'requestMetadata',
  'serviceTier',
];

export function encodeConverseRequest(request: ChatRequest, modelId: string): ConverseRequestBody {
  rejectUnsupported(request);
  const family = chatFamily(modelId);
  const caching = cachesPrompts(family);
  const { system, messages } = encodeConverseMessages(request.messages, caching);
  const body: ConverseRequestBody = { messages };
  if (system.length > 0) body.system = system;

  const modelFields: Record<string, unknown> = {};
  const thinkingBudget = reasoningFields(request, family, modelFields);
  topKField(request, family, modelFields);

  const inference: NonNullable<ConverseRequestBody['inferenceConfig']> = {};
  const maxTokens = maxTokensFor(request, thinkingBudget);
  if (maxTokens !== undefined) inference.maxTokens = maxTokens;
  if (request.temperature !== undefined) inference.temperature = request.temperature;
  if (request.topP !== undefined) inference.topP = request.topP;
  if (request.stop && request.stop.length > 0) inference.stopSequences = request.stop;
  if (Object.keys(inference).length > 0) body.inferenceConfig = inference;

  const toolConfig = encodeToolConfig(request, messages, caching);
  if (toolConfig) body.toolConfig = toolConfig;
  const outputConfig = encodeOutputConfig(request);
  if (outputConfig) body.outputConfig = outputConfig;

  for (const field of CONVERSE_PASSTHROUGH_FIELDS) {
    if (request.extra[field] !== undefined) body[field] = request.extra[field];
  }
  if (Object.keys(modelFields).length > 0) {
    const given = request.extra.additionalModelRequestFields;
    body.additionalModelRequestFields = { ...(isWireObject(given) ? given : {}), ...modelFields };
  }
  const paths = responseFieldPaths(request, family);
  if (paths) body.additionalModelResponseFieldPaths = paths;
  return body;
}

/**
 * Anthropic counts thinking within max_tokens (budget_tokens < max_tokens), so a client's
 * explicit budget comes with a limit that already holds it: sent unchanged. A budget the
 * gateway chose for an effort is its own addition, so the client's limit is kept for the
 * answer and the budget added on top; without a limit the answer gets DEFAULT_ANSWER_TOKENS.
 */
export function maxTokensFor(request: ChatRequest, thinkingBudget: number | undefined): number | undefined {
  if (thinkingBudget === undefined) return request.maxTokens;
  if (request.maxTokens !== undefined && request.reasoning?.budgetTokens !== undefined) return request.maxTokens;
  return thinkingBudget + (request.maxTokens ?? DEFAULT_ANSWER_TOKENS);
}

/** Where Claude's response on Bedrock names the stop sequence that ended it (Converse reports only `stop_sequence`). */
export const STOP_SEQUENCE_PATH = '/stop_sequence';

/**
 * Converse says `stopReason: "stop_sequence"` but not which one; Claude's own field is
 * returned in `additionalModelResponseFields` when its path is asked for, added to any
 * paths the client asked for itself.
 */
function responseFieldPaths(request: ChatRequest, family: ChatFamily): string[] | undefined {
  const given = Array.isArray(request.extra.additionalModelResponseFieldPaths) ? (request.extra.additionalModelResponseFieldPaths as string[]) : undefined;
  if (family !== 'anthropic' || !request.stop || request.stop.length === 0 || given?.includes(STOP_SEQUENCE_PATH)) return given;
  return [...(given ?? []), STOP_SEQUENCE_PATH];
}

/** Parameters Converse has no way to honour are refused by name, never dropped. */
function rejectUnsupported(request: ChatRequest): void {
  if (request.n !== undefined && request.n > 1) {
    throw new GatewayError('invalid_parameter', 'Bedrock returns one choice per call; n must be 1.', { param: 'n' });
  }
  if (request.presencePenalty) {
    throw new GatewayError('invalid_parameter', 'Bedrock Converse has no presence penalty.', { param: 'presence_penalty' });
  }
  if (request.frequencyPenalty) {
    throw new GatewayError('invalid_parameter', 'Bedrock Converse has no frequency penalty.', { param: 'frequency_penalty' });
  }
  if (request.seed !== undefined) {
    throw new GatewayError('invalid_parameter', 'Bedrock Converse has no seed.', { param: 'seed' });
  }
  if (request.responseFormat?.type === 'json_object') {
    throw new GatewayError(
      'invalid_parameter',
      'Bedrock has no JSON mode without a schema: use response_format {"type": "json_schema", ...}, which Converse enforces.',
      { param: 'response_format' },
    );
  }
}

/**
 * Reasoning on Bedrock is per vendor, in `additionalModelRequestFields`. Anthropic's
 * extended thinking takes a token budget (an explicit budget wins over the effort
 * table). Other families get a 400: their knobs differ or do not exist, and a client
 * can still send the vendor's own field through `additionalModelRequestFields`.
 * Returns the thinking budget when thinking is on.
 */
function reasoningFields(request: ChatRequest, family: ChatFamily, fields: Record<string, unknown>): number | undefined {
  const reasoning = request.reasoning;
  if (!reasoning) return undefined;
  if (reasoning.effort === 'none' && reasoning.budgetTokens === undefined) return undefined;
  if (family !== 'anthropic') {
    throw new GatewayError(
      'invalid_parameter',
      'The gateway maps reasoning effort to Bedrock only for Anthropic Claude models (thinking budget); ' +
        'for this model, send its own reasoning field in additionalModelRequestFields.',
      { param: 'reasoning_effort' },
    );
  }
  const budget = reasoning.budgetTokens ?? THINKING_BUDGETS[reasoning.effort as keyof typeof THINKING_BUDGETS];
  if (budget === undefined) return undefined;
  fields.thinking = { type: 'enabled', budget_tokens: budget };
  return budget;
}

/** top_k is a vendor field too: Anthropic's `top_k`, Nova's `inferenceConfig.topK`. */
function topKField(request: ChatRequest, family: ChatFamily, fields: Record<string, unknown>): void {
  if (request.topK === undefined) return;
  if (family === 'anthropic') fields.top_k = request.topK;
  else if (family === 'nova') fields.inferenceConfig = { topK: request.topK };
  else throw new GatewayError('invalid_parameter', 'The gateway sends top_k to Bedrock only for Anthropic and Amazon Nova models.', { param: 'top_k' });
}

/**
 * Converse enforces a JSON schema natively (`outputConfig.textFormat`, structured
 * outputs), so response_format json_schema needs no tool-call emulation. The schema
 * travels as JSON text, as the API defines it.
 */
function encodeOutputConfig(request: ChatRequest): ConverseRequestBody['outputConfig'] {
  const format = request.responseFormat;
  if (format?.type !== 'json_schema') return undefined;
  if (!format.schema) {
    throw new GatewayError('invalid_parameter', 'Bedrock needs the schema itself for response_format json_schema.', { param: 'response_format.json_schema.schema' });
  }
  return {
    textFormat: {
      type: 'json_schema',
      structure: {
        jsonSchema: {
          schema: JSON.stringify(format.schema),
          ...(format.name && { name: format.name }),
          ...(format.description && { description: format.description }),
        },
      },
    },
  };
}
