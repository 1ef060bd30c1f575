import { GatewayError, type ChatChunk } from '@model-gateway/core';
import { decodeChatChunk, encodeChatChunk } from './chat-chunk';

const base = { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1_731_000_000, model: 'gpt-4o-mini', system_fingerprint: 'fp_1' };

/** A tool-calling stream as OpenAI sends it with stream_options.include_usage. */
const stream = [
  { ...base, choices: [{ index: 0, delta: { role: 'assistant', content: null, refusal: null }, logprobs: null, finish_reason: null }], usage: null },
  { ...base, choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'weather', arguments: '' } }] }, logprobs: null, finish_reason: null }], usage: null },
  { ...base, choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: '{"city":' } }] }, logprobs: null, finish_reason: null }], usage: null },
  { ...base, choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: '"Paris"}' } }] }, logprobs: null, finish_reason: null }], usage: null },
  { ...base, choices: [{ index: 0, delta: {}, logprobs: null, finish_reason: 'tool_calls' }], usage: null },
  {
    ...base,
    choices: [],
    usage: { prompt_tokens: 50, completion_tokens: 12, total_tokens: 62, prompt_tokens_details: { cached_tokens: 0 }, completion_tokens_details: { reasoning_tokens: 0 } },
  },
];

/** What OpenAI sends minus the `usage: null` the gateway never writes. */
function withoutNullUsage(chunk: Record<string, unknown>): Record<string, unknown> {
  const { usage, ...rest } = chunk;
  return usage === null ? rest : chunk;
}

describe('decodeChatChunk', () => {
  it('reads tool-call deltas', () => {
    expect(decodeChatChunk(stream[1]).choices[0]).toEqual({
      index: 0,
      delta: { toolCalls: [{ index: 0, id: 'call_1', name: 'weather', argumentsDelta: '' }] },
      finishReason: null,
    });
    expect(decodeChatChunk(stream[2]).choices[0].delta).toEqual({ toolCalls: [{ index: 0, argumentsDelta: '{"city":' }] });
  });

  it('keeps finish_reason null until the last choice chunk', () => {
    const reasons = stream.slice(0, 5).map((chunk) => decodeChatChunk(chunk).choices[0].finishReason);
    expect(reasons).toEqual([null, null, null, null, 'tool_calls']);
  });

  it('reads the usage-only final chunk', () => {
    expect(decodeChatChunk(stream[5])).toEqual<ChatChunk>({
      id: 'chatcmpl-1',
      created: 1_731_000_000,
      model: 'gpt-4o-mini',
      choices: [],
      usage: { inputTokens: 50, outputTokens: 12, totalTokens: 62, cachedInputTokens: 0, reasoningTokens: 0 },
      extra: { system_fingerprint: 'fp_1' },
    });
  });

  it('accepts a usage chunk without choices and a choice without delta', () => {
    expect(decodeChatChunk({ id: 'c', usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } }).choices).toEqual([]);
    expect(decodeChatChunk({ id: 'c', choices: [{ index: 0, finish_reason: 'stop' }] }).choices[0].delta).toEqual({});
  });

  it('reads reasoning_content deltas', () => {
    expect(decodeChatChunk({ ...base, choices: [{ index: 0, delta: { reasoning_content: 'hmm' }, finish_reason: null }] }).choices[0].delta).toEqual({ reasoning: 'hmm' });
  });

  it.each<[string, unknown]>([
    ['a non-object chunk', [1, 2]],
    ['choices that are not an array', { choices: {} }],
    ['a delta with numeric content', { choices: [{ index: 0, delta: { content: 1 } }] }],
  ])('rejects %s as upstream_invalid_response', (_, data) => {
    expect(() => decodeChatChunk(data)).toThrow(GatewayError);
    try {
      decodeChatChunk(data);
    } catch (error) {
      expect((error as GatewayError).code).toBe('upstream_invalid_response');
    }
  });
});

describe('encodeChatChunk', () => {
  it('round-trips a tool-calling stream, dropping only the usage nulls', () => {
    for (const chunk of stream) {
      expect(encodeChatChunk(decodeChatChunk(chunk))).toEqual(withoutNullUsage(chunk));
    }
  });

  it('never writes usage: null and always names the object type', () => {
    const encoded = encodeChatChunk({ id: 'c', created: 1, model: 'm', choices: [{ index: 0, delta: { content: 'Hi' }, finishReason: null }] });
    expect(encoded).toEqual({
      id: 'c',
      object: 'chat.completion.chunk',
      created: 1,
      model: 'm',
      choices: [{ index: 0, delta: { content: 'Hi' }, logprobs: null, finish_reason: null }],
    });
    expect(encoded).not.toHaveProperty('usage');
  });

  it('writes the usage-only chunk with empty choices', () => {
    const encoded = encodeChatChunk({ id: 'c', created: 1, model: 'm', choices: [], usage: { inputTokens: 5, outputTokens: 7, totalTokens: 12, reasoningTokens: 3 } });
    expect(encoded.choices).toEqual([]);
    expect(encoded.usage).toEqual({ prompt_tokens: 5, completion_tokens: 7, total_tokens: 12, completion_tokens_details: { reasoning_tokens: 3 } });
  });

  it('types a tool-call delta as a function only on the delta that carries the id', () => {
    const encoded = encodeChatChunk({
      id: 'c', created: 1, model: 'm',
      choices: [{ index: 0, delta: { toolCalls: [{ index: 0, id: 't1', name: 'f' }, { index: 1, argumentsDelta: '{}' }] }, finishReason: null }],
    });
    expect((encoded.choices as Array<{ delta: unknown }>)[0].delta).toEqual({
      tool_calls: [
        { index: 0, id: 't1', type: 'function', function: { name: 'f' } },
        { index: 1, function: { arguments: '{}' } },
      ],
    });
  });
});
