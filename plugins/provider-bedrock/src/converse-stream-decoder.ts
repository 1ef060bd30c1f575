import { extensibleCopy, sealReasoning, type ChatChunk, type ChatDelta, type FinishReason, type Usage } from '@model-gateway/core';
import { BEDROCK_REASONING_FAMILY } from './converse-reasoning';
import type { ConverseReasoningBlock, ConverseUsage } from './converse-types';
import { decodeConverseUsage, finishReasonOf, stopSequenceOf } from './converse-usage';

type Json = Record<string, any>;

/**
 * ConverseStream events to canonical chunks, one event at a time. The state is which
 * content blocks are tool calls (Converse numbers every block, `contentBlockIndex`, while
 * the canonical tool-call index counts tool calls only) and the reasoning blocks so far,
 * sealed into one envelope whenever a signature completes one (as the whole answer is).
 *
 * messageStart → role; contentBlockStart(toolUse) → a call's id and name;
 * contentBlockDelta → text, argument pieces, reasoning text or its signature;
 * messageStop → the finish reason; metadata → the usage-only chunk at the end.
 * contentBlockStop needs no chunk.
 */
export class ConverseStreamDecoder {
  private readonly toolIndexByBlock = new Map<number, number>();
  private readonly reasoningBlocks = new Map<number, ConverseReasoningBlock>();

  constructor(private readonly meta: { id: string; created: number; model: string }) {}

  /** The chunks one event yields (none for events that change nothing a client sees). */
  decode(eventType: string, event: Json): ChatChunk[] {
    switch (eventType) {
      case 'messageStart':
        return [this.chunk({ role: 'assistant' })];
      case 'contentBlockStart':
        return this.blockStart(event);
      case 'contentBlockDelta':
        return this.blockDelta(event);
      case 'messageStop':
        return [this.stopChunk(event)];
      case 'metadata':
        return this.usageChunk(event.usage as ConverseUsage | undefined);
      default:
        return [];
    }
  }

  private blockStart(event: Json): ChatChunk[] {
    const toolUse = event.start?.toolUse;
    if (!toolUse) return [];
    const index = this.toolIndexByBlock.size;
    this.toolIndexByBlock.set(event.contentBlockIndex, index);
    return [this.chunk({ toolCalls: [{ index, id: toolUse.toolUseId, name: toolUse.name, argumentsDelta: '' }] })];
  }

  private blockDelta(event: Json): ChatChunk[] {
    const delta = event.delta;
    if (!delta) return [];
    if (typeof delta.text === 'string') return [this.chunk({ content: delta.text })];
    if (delta.toolUse && typeof delta.toolUse.input === 'string') {
      const index = this.toolIndexByBlock.get(event.contentBlockIndex);
      // An argument piece for a block that never started as a tool call has no call to belong to.
      if (index === undefined) return [];
      return [this.chunk({ toolCalls: [{ index, argumentsDelta: delta.toolUse.input }] })];
    }
    const reasoning = delta.reasoningContent;
    if (!reasoning) return [];
    const block = this.reasoningBlock(event.contentBlockIndex);
    if (typeof reasoning.text === 'string') {
      block.reasoningText!.text += reasoning.text;
      return [this.chunk({ reasoning: reasoning.text })];
    }
    if (typeof reasoning.signature === 'string') block.reasoningText!.signature = (block.reasoningText!.signature ?? '') + reasoning.signature;
    else if (typeof reasoning.redactedContent === 'string') {
      delete block.reasoningText;
      block.redactedContent = reasoning.redactedContent;
    } else return [];
    // Every block so far, whole: a later envelope replaces an earlier one in the client's slot.
    const blocks = [...this.reasoningBlocks.values()].map((b) => ({ reasoningContent: b }));
    return [this.chunk({ reasoningSignature: sealReasoning(BEDROCK_REASONING_FAMILY, blocks) })];
  }

  private reasoningBlock(index: number): ConverseReasoningBlock {
    let block = this.reasoningBlocks.get(index);
    if (!block) this.reasoningBlocks.set(index, (block = { reasoningText: { text: '' } }));
    return block;
  }

  /** The finish reason, and the stop sequence when Claude names the one that ended the answer. */
  private stopChunk(event: Json): ChatChunk {
    const chunk = this.chunk({}, finishReasonOf(event.stopReason));
    const stopSequence = stopSequenceOf(event.stopReason, event.additionalModelResponseFields);
    if (stopSequence !== undefined) chunk.choices[0].stopSequence = stopSequence;
    return chunk;
  }

  private usageChunk(wire: ConverseUsage | undefined): ChatChunk[] {
    const usage: Usage | undefined = decodeConverseUsage(wire);
    return usage ? [extensibleCopy(this.meta, { choices: [], usage })] : [];
  }

  private chunk(delta: ChatDelta, finishReason: FinishReason | null = null): ChatChunk {
    return extensibleCopy(this.meta, { choices: [{ index: 0, delta, finishReason }] });
  }
}
