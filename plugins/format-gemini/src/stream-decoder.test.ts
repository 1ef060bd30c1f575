import { sealThoughtSignature } from './thought-envelope';
import type { ChatChunk } from '@model-gateway/core';
import { GeminiStreamDecoder } from './stream-decoder';

const defaults = { model: 'gemini-2.5-flash', created: 1_700_000_000 };
const item = (parts: unknown[], extra: Record<string, unknown> = {}) => ({
  candidates: [{ content: { role: 'model', parts }, index: 0, ...extra }],
  usageMetadata: { promptTokenCount: 20, totalTokenCount: 20 },
  modelVersion: 'gemini-2.5-flash-001',
  responseId: 'r1',
});

function decodeAll(items: unknown[]): ChatChunk[] {
  const decoder = new GeminiStreamDecoder(defaults);
  return [...items.flatMap((i) => decoder.decode(i)), ...decoder.end()];
}

describe('GeminiStreamDecoder', () => {
  it('turns items into deltas (role first), keeps only the last usage for the end', () => {
    const chunks = decodeAll([
      item([{ text: 'Thinking', thought: true }]),
      item([{ text: 'Hello' }]),
      { ...item([{ text: ' there', thoughtSignature: 'sig' }], { finishReason: 'STOP' }), usageMetadata: { promptTokenCount: 20, candidatesTokenCount: 5, thoughtsTokenCount: 2, totalTokenCount: 27 } },
    ]);
    expect(chunks.map((c) => c.choices[0]?.delta ?? null)).toEqual([
      { role: 'assistant', reasoning: 'Thinking' },
      { content: 'Hello' },
      { content: ' there', reasoningSignature: sealThoughtSignature('sig') },
      null,
    ]);
    expect(chunks.map((c) => c.choices[0]?.finishReason ?? null)).toEqual([null, null, 'stop', null]);
    expect(chunks[3]).toEqual({ id: 'r1', created: defaults.created, model: 'gemini-2.5-flash-001', choices: [], usage: { inputTokens: 20, outputTokens: 7, totalTokens: 27, reasoningTokens: 2 } });
  });

  it('sends each whole function call as one delta, numbering calls across items, and finishes with tool_calls', () => {
    const chunks = decodeAll([
      item([{ functionCall: { name: 'get_weather', args: { city: 'Paris' } } }]),
      item([{ functionCall: { id: 'own', name: 'get_weather', args: { city: 'London' } } }], { finishReason: 'STOP' }),
    ]);
    expect(chunks[0].choices[0].delta).toEqual({ role: 'assistant', toolCalls: [{ index: 0, id: 'call_r1_0_0', name: 'get_weather', argumentsDelta: '{"city":"Paris"}' }] });
    expect(chunks[1].choices[0]).toEqual({ index: 0, delta: { toolCalls: [{ index: 1, id: 'own', name: 'get_weather', argumentsDelta: '{"city":"London"}' }] }, finishReason: 'tool_calls' });
  });

  it('skips items with nothing to say and maps a trailing finish-only item', () => {
    const chunks = decodeAll([{ usageMetadata: { promptTokenCount: 1 } }, item([{ text: 'x' }]), item([], { finishReason: 'MAX_TOKENS' })]);
    expect(chunks.map((c) => (c.choices.length === 0 ? 'usage' : c.choices[0].finishReason))).toEqual([null, 'length', 'usage']);
  });

  it('keeps candidates apart', () => {
    const decoder = new GeminiStreamDecoder(defaults);
    const [chunk] = decoder.decode({ candidates: [{ content: { parts: [{ text: 'a' }] }, index: 0 }, { content: { parts: [{ text: 'b' }] }, index: 1 }] });
    expect(chunk.choices).toEqual([
      { index: 0, delta: { role: 'assistant', content: 'a' }, finishReason: null },
      { index: 1, delta: { role: 'assistant', content: 'b' }, finishReason: null },
    ]);
  });
});
