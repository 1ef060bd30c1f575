import type { ChatResponse } from '@model-gateway/core';
import { decodeResponsesRequest } from './decode-responses-request';
import { encodeResponsesResponse } from './encode-responses-response';

const { echo } = decodeResponsesRequest({ model: 'my-chat', input: 'x', instructions: 'Be brief.', metadata: { team: 'a' } });

const response = (message: ChatResponse['choices'][0]['message'], finishReason: string | null = 'stop', extra: Partial<ChatResponse> = {}): ChatResponse => ({
  id: 'chatcmpl-abc123',
  created: 1_700_000_000,
  model: 'claude-sonnet-4',
  choices: [{ index: 0, message, finishReason }],
  ...extra,
});

describe('encodeResponsesResponse', () => {
  it('answers text as a completed message item with usage details always present', () => {
    const wire = encodeResponsesResponse(response({ role: 'assistant', content: 'Hello' }, 'stop', { usage: { inputTokens: 10, outputTokens: 3, totalTokens: 13 } }), echo);
    expect(wire).toMatchObject({
      id: 'resp_abc123',
      object: 'response',
      created_at: 1_700_000_000,
      status: 'completed',
      error: null,
      incomplete_details: null,
      instructions: 'Be brief.',
      model: 'claude-sonnet-4',
      store: false,
      previous_response_id: null,
      metadata: { team: 'a' },
      output: [{ type: 'message', id: 'msg_abc123_0', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: 'Hello', annotations: [] }] }],
      usage: { input_tokens: 10, input_tokens_details: { cached_tokens: 0, cache_write_tokens: 0 }, output_tokens: 3, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 13 },
    });
  });

  it('puts reasoning first, with its signature as encrypted_content, then the message, then each function call', () => {
    const wire = encodeResponsesResponse(response({
      role: 'assistant',
      content: 'Checking.',
      reasoning: 'The user wants weather.',
      reasoningSignature: 'sig-1',
      toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' }, { id: 'call_2', name: 'get_weather', arguments: '{"city":"London"}' }],
    }, 'tool_calls'), echo);
    expect(wire.status).toBe('completed');
    expect(wire.output).toEqual([
      { type: 'reasoning', id: 'rs_abc123_0', summary: [{ type: 'summary_text', text: 'The user wants weather.' }], encrypted_content: 'sig-1', status: 'completed' },
      { type: 'message', id: 'msg_abc123_1', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: 'Checking.', annotations: [] }] },
      { type: 'function_call', id: 'fc_call_1', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}', status: 'completed' },
      { type: 'function_call', id: 'fc_call_2', call_id: 'call_2', name: 'get_weather', arguments: '{"city":"London"}', status: 'completed' },
    ]);
    expect(wire.usage).toBeNull();
  });

  it('leaves out the message when the turn only calls tools', () => {
    const wire = encodeResponsesResponse(response({ role: 'assistant', content: null, toolCalls: [{ id: 'c', name: 'f', arguments: '{}' }] }, 'tool_calls'), echo);
    expect((wire.output as Array<{ type: string }>).map((item) => item.type)).toEqual(['function_call']);
  });

  it('reports a cut-off answer as incomplete with reason max_output_tokens, and a filtered one with content_filter', () => {
    const cut = encodeResponsesResponse(response({ role: 'assistant', content: 'Hel' }, 'length'), echo);
    expect(cut).toMatchObject({ status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' }, output: [{ status: 'incomplete' }] });
    expect(encodeResponsesResponse(response({ role: 'assistant', content: '' }, 'content_filter'), echo)).toMatchObject({
      status: 'incomplete', incomplete_details: { reason: 'content_filter' },
    });
  });

  it('answers an empty reply with an empty text, and a refusal as a refusal part', () => {
    expect(encodeResponsesResponse(response({ role: 'assistant', content: null }), echo).output).toEqual([
      { type: 'message', id: 'msg_abc123_0', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: '', annotations: [] }] },
    ]);
    expect(encodeResponsesResponse(response({ role: 'assistant', content: null, refusal: 'No.' }), echo).output).toMatchObject([
      { type: 'message', content: [{ type: 'refusal', refusal: 'No.' }] },
    ]);
  });

  it('keeps the provider id without its kind prefix, made safe', () => {
    expect(encodeResponsesResponse(response({ role: 'assistant', content: 'x' }, 'stop', { id: 'resp_42' }), echo).id).toBe('resp_42');
    expect(encodeResponsesResponse(response({ role: 'assistant', content: 'x' }, 'stop', { id: 'msg_01XF' }), echo).id).toBe('resp_01XF');
    expect(encodeResponsesResponse(response({ role: 'assistant', content: 'x' }, 'stop', { id: 'a:b/c' }), echo).id).toBe('resp_abc');
    expect(encodeResponsesResponse(response({ role: 'assistant', content: 'x' }, 'stop', { id: '' }), echo).id).toMatch(/^resp_[0-9a-f]{32}$/);
  });

  it('refuses a response without choices as unusable', () => {
    expect(() => encodeResponsesResponse({ id: 'x', created: 0, model: 'm', choices: [] }, echo)).toThrow(expect.objectContaining({ code: 'upstream_invalid_response' }));
  });
});
