/**
 * `chat.completion.chunk` both ways: one stream event's JSON (the SSE framing and the
 * `[DONE]` sentinel belong to the caller). The usage report is the chunk with
 * `choices: []` and `usage`; every other chunk is encoded without a `usage` key.
 */
import { isWireObject, numberOr, requireArray, requireObject, setDefined, stringOr, type ChatChunk, type ChatChunkChoice, type ChatDelta, type ToolCallDelta, type WireObject } from '@model-gateway/core';
import { decodeUsage, encodeUsage } from './usage';
import { unknownFields, withUnknownFields } from './unknown-fields';
import { finishReason, nullableText } from './upstream-fields';

const CHUNK_FIELDS: ReadonlySet<string> = new Set(['id', 'object', 'created', 'model', 'choices', 'usage']);

export function decodeChatChunk(data: unknown): ChatChunk {
  const wire = requireObject(data, 'the chunk');
  // Some OpenAI-compatible servers leave `choices` out of the usage-only chunk.
  const choices = wire.choices === undefined ? [] : requireArray(wire.choices, 'choices');
  const chunk: ChatChunk = {
    id: stringOr(wire.id, ''),
    created: numberOr(wire.created, 0),
    model: stringOr(wire.model, ''),
    choices: choices.map(decodeChoice),
  };
  const usage = decodeUsage(wire.usage);
  if (usage) chunk.usage = usage;
  const extra = unknownFields(wire, CHUNK_FIELDS);
  if (extra) chunk.extra = extra;
  return chunk;
}

export function encodeChatChunk(chunk: ChatChunk): WireObject {
  const wire: WireObject = {
    id: chunk.id,
    object: 'chat.completion.chunk',
    created: chunk.created,
    model: chunk.model,
    choices: chunk.choices.map((choice) => ({
      index: choice.index,
      delta: encodeDelta(choice.delta),
      logprobs: choice.logprobs ?? null,
      finish_reason: choice.finishReason,
    })),
  };
  if (chunk.usage) wire.usage = encodeUsage(chunk.usage);
  return withUnknownFields(wire, chunk.extra, CHUNK_FIELDS);
}

function decodeChoice(value: unknown, position: number): ChatChunkChoice {
  const where = `choices[${position}]`;
  const wire = requireObject(value, where);
  const choice: ChatChunkChoice = {
    index: numberOr(wire.index, position),
    delta: decodeDelta(wire.delta, `${where}.delta`),
    finishReason: finishReason(wire.finish_reason),
  };
  if (wire.logprobs !== undefined && wire.logprobs !== null) choice.logprobs = wire.logprobs;
  return choice;
}

/** A final chunk may carry no delta at all; that is an empty delta, not an error. */
function decodeDelta(value: unknown, where: string): ChatDelta {
  if (value === undefined || value === null) return {};
  const wire = requireObject(value, where);
  const delta: ChatDelta = {};
  if (wire.role === 'assistant') delta.role = 'assistant';
  // null and '' both occur on OpenAI's wire and both are kept, so a relay is exact.
  if (wire.content !== undefined) delta.content = nullableText(wire.content, `${where}.content`);
  if (typeof wire.reasoning_content === 'string') delta.reasoning = wire.reasoning_content;
  if (wire.refusal !== undefined) delta.refusal = nullableText(wire.refusal, `${where}.refusal`);
  if (wire.tool_calls !== undefined && wire.tool_calls !== null) {
    delta.toolCalls = requireArray(wire.tool_calls, `${where}.tool_calls`).map((call, i) => decodeToolCallDelta(call, i, `${where}.tool_calls[${i}]`));
  }
  return delta;
}

function decodeToolCallDelta(value: unknown, position: number, where: string): ToolCallDelta {
  const wire = requireObject(value, where);
  const delta: ToolCallDelta = { index: numberOr(wire.index, position) };
  if (typeof wire.id === 'string') delta.id = wire.id;
  if (isWireObject(wire.function)) {
    if (typeof wire.function.name === 'string') delta.name = wire.function.name;
    if (typeof wire.function.arguments === 'string') delta.argumentsDelta = wire.function.arguments;
  }
  return delta;
}

function encodeDelta(delta: ChatDelta): WireObject {
  const wire: WireObject = {};
  setDefined(wire, 'role', delta.role);
  setDefined(wire, 'content', delta.content);
  setDefined(wire, 'reasoning_content', delta.reasoning);
  setDefined(wire, 'refusal', delta.refusal);
  if (delta.toolCalls) wire.tool_calls = delta.toolCalls.map(encodeToolCallDelta);
  return wire;
}

/** OpenAI names the type only on a call's first delta, the one that carries its id. */
function encodeToolCallDelta(call: ToolCallDelta): WireObject {
  const fn: WireObject = {};
  setDefined(fn, 'name', call.name);
  setDefined(fn, 'arguments', call.argumentsDelta);
  const wire: WireObject = { index: call.index };
  if (call.id !== undefined) {
    wire.id = call.id;
    wire.type = 'function';
  }
  wire.function = fn;
  return wire;
}
