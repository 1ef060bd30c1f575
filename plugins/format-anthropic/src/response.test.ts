import { sealThinking } from './thinking-envelope';
import type { ChatResponse } from '@model-gateway/core';
import { decodeAnthropicResponse, encodeAnthropicResponse } from './response';

const message = (over: Record<string, unknown> = {}) => ({
  id: 'msg_1',
  type: 'message',
  role: 'assistant',
  model: 'claude-haiku-4-5',
  content: [{ type: 'text', text: 'Hello' }],
  stop_reason: 'end_turn',
  stop_sequence: null,
  usage: { input_tokens: 12, output_tokens: 7, cache_read_input_tokens: 5, cache_creation_input_tokens: 3 },
  ...over,
});

describe('decodeAnthropicResponse', () => {
  it('reads text, the stop reason and usage with cache tokens added to the input once', () => {
    expect(decodeAnthropicResponse(message(), 1_700_000_000)).toEqual<ChatResponse>({
      id: 'msg_1',
      created: 1_700_000_000,
      model: 'claude-haiku-4-5',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Hello' }, finishReason: 'stop' }],
      usage: { inputTokens: 20, outputTokens: 7, totalTokens: 27, cachedInputTokens: 5, cacheWriteTokens: 3 },
    });
  });

  it('reads tool calls, thinking with its signature, and skips blocks it has no place for', () => {
    const decoded = decodeAnthropicResponse(message({
      content: [
        { type: 'thinking', thinking: 'Let me see.', signature: 'sig-1' },
        { type: 'redacted_thinking', data: 'opaque' },
        { type: 'text', text: 'Checking.' },
        { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } },
        { type: 'tool_use', id: 'toolu_2', name: 'get_weather', input: { city: 'London' } },
      ],
      stop_reason: 'tool_use',
    }), 1);
    expect(decoded.choices[0]).toEqual({
      index: 0,
      finishReason: 'tool_calls',
      message: {
        role: 'assistant',
        content: 'Checking.',
        reasoning: 'Let me see.',
        reasoningSignature: sealThinking([{ type: 'thinking', thinking: 'Let me see.', signature: 'sig-1' }, { type: 'redacted_thinking', data: 'opaque' }]),
        toolCalls: [
          { id: 'toolu_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
          { id: 'toolu_2', name: 'get_weather', arguments: '{"city":"London"}' },
        ],
      },
    });
  });

  it.each([
    ['end_turn', 'stop'], ['stop_sequence', 'stop'], ['max_tokens', 'length'], ['tool_use', 'tool_calls'],
    ['refusal', 'content_filter'], ['pause_turn', 'stop'], ['model_context_window_exceeded', 'length'], ['something_new', 'something_new'],
  ])('maps stop_reason %s to %s', (wire, canonical) => {
    expect(decodeAnthropicResponse(message({ stop_reason: wire }), 1).choices[0].finishReason).toBe(canonical);
  });

  it('gives null content when there is no text block, and rejects a body without content', () => {
    expect(decodeAnthropicResponse(message({ content: [] }), 1).choices[0].message.content).toBeNull();
    expect(() => decodeAnthropicResponse({ id: 'x' }, 1)).toThrow(expect.objectContaining({ code: 'upstream_invalid_response' }));
  });
});

describe('encodeAnthropicResponse', () => {
  const response = (over: Partial<ChatResponse['choices'][number]['message']> = {}, finishReason = 'stop'): ChatResponse => ({
    id: 'chatcmpl-1',
    created: 1,
    model: 'gpt-4o-mini',
    choices: [{ index: 0, message: { role: 'assistant', content: 'Hi', ...over }, finishReason }],
    usage: { inputTokens: 20, outputTokens: 7, totalTokens: 27, cachedInputTokens: 5, reasoningTokens: 2 },
  });

  it('writes an Anthropic message with cached tokens split out of the input', () => {
    expect(encodeAnthropicResponse(response())).toEqual({
      id: 'chatcmpl-1',
      type: 'message',
      role: 'assistant',
      model: 'gpt-4o-mini',
      content: [{ type: 'text', text: 'Hi' }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 15, output_tokens: 7, cache_creation_input_tokens: 0, cache_read_input_tokens: 5, output_tokens_details: { thinking_tokens: 2 } },
    });
  });

  it('writes thinking, text and tool_use blocks in that order', () => {
    const encoded = encodeAnthropicResponse(response({ reasoning: 'r', reasoningSignature: 's', toolCalls: [{ id: 'call_1', name: 'f', arguments: '{"a":1}' }] }, 'tool_calls'));
    expect(encoded.content).toEqual([
      { type: 'thinking', thinking: 'r', signature: 's' },
      { type: 'text', text: 'Hi' },
      { type: 'tool_use', id: 'call_1', name: 'f', input: { a: 1 } },
    ]);
    expect(encoded.stop_reason).toBe('tool_use');
  });

  it.each([['length', 'max_tokens'], ['content_filter', 'refusal'], ['error', 'end_turn']])('maps finish %s to stop_reason %s', (finish, stop) => {
    expect(encodeAnthropicResponse(response({}, finish)).stop_reason).toBe(stop);
  });

  it('writes a refusal as text with stop reason refusal', () => {
    const encoded = encodeAnthropicResponse(response({ content: null, refusal: 'I cannot help with that.' }));
    expect(encoded).toMatchObject({ content: [{ type: 'text', text: 'I cannot help with that.' }], stop_reason: 'refusal' });
  });

  it('answers 502 for tool-call arguments the client could not use', () => {
    expect(() => encodeAnthropicResponse(response({ toolCalls: [{ id: 'c', name: 'f', arguments: '{"a":' }] }))).toThrow(expect.objectContaining({ code: 'upstream_invalid_response' }));
  });

  it('round-trips what both sides model', () => {
    const wire = message({
      content: [{ type: 'thinking', thinking: 't', signature: 's' }, { type: 'text', text: 'x' }, { type: 'tool_use', id: 'tu', name: 'f', input: { q: [1] } }],
      stop_reason: 'tool_use',
    });
    // The signature a client gets is the envelope of the blocks, which restores them on the way back.
    const encoded = encodeAnthropicResponse(decodeAnthropicResponse(wire, 1));
    expect(encoded).toEqual({ ...wire, content: [{ ...(wire.content as object[])[0], signature: sealThinking([{ type: 'thinking', thinking: 't', signature: 's' }]) }, ...(wire.content as object[]).slice(1)] });
  });
});
