import { GatewayError, type AssistantMessage, type ChatResponse, type ToolCall } from '@model-gateway/core';
import { decodeReasoningBlocks } from './converse-reasoning';
import type { ConverseContentBlock, ConverseReasoningBlock, ConverseResponseBody } from './converse-types';
import { decodeConverseUsage, finishReasonOf, stopSequenceOf } from './converse-usage';

/** What the response body does not carry: Converse has no id, timestamp or model name in it. */
export interface ResponseMeta {
  id: string;
  created: number;
  model: string;
}

/**
 * A Converse response to canonical. Text blocks are joined into the content, reasoning
 * blocks into `reasoning` (with what must go back with it: converse-reasoning.ts), and toolUse
 * blocks become tool calls whose arguments are the input document as JSON text.
 */
export function decodeConverseResponse(body: unknown, meta: ResponseMeta): ChatResponse {
  if (typeof body !== 'object' || body === null) {
    throw new GatewayError('upstream_invalid_response', 'Bedrock returned a Converse response that is not a JSON object.');
  }
  const wire = body as ConverseResponseBody;
  const blocks = wire.output?.message?.content;
  if (!Array.isArray(blocks)) {
    throw new GatewayError('upstream_invalid_response', 'Bedrock returned a Converse response without output.message.content.');
  }
  const response: ChatResponse = {
    id: meta.id,
    created: meta.created,
    model: meta.model,
    choices: [{ index: 0, message: decodeMessage(blocks), finishReason: finishReasonOf(wire.stopReason) }],
  };
  const stopSequence = stopSequenceOf(wire.stopReason, wire.additionalModelResponseFields);
  if (stopSequence !== undefined) response.choices[0].stopSequence = stopSequence;
  const usage = decodeConverseUsage(wire.usage);
  if (usage) response.usage = usage;
  if (wire.additionalModelResponseFields !== undefined) response.extra = { additionalModelResponseFields: wire.additionalModelResponseFields };
  return response;
}

function decodeMessage(blocks: readonly ConverseContentBlock[]): AssistantMessage {
  let text: string | null = null;
  const reasoningBlocks: ConverseReasoningBlock[] = [];
  const toolCalls: ToolCall[] = [];
  for (const block of blocks) {
    if (typeof block.text === 'string') text = (text ?? '') + block.text;
    else if (block.toolUse) {
      toolCalls.push({ id: block.toolUse.toolUseId, name: block.toolUse.name, arguments: JSON.stringify(block.toolUse.input ?? {}) });
    } else if (block.reasoningContent) {
      reasoningBlocks.push(block.reasoningContent);
    }
  }
  const { reasoning, signature } = decodeReasoningBlocks(reasoningBlocks);
  const message: AssistantMessage = { role: 'assistant', content: text };
  if (toolCalls.length > 0) message.toolCalls = toolCalls;
  if (reasoning !== undefined) message.reasoning = reasoning;
  if (signature !== undefined) message.reasoningSignature = signature;
  return message;
}
