import { sealThinking } from './thinking-envelope';
import { GatewayError, type ChatChunk } from '@model-gateway/core';
import { AnthropicStreamDecoder } from './stream-decoder';

/** A streamed answer with thinking, text and a tool call, as Anthropic sends it. */
const events = [
  { type: 'message_start', message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-x', content: [], stop_reason: null, usage: { input_tokens: 12, output_tokens: 1, cache_read_input_tokens: 5, cache_creation_input_tokens: 3 } } },
  { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } },
  { type: 'ping' },
  { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'Hmm.' } },
  { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'sig' } },
  { type: 'content_block_stop', index: 0 },
  { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } },
  { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'Hel' } },
  { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'lo' } },
  { type: 'content_block_stop', index: 1 },
  { type: 'content_block_start', index: 2, content_block: { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: {} } },
  { type: 'content_block_delta', index: 2, delta: { type: 'input_json_delta', partial_json: '' } },
  { type: 'content_block_delta', index: 2, delta: { type: 'input_json_delta', partial_json: '{"city":' } },
  { type: 'content_block_delta', index: 2, delta: { type: 'input_json_delta', partial_json: '"Paris"}' } },
  { type: 'content_block_stop', index: 2 },
  { type: 'content_block_start', index: 3, content_block: { type: 'tool_use', id: 'toolu_2', name: 'get_weather', input: {} } },
  { type: 'content_block_delta', index: 3, delta: { type: 'input_json_delta', partial_json: '{"city":"London"}' } },
  { type: 'content_block_stop', index: 3 },
  { type: 'message_delta', delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: 7 } },
  { type: 'message_stop' },
];

const decodeAll = (list: unknown[]) => {
  const decoder = new AnthropicStreamDecoder({ connection: 'acct', created: 100 });
  return list.flatMap((event) => decoder.decode(event));
};

const chunk = (choices: ChatChunk['choices'], usage?: ChatChunk['usage']): ChatChunk => ({ id: 'msg_1', created: 100, model: 'claude-x', choices, ...(usage && { usage }) });
const delta = (d: ChatChunk['choices'][number]['delta'], finishReason: string | null = null) => chunk([{ index: 0, delta: d, finishReason }]);

describe('AnthropicStreamDecoder', () => {
  it('turns the events into canonical chunks, tool calls as indexed deltas and usage last', () => {
    expect(decodeAll(events)).toEqual([
      delta({ role: 'assistant' }),
      delta({ reasoning: 'Hmm.' }),
      delta({ reasoningSignature: sealThinking([{ type: 'thinking', thinking: 'Hmm.', signature: 'sig' }]) }),
      delta({ content: 'Hel' }),
      delta({ content: 'lo' }),
      delta({ toolCalls: [{ index: 0, id: 'toolu_1', name: 'get_weather', argumentsDelta: '' }] }),
      delta({ toolCalls: [{ index: 0, argumentsDelta: '{"city":' }] }),
      delta({ toolCalls: [{ index: 0, argumentsDelta: '"Paris"}' }] }),
      delta({ toolCalls: [{ index: 1, id: 'toolu_2', name: 'get_weather', argumentsDelta: '' }] }),
      delta({ toolCalls: [{ index: 1, argumentsDelta: '{"city":"London"}' }] }),
      delta({}, 'tool_calls'),
      chunk([], { inputTokens: 20, outputTokens: 7, totalTokens: 27, cachedInputTokens: 5, cacheWriteTokens: 3 }),
    ]);
  });

  it('skips event types it does not know', () => {
    expect(decodeAll([{ type: 'something_new', x: 1 }])).toEqual([]);
  });

  it('throws an in-band error event as the provider failure, scrubbed', () => {
    const decoder = new AnthropicStreamDecoder({ connection: 'acct', scrub: (text) => text.replace('sk-1', '[redacted]') });
    decoder.decode(events[0]);
    let thrown: unknown;
    try {
      decoder.decode({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded sk-1' } });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(GatewayError);
    expect(thrown).toMatchObject({ code: 'upstream_error', status: 502, retryable: true });
    expect((thrown as Error).message).toBe('Provider "acct" failed with HTTP 529: Overloaded [redacted]');

    const limited = new AnthropicStreamDecoder({ connection: 'acct' });
    expect(() => limited.decode({ type: 'error', error: { type: 'rate_limit_error', message: 'slow' } })).toThrow(expect.objectContaining({ code: 'provider_error', status: 429 }));
  });

  it('rejects malformed events as upstream_invalid_response', () => {
    const decoder = new AnthropicStreamDecoder({ connection: 'acct' });
    expect(() => decoder.decode('x')).toThrow(expect.objectContaining({ code: 'upstream_invalid_response' }));
    expect(() => decoder.decode({ type: 'content_block_delta', index: 9, delta: { type: 'input_json_delta', partial_json: '{' } })).toThrow(
      expect.objectContaining({ code: 'upstream_invalid_response' }),
    );
  });
});
