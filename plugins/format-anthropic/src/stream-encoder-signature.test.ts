import type { ChatChunk } from '@model-gateway/core';
import { AnthropicStreamEncoder } from './stream-encoder';

const base = { id: 'r1', created: 1, model: 'gemini-3-pro-preview' };
const delta = (d: ChatChunk['choices'][number]['delta'], finishReason: string | null = null): ChatChunk => ({ ...base, choices: [{ index: 0, delta: d, finishReason }] });

function blockStarts(chunks: ChatChunk[]): string[] {
  const encoder = new AnthropicStreamEncoder();
  const sse = chunks.map((c) => encoder.chunk(c)).join('') + encoder.end();
  return sse.split('\n\n').filter(Boolean).map((b) => JSON.parse(b.split('\n')[1].slice(6))).filter((e) => e.type === 'content_block_start').map((e) => e.content_block.type);
}

describe('AnthropicStreamEncoder, a signature after text', () => {
  it('keeps one text block when a later chunk carries only a signature', () => {
    expect(blockStarts([delta({ content: 'Hel' }), delta({ reasoningSignature: 'sig' }), delta({ content: 'lo' }, 'stop')])).toEqual(['text']);
  });

  it('still opens a thinking block for a signature that comes with a tool call', () => {
    expect(blockStarts([delta({ content: 'Checking.' }), delta({ reasoningSignature: 'sig', toolCalls: [{ index: 0, id: 'c1', name: 'f', argumentsDelta: '{}' }] }, 'tool_calls')]))
      .toEqual(['text', 'thinking', 'tool_use']);
  });
});
