/**
 * An Anthropic `message` both ways: decoded for the anthropic provider, encoded for the
 * Anthropic API style answering from another provider.
 *
 * Decoding: text blocks join into `content`; `tool_use` blocks become tool calls (input
 * as JSON text); thinking blocks become `reasoning` (their text joined), and every thinking
 * and redacted_thinking block is sealed whole into `reasoningSignature` (a reasoning
 * envelope: what Anthropic needs back next turn); server-tool blocks have no canonical
 * place and are left out. Anthropic sends no timestamp, so `created` is the
 * time of decoding.
 */
import { invalidUpstream, isWireObject, requireObject, stringOr, type AssistantMessage, type ChatResponse, type ToolCall, type WireObject } from '@model-gateway/core';
import { FINISH_REASONS, STOP_REASONS } from './anthropic-facts';
import { isThinkingBlock, sealThinking } from './thinking-envelope';
import { decodeAnthropicUsage, encodeAnthropicUsage } from './usage';

export function decodeAnthropicResponse(body: unknown, created = Math.floor(Date.now() / 1000)): ChatResponse {
  const wire = requireObject(body, 'the body');
  if (!Array.isArray(wire.content)) throw invalidUpstream('content is not an array');
  const texts: string[] = [];
  const thoughts: string[] = [];
  const signed: WireObject[] = [];
  const message: AssistantMessage = { role: 'assistant', content: null };
  wire.content.forEach((value, i) => {
    const block = requireObject(value, `content[${i}]`);
    if (block.type === 'text') texts.push(stringOr(block.text, ''));
    else if (isThinkingBlock(block)) {
      if (block.type === 'thinking') thoughts.push(stringOr(block.thinking, ''));
      signed.push(block);
    } else if (block.type === 'tool_use') {
      (message.toolCalls ??= []).push(decodeToolUse(block, `content[${i}]`));
    }
  });
  if (texts.length > 0) message.content = texts.join('');
  if (thoughts.length > 0) message.reasoning = thoughts.join('\n');
  if (signed.length > 0) message.reasoningSignature = sealThinking(signed);

  const response: ChatResponse = {
    id: stringOr(wire.id, ''),
    created,
    model: stringOr(wire.model, ''),
    choices: [{ index: 0, message, finishReason: decodeStopReason(wire.stop_reason) }],
  };
  const usage = decodeAnthropicUsage(wire.usage);
  if (usage) response.usage = usage;
  return response;
}

/** Unknown stop reasons are passed on as they came: they still tell the client why the answer ended. */
export function decodeStopReason(value: unknown): ChatResponse['choices'][number]['finishReason'] {
  if (typeof value !== 'string') return null;
  return STOP_REASONS[value] ?? value;
}

/**
 * `stop_reason` and `stop_sequence` as Anthropic writes them: a normal stop that a provider
 * says was one of the client's stop sequences is `stop_sequence`, naming it.
 */
export function stopFields(stopReason: string | null, stopSequence: string | undefined): { stop_reason: string; stop_sequence: string | null } {
  if (stopSequence !== undefined && (stopReason === 'end_turn' || stopReason === null)) return { stop_reason: 'stop_sequence', stop_sequence: stopSequence };
  return { stop_reason: stopReason ?? 'end_turn', stop_sequence: null };
}

/** A canonical finish reason as Anthropic's; one Anthropic does not know ends the turn normally. */
export function encodeStopReason(reason: string | null): string | null {
  if (reason === null) return null;
  return FINISH_REASONS[reason] ?? 'end_turn';
}

function decodeToolUse(block: WireObject, where: string): ToolCall {
  if (typeof block.name !== 'string') throw invalidUpstream(`${where}.name is not a string`);
  return { id: stringOr(block.id, ''), name: block.name, arguments: JSON.stringify(block.input ?? {}) };
}

/**
 * The answer as Anthropic would have written it: thinking first, then text, then tool
 * calls. Only the first choice is written (an Anthropic client never asks for more).
 * A refusal is written as text with stop reason "refusal". Tool-call arguments must be
 * a JSON object, as Anthropic's `input` is; anything else from the provider is a 502,
 * because the client could not use it.
 */
export function encodeAnthropicResponse(response: ChatResponse): WireObject {
  const choice = response.choices[0];
  const message = choice?.message;
  const content: WireObject[] = [];
  if (message?.reasoning) content.push({ type: 'thinking', thinking: message.reasoning, signature: message.reasoningSignature ?? '' });
  if (message?.content) content.push({ type: 'text', text: message.content });
  if (message?.refusal) content.push({ type: 'text', text: message.refusal });
  for (const call of message?.toolCalls ?? []) content.push({ type: 'tool_use', id: call.id, name: call.name, input: toolInput(call) });
  const stopReason = message?.refusal && !message.content ? 'refusal' : encodeStopReason(choice?.finishReason ?? null);
  const usage = response.usage ?? { inputTokens: 0, outputTokens: 0, totalTokens: 0 };
  return {
    id: response.id,
    type: 'message',
    role: 'assistant',
    model: response.model,
    content,
    ...stopFields(stopReason, choice?.stopSequence),
    usage: encodeAnthropicUsage(usage),
  };
}

function toolInput(call: ToolCall): WireObject {
  if (call.arguments.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(call.arguments);
  } catch {
    throw invalidUpstream(`the arguments of tool call "${call.name}" are not valid JSON`);
  }
  if (!isWireObject(parsed)) throw invalidUpstream(`the arguments of tool call "${call.name}" are not a JSON object`);
  return parsed;
}
