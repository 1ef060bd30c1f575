import { openReasoning, sealReasoning } from '@model-gateway/core';
import { BEDROCK_REASONING_FAMILY, decodeReasoningBlocks, encodeReasoningBlocks } from './converse-reasoning';

describe('Bedrock reasoning blocks', () => {
  it('seals one signed block too (a bare signature would pass for another family\'s), and restores it', () => {
    const decoded = decodeReasoningBlocks([{ reasoningText: { text: 'think', signature: 'sig-1' } }]);
    expect(decoded.reasoning).toBe('think');
    expect(openReasoning(decoded.signature)).toEqual({ family: BEDROCK_REASONING_FAMILY, blocks: [{ reasoningContent: { reasoningText: { text: 'think', signature: 'sig-1' } } }] });
    expect(encodeReasoningBlocks({ reasoning: decoded.reasoning, reasoningSignature: decoded.signature })).toEqual([
      { reasoningContent: { reasoningText: { text: 'think', signature: 'sig-1' } } },
    ]);
  });

  it('seals several or redacted blocks whole and restores them in order', () => {
    const blocks = [{ reasoningText: { text: 'a', signature: 's' } }, { redactedContent: 'ZW5j' }];
    const decoded = decodeReasoningBlocks(blocks);
    expect(decoded.reasoning).toBe('a');
    expect(openReasoning(decoded.signature)?.family).toBe(BEDROCK_REASONING_FAMILY);
    expect(encodeReasoningBlocks({ reasoning: 'a', reasoningSignature: decoded.signature })).toEqual(blocks.map((block) => ({ reasoningContent: block })));
  });

  it("restores Anthropic-format thinking blocks and leaves out another family's or unsigned reasoning", () => {
    const anthropic = sealReasoning('anthropic', [{ type: 'thinking', thinking: 't', signature: 'x' }, { type: 'redacted_thinking', data: 'd' }]);
    expect(encodeReasoningBlocks({ reasoningSignature: anthropic })).toEqual([
      { reasoningContent: { reasoningText: { text: 't', signature: 'x' } } },
      { reasoningContent: { redactedContent: 'd' } },
    ]);
    expect(encodeReasoningBlocks({ reasoning: 't', reasoningSignature: sealReasoning('gemini', ['x']) })).toEqual([]);
    expect(encodeReasoningBlocks({ reasoning: 't' })).toEqual([]);
  });
});
