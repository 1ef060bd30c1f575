/**
 * `chat.completion` both ways. Decoding keeps every field the canonical model does not
 * name (system_fingerprint, service_tier, annotations, audio, logprobs) so that an
 * OpenAI-style client of an OpenAI-family provider gets them back.
 *
 * Reasoning text travels as `reasoning_content`: OpenAI itself never sends it on this API,
 * but OpenAI-compatible servers (DeepSeek, vLLM) do, and their clients read it there.
 */
import { invalidUpstream, numberOr, requireArray, requireObject, setDefined, stringOr, type AssistantMessage, type ChatChoice, type ChatResponse, type ToolCall, type WireObject } from '@model-gateway/core';
import { decodeUsage, encodeUsage } from './usage';
import { unknownFields, withUnknownFields } from './unknown-fields';
import { finishReason, nullableText } from './upstream-fields';

const RESPONSE_FIELDS: ReadonlySet<string> = new Set(['id', 'object', 'created', 'model', 'choices', 'usage']);
const MESSAGE_FIELDS: ReadonlySet<string> = new Set(['role', 'content', 'refusal', 'tool_calls', 'reasoning_content']);

export function decodeChatResponse(body: unknown): ChatResponse {
  const wire = requireObject(body, 'the body');
  const response: ChatResponse = {
    id: stringOr(wire.id, ''),
    created: numberOr(wire.created, 0),
    model: stringOr(wire.model, ''),
    choices: requireArray(wire.choices, 'choices').map(decodeChoice),
  };
  const usage = decodeUsage(wire.usage);
  if (usage) response.usage = usage;
  const extra = unknownFields(wire, RESPONSE_FIELDS);
  if (extra) response.extra = extra;
  return response;
}

export function encodeChatResponse(response: ChatResponse): WireObject {
  const wire: WireObject = {
    id: response.id,
    object: 'chat.completion',
    created: response.created,
    model: response.model,
    choices: response.choices.map((choice) => ({
      index: choice.index,
      message: encodeMessage(choice.message),
      logprobs: choice.logprobs ?? null,
      finish_reason: choice.finishReason,
    })),
  };
  if (response.usage) wire.usage = encodeUsage(response.usage);
  return withUnknownFields(wire, response.extra, RESPONSE_FIELDS);
}

/** Where each part of a choice sits, for error messages: made once per position, not per answer. */
interface ChoicePaths {
  choice: string;
  message: string;
  content: string;
  toolCalls: string;
  refusal: string;
}

const cachedPaths: ChoicePaths[] = [];

function choicePaths(position: number): ChoicePaths {
  const cached = cachedPaths[position];
  if (cached) return cached;
  const choice = `choices[${position}]`;
  const message = `${choice}.message`;
  const paths = { choice, message, content: `${message}.content`, toolCalls: `${message}.tool_calls`, refusal: `${message}.refusal` };
  if (position < 16) cachedPaths[position] = paths;
  return paths;
}

function decodeChoice(value: unknown, position: number): ChatChoice {
  const paths = choicePaths(position);
  const wire = requireObject(value, paths.choice);
  const choice: ChatChoice = {
    index: numberOr(wire.index, position),
    message: decodeMessage(wire.message, paths),
    finishReason: finishReason(wire.finish_reason),
  };
  if (wire.logprobs !== undefined && wire.logprobs !== null) choice.logprobs = wire.logprobs;
  return choice;
}

function decodeMessage(value: unknown, paths: ChoicePaths): AssistantMessage {
  const wire = requireObject(value, paths.message);
  const message: AssistantMessage = { role: 'assistant', content: nullableText(wire.content, paths.content) };
  if (wire.tool_calls !== undefined && wire.tool_calls !== null) {
    message.toolCalls = requireArray(wire.tool_calls, paths.toolCalls).map((call, i) => decodeToolCall(call, `${paths.toolCalls}[${i}]`));
  }
  if (typeof wire.reasoning_content === 'string') message.reasoning = wire.reasoning_content;
  // OpenAI always sends `refusal: null`; keeping the null lets the answer go back as it came.
  if (wire.refusal !== undefined) message.refusal = nullableText(wire.refusal, paths.refusal);
  const extra = unknownFields(wire, MESSAGE_FIELDS);
  if (extra) message.extra = extra;
  return message;
}

function decodeToolCall(value: unknown, where: string): ToolCall {
  const wire = requireObject(value, where);
  const fn = requireObject(wire.function, `${where}.function`);
  if (typeof fn.name !== 'string') throw invalidUpstream(`${where}.function.name is not a string`);
  return { id: stringOr(wire.id, ''), name: fn.name, arguments: stringOr(fn.arguments, '') };
}

function encodeMessage(message: AssistantMessage): WireObject {
  const wire: WireObject = { role: 'assistant', content: message.content };
  setDefined(wire, 'reasoning_content', message.reasoning);
  setDefined(wire, 'refusal', message.refusal);
  if (message.toolCalls) {
    wire.tool_calls = message.toolCalls.map((call) => ({
      id: call.id,
      type: 'function',
      function: { name: call.name, arguments: call.arguments },
    }));
  }
  return withUnknownFields(wire, message.extra, MESSAGE_FIELDS);
}
