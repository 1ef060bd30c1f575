import { sealReasoning, type ChatRequest } from '@model-gateway/core';
import { encodeAnthropicRequest, thinkingDropped } from './encode-request';
import { sealThinking, thinkingBlocksOf } from './thinking-envelope';

const signed = [{ type: 'thinking', thinking: 'Plan.', signature: 'sig-A' }, { type: 'redacted_thinking', data: 'opaque' }];

function toolTurn(reasoningSignature?: string, reasoning?: string): ChatRequest {
  return {
    stream: false, streamUsage: false, extra: {}, reasoning: { effort: 'low' }, maxTokens: 4096,
    messages: [
      { role: 'user', content: 'weather?' },
      { role: 'assistant', content: 'Checking.', toolCalls: [{ id: 'toolu_1', name: 'w', arguments: '{}' }], reasoningSignature, reasoning },
      { role: 'tool', toolCallId: 'toolu_1', content: 'sunny' },
    ],
  };
}

describe('thinking envelope', () => {
  it('restores the sealed blocks exactly, first in the assistant turn', () => {
    const body = encodeAnthropicRequest(toolTurn(sealThinking(signed), 'a summary a client rewrote'), 'claude');
    const assistant = (body.messages as Array<{ content: Array<{ type: string }> }>)[1];
    expect(assistant.content.slice(0, 2)).toEqual(signed);
    expect(body.thinking).toEqual({ type: 'enabled', budget_tokens: expect.any(Number) });
  });

  it("drops another family's envelope and keeps a bare Anthropic signature", () => {
    expect(thinkingBlocksOf({ reasoning: 'x', reasoningSignature: sealReasoning('other', [{ sig: 'g' }]) })).toEqual([]);
    expect(thinkingBlocksOf({ reasoning: 'x', reasoningSignature: 'sig-raw' })).toEqual([{ type: 'thinking', thinking: 'x', signature: 'sig-raw' }]);
  });

  it('switches thinking off as the last resort when a tool turn lost its thinking', () => {
    const request = toolTurn(sealReasoning('other', [{ sig: 'g' }]));
    expect(thinkingDropped(request)).toBe(true);
    expect(encodeAnthropicRequest(request, 'claude').thinking).toBeUndefined();
    expect(thinkingDropped(toolTurn(sealThinking(signed)))).toBe(false);
  });
});
