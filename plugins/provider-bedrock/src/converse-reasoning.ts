/**
 * Claude's signed reasoning on Bedrock, both ways. Converse returns each thinking block as
 * `reasoningContent: {reasoningText: {text, signature}}` or `{redactedContent}`, and a
 * tool-use turn sent back while thinking is on must start with them, unchanged
 * (https://docs.aws.amazon.com/bedrock/latest/userguide/claude-messages-extended-thinking.html).
 *
 * The blocks are sealed whole into a reasoning envelope under BEDROCK_REASONING_FAMILY,
 * a single one too: a bare signature would look like the client format's own (and reach
 * Gemini as a thought signature), and a client slot declared as base64 bytes takes the
 * envelope where it may refuse Bedrock's raw text. Every block comes back exactly as
 * Bedrock wrote it; canonical `reasoning` keeps the readable text.
 */
import { isWireObject, openReasoning, sealReasoning, type ChatMessage } from '@model-gateway/core';
import type { ConverseContentBlock, ConverseReasoningBlock } from './converse-types';

export const BEDROCK_REASONING_FAMILY = 'bedrock';
/** Anthropic-format thinking blocks (sealed by format-anthropic) are Claude's too, so Bedrock's Claude takes them back. */
const ANTHROPIC_FAMILY = 'anthropic';

export interface DecodedReasoning {
  reasoning?: string;
  signature?: string;
}

/** The canonical reasoning of an answer's reasoningContent blocks. */
export function decodeReasoningBlocks(blocks: readonly ConverseReasoningBlock[]): DecodedReasoning {
  if (blocks.length === 0) return {};
  const texts = blocks.flatMap((block) => (block.reasoningText ? [block.reasoningText.text] : []));
  const reasoning = texts.length > 0 ? texts.join('') : undefined;
  return { reasoning, signature: sealReasoning(BEDROCK_REASONING_FAMILY, blocks.map((block) => ({ reasoningContent: block }))) };
}

/** The reasoningContent blocks an assistant turn starts with when it goes back to Bedrock. */
export function encodeReasoningBlocks(message: Pick<ChatMessage, 'reasoning' | 'reasoningSignature'>): ConverseContentBlock[] {
  const envelope = openReasoning(message.reasoningSignature);
  if (envelope?.family === BEDROCK_REASONING_FAMILY) return envelope.blocks.filter(isReasoningContent);
  if (envelope?.family === ANTHROPIC_FAMILY) return envelope.blocks.flatMap(fromAnthropicBlock);
  // Another family's reasoning (Gemini's, say) cannot be verified by Claude: it is left out.
  if (envelope) return [];
  // Unsigned reasoning text means nothing to this model: Claude refuses unsigned thinking.
  if (!message.reasoning || !message.reasoningSignature) return [];
  return [{ reasoningContent: { reasoningText: { text: message.reasoning, signature: message.reasoningSignature } } }];
}

function isReasoningContent(block: unknown): block is ConverseContentBlock {
  return isWireObject(block) && isWireObject(block.reasoningContent);
}

function fromAnthropicBlock(block: unknown): ConverseContentBlock[] {
  if (!isWireObject(block)) return [];
  if (block.type === 'thinking' && typeof block.thinking === 'string' && typeof block.signature === 'string') {
    return [{ reasoningContent: { reasoningText: { text: block.thinking, signature: block.signature } } }];
  }
  if (block.type === 'redacted_thinking' && typeof block.data === 'string') return [{ reasoningContent: { redactedContent: block.data } }];
  return [];
}
