/**
 * Anthropic's signed thinking through other formats: the thinking and redacted_thinking
 * blocks of an answer are sealed whole into one reasoning envelope (core's
 * sealReasoning), which clients carry as an opaque value and send back; on the next turn
 * the blocks are restored exactly as Anthropic signed them. Anthropic refuses a tool-use
 * turn without them while thinking is on:
 * https://docs.claude.com/en/docs/build-with-claude/extended-thinking#preserving-thinking-blocks
 */
import { isWireObject, openReasoning, sealReasoning, type ChatMessage, type WireObject } from '@model-gateway/core';

/** The family id Anthropic-format hosts (Anthropic, Claude on Vertex AI) seal their thinking under. */
export const ANTHROPIC_REASONING_FAMILY = 'anthropic';

export function isThinkingBlock(block: unknown): boolean {
  return isWireObject(block) && (block.type === 'thinking' || block.type === 'redacted_thinking');
}

/** A thinking block as it goes back: only the fields Anthropic signed. */
export function keptThinkingBlock(block: WireObject): WireObject {
  if (block.type === 'redacted_thinking') return { type: 'redacted_thinking', data: block.data };
  return { type: 'thinking', thinking: block.thinking ?? '', signature: block.signature ?? '' };
}

export function sealThinking(blocks: readonly WireObject[]): string {
  return sealReasoning(ANTHROPIC_REASONING_FAMILY, blocks.map(keptThinkingBlock));
}

/**
 * The thinking blocks an assistant message gives back: its envelope's when Anthropic sealed
 * it, none when another family did (Anthropic could not verify them), else a thinking
 * block from a bare signature (a client holding one from Anthropic itself).
 */
export function thinkingBlocksOf(message: Pick<ChatMessage, 'reasoning' | 'reasoningSignature'>): WireObject[] {
  const envelope = openReasoning(message.reasoningSignature);
  if (envelope) return envelope.family === ANTHROPIC_REASONING_FAMILY ? (envelope.blocks.filter(isThinkingBlock) as WireObject[]).map(keptThinkingBlock) : [];
  if (message.reasoning && message.reasoningSignature) return [{ type: 'thinking', thinking: message.reasoning, signature: message.reasoningSignature }];
  return [];
}

/**
 * Whether the final assistant turn calls a tool without starting with a thinking block,
 * which Anthropic refuses while thinking is on (the last resort is to switch thinking off).
 */
export function finalToolTurnLacksThinking(messages: ReadonlyArray<{ role: string; content: WireObject[] | string }>): boolean {
  for (let i = messages.length - 1; i >= 0; i--) {
    const { role, content } = messages[i];
    if (role !== 'assistant') continue;
    if (typeof content === 'string') return false;
    return content.some((block) => block.type === 'tool_use') && !isThinkingBlock(content[0]);
  }
  return false;
}
