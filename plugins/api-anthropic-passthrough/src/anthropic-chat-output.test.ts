import { Cancellation, GatewayError, type ChatChunk, type ChatRequest } from '@model-gateway/core';
import { Call } from '@model-gateway/core/testing';
import { anthropicChatOutput } from './anthropic-chat-output';

const request: ChatRequest = { messages: [{ role: 'user', content: 'Hi' }], stream: true, streamUsage: true, extra: {} };
const newCall = () => new Call('req-1', 'anthropic-passthrough', 'chat', 'ep', request, {}, new Cancellation());
const base = { id: 'chatcmpl-1', created: 1, model: 'gpt-4o-mini' };

const types = (sse: string) => [...sse.matchAll(/^event: (\S+)$/gm)].map((m) => m[1]);

describe('anthropicChatOutput', () => {
  it('writes a complete answer as an Anthropic message', () => {
    const body = anthropicChatOutput.response(
      { ...base, choices: [{ index: 0, message: { role: 'assistant', content: 'Hello' }, finishReason: 'stop' }], usage: { inputTokens: 3, outputTokens: 2, totalTokens: 5 } },
      newCall(),
    );
    expect(body).toEqual({
      id: 'chatcmpl-1', type: 'message', role: 'assistant', model: 'gpt-4o-mini', content: [{ type: 'text', text: 'Hello' }],
      stop_reason: 'end_turn', stop_sequence: null, usage: { input_tokens: 3, output_tokens: 2, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
    });
  });

  it('keeps one encoder per call, drops chunks that write nothing, and ends with message_delta and message_stop', () => {
    const call = newCall();
    const other = newCall();
    const chunk = (content: string, finishReason: string | null = null): ChatChunk => ({ ...base, choices: [{ index: 0, delta: { content }, finishReason }] });
    const first = anthropicChatOutput.chunk(chunk('a'), call) ?? '';
    expect(types(first)).toEqual(['message_start', 'content_block_start', 'content_block_delta']);
    expect(types(anthropicChatOutput.chunk(chunk('b'), call) ?? '')).toEqual(['content_block_delta']);
    // Another call starts its own message.
    expect(types(anthropicChatOutput.chunk(chunk('x'), other) ?? '')[0]).toBe('message_start');
    expect(anthropicChatOutput.chunk({ ...base, choices: [], usage: { inputTokens: 1, outputTokens: 2, totalTokens: 3 } }, call)).toBeNull();
    expect(anthropicChatOutput.chunk(chunk('', 'stop'), call)).toBeNull();
    const done = anthropicChatOutput.done(call);
    expect(types(done)).toEqual(['content_block_stop', 'message_delta', 'message_stop']);
    expect(done).toContain('"stop_reason":"end_turn"');
    expect(done).toContain('"output_tokens":2');
  });

  it("ends a failed stream with Anthropic's error event", () => {
    const text = anthropicChatOutput.streamError(new GatewayError('upstream_error', 'Provider "up" failed with HTTP 500: boom'), newCall());
    expect(text).toBe('event: error\ndata: {"type":"error","error":{"type":"api_error","message":"Provider \\"up\\" failed with HTTP 500: boom"}}\n\n');
  });
});
