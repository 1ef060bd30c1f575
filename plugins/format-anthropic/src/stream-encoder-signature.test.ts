import { sealReasoning, type ChatChunk } from '@model-gateway/core';
import { AnthropicStreamEncoder } from './stream-encoder';

const base = { id: 'r1', created: 1, model: 'gemini-3-pro-preview' };
const delta = (d: ChatChunk['choices'][number]['delta'], finishReason: string | null = null): ChatChunk => ({ ...base, choices: [{ index: 0, delta: d, finishReason }] });

function events(chunks: ChatChunk[]): any[] {
  const encoder = new AnthropicStreamEncoder();
  const sse = chunks.map((c) => encoder.chunk(c)).join('') + encoder.end();
  return sse.split('\n\n').filter(Boolean).map((b) => JSON.parse(b.split('\n')[1].slice(6)));
}

const blockStarts = (chunks: ChatChunk[]): string[] => events(chunks).filter((e) => e.type === 'content_block_start').map((e) => e.content_block.type);

/** Each block's signature_delta values, by block index. */
function signatures(chunks: ChatChunk[]): Record<number, string[]> {
  const out: Record<number, string[]> = {};
  for (const e of events(chunks)) if (e.delta?.type === 'signature_delta') (out[e.index] ??= []).push(e.delta.signature);
  return out;
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

describe('AnthropicStreamEncoder, several reasoning blocks', () => {
  // Envelopes sealed cumulatively, as Bedrock's stream decoder seals them: each holds every block so far.
  const one = sealReasoning('bedrock', [{ reasoningContent: { reasoningText: { text: 'A', signature: 'sA' } } }]);
  const two = sealReasoning('bedrock', [{ reasoningContent: { reasoningText: { text: 'A', signature: 'sA' } } }, { reasoningContent: { redactedContent: 'R' } }]);
  const call = { index: 0, id: 'c1', name: 'f', argumentsDelta: '{}' };

  it('writes one signature per thinking block, the last given, just before the block closes', () => {
    const chunks = [delta({ reasoning: 'A' }), delta({ reasoningSignature: one }), delta({ reasoningSignature: two }), delta({ toolCalls: [call] }, 'tool_calls')];
    expect(signatures(chunks)).toEqual({ 0: [two] });
    const kinds = events(chunks).filter((e) => e.index === 0).map((e) => e.delta?.type ?? e.type);
    expect(kinds).toEqual(['content_block_start', 'thinking_delta', 'signature_delta', 'content_block_stop']);
  });

  it('gives a later cumulative envelope that arrives alone after text a thinking block of its own', () => {
    const chunks = [delta({ reasoning: 'A' }), delta({ reasoningSignature: one }), delta({ content: 'Let me check.' }), delta({ reasoningSignature: two }), delta({ toolCalls: [call] }, 'tool_calls')];
    expect(blockStarts(chunks)).toEqual(['thinking', 'text', 'thinking', 'tool_use']);
    expect(signatures(chunks)).toEqual({ 0: [one], 2: [two] });
  });

  it('still drops an alone signature that supersedes nothing (another family, or no more blocks)', () => {
    const gemini = sealReasoning('gemini', ['g']);
    expect(blockStarts([delta({ reasoning: 'A' }), delta({ reasoningSignature: one }), delta({ content: 'x' }), delta({ reasoningSignature: gemini }), delta({ content: 'y' }, 'stop')])).toEqual(['thinking', 'text']);
    expect(blockStarts([delta({ reasoning: 'A' }), delta({ reasoningSignature: two }), delta({ content: 'x' }), delta({ reasoningSignature: one }, 'stop')])).toEqual(['thinking', 'text']);
  });
});
