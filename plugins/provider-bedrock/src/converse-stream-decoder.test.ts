import { openReasoning } from '@model-gateway/core';
import { BEDROCK_REASONING_FAMILY } from './converse-reasoning';
import { ConverseStreamDecoder } from './converse-stream-decoder';

const META = { id: 'bedrock-s', created: 1, model: 'm' };

function decodeAll(events: Array<[string, Record<string, unknown>]>) {
  const decoder = new ConverseStreamDecoder(META);
  return events.flatMap(([type, event]) => decoder.decode(type, event));
}

describe('ConverseStreamDecoder', () => {
  it('turns a text stream into role, content pieces, a finish chunk and a usage-only chunk', () => {
    const chunks = decodeAll([
      ['messageStart', { role: 'assistant' }],
      ['contentBlockDelta', { contentBlockIndex: 0, delta: { text: 'Hel' }, p: 'padding' }],
      ['contentBlockDelta', { contentBlockIndex: 0, delta: { text: 'lo' } }],
      ['contentBlockStop', { contentBlockIndex: 0 }],
      ['messageStop', { stopReason: 'end_turn' }],
      ['metadata', { usage: { inputTokens: 2, outputTokens: 3, totalTokens: 5, cacheReadInputTokens: 4 }, metrics: { latencyMs: 9 } }],
    ]);
    expect(chunks.map((c) => c.choices[0]?.delta ?? null)).toEqual([{ role: 'assistant' }, { content: 'Hel' }, { content: 'lo' }, {}, null]);
    expect(chunks[3].choices[0].finishReason).toBe('stop');
    expect(chunks[4]).toEqual({ ...META, choices: [], usage: { inputTokens: 6, outputTokens: 3, totalTokens: 9, cachedInputTokens: 4 } });
    for (const chunk of chunks) expect(chunk).toMatchObject(META);
  });

  it('numbers tool calls by their order among tool blocks, not by Converse block index', () => {
    const chunks = decodeAll([
      ['contentBlockDelta', { contentBlockIndex: 0, delta: { text: 'Checking.' } }],
      ['contentBlockStart', { contentBlockIndex: 1, start: { toolUse: { toolUseId: 'tu_a', name: 'get_weather' } } }],
      ['contentBlockDelta', { contentBlockIndex: 1, delta: { toolUse: { input: '{"city":' } } }],
      ['contentBlockDelta', { contentBlockIndex: 1, delta: { toolUse: { input: '"Paris"}' } } }],
      ['contentBlockStart', { contentBlockIndex: 2, start: { toolUse: { toolUseId: 'tu_b', name: 'get_weather' } } }],
      ['contentBlockDelta', { contentBlockIndex: 2, delta: { toolUse: { input: '{}' } } }],
      ['messageStop', { stopReason: 'tool_use' }],
    ]);
    expect(chunks.slice(1, 6).map((c) => c.choices[0].delta.toolCalls)).toEqual([
      [{ index: 0, id: 'tu_a', name: 'get_weather', argumentsDelta: '' }],
      [{ index: 0, argumentsDelta: '{"city":' }],
      [{ index: 0, argumentsDelta: '"Paris"}' }],
      [{ index: 1, id: 'tu_b', name: 'get_weather', argumentsDelta: '' }],
      [{ index: 1, argumentsDelta: '{}' }],
    ]);
    expect(chunks[6].choices[0].finishReason).toBe('tool_calls');
  });

  it('passes reasoning text as it comes and seals the blocks so far whenever a signature or redacted block completes one', () => {
    const chunks = decodeAll([
      ['contentBlockDelta', { contentBlockIndex: 0, delta: { reasoningContent: { text: 'Hmm.' } } }],
      ['contentBlockDelta', { contentBlockIndex: 0, delta: { reasoningContent: { signature: 'sig' } } }],
      ['contentBlockDelta', { contentBlockIndex: 1, delta: { reasoningContent: { redactedContent: 'AAAA' } } }],
    ]);
    const deltas = chunks.map((c) => c.choices[0].delta);
    expect(deltas[0]).toEqual({ reasoning: 'Hmm.' });
    const signed = { reasoningContent: { reasoningText: { text: 'Hmm.', signature: 'sig' } } };
    expect(openReasoning(deltas[1].reasoningSignature)).toEqual({ family: BEDROCK_REASONING_FAMILY, blocks: [signed] });
    expect(openReasoning(deltas[2].reasoningSignature)).toEqual({ family: BEDROCK_REASONING_FAMILY, blocks: [signed, { reasoningContent: { redactedContent: 'AAAA' } }] });
  });

  it('yields nothing for events it does not know and for metadata without usage', () => {
    expect(decodeAll([['somethingNew', {}], ['metadata', { metrics: { latencyMs: 1 } }], ['contentBlockStop', { contentBlockIndex: 0 }]])).toEqual([]);
  });
});
