import { GatewayError, type ChatChunk, type ChatDelta, type Usage } from '@model-gateway/core';
import { decodeResponsesRequest } from './decode-responses-request';
import { ResponsesStreamEncoder, type ResponsesEvent } from './responses-stream-encoder';

const { echo } = decodeResponsesRequest({ model: 'my-chat', input: 'x' });
const base = { id: 'chatcmpl-s1', created: 1_700_000_000, model: 'mock-model' };
const delta = (d: ChatDelta, finishReason: string | null = null): ChatChunk => ({ ...base, choices: [{ index: 0, delta: d, finishReason }] });
const usageChunk = (usage: Usage): ChatChunk => ({ ...base, choices: [], usage });

function run(chunks: ChatChunk[]): ResponsesEvent[] {
  const encoder = new ResponsesStreamEncoder(echo);
  return [...chunks.flatMap((c) => encoder.chunk(c)), ...encoder.finish()];
}

const types = (events: ResponsesEvent[]) => events.map((e) => e.type);

describe('ResponsesStreamEncoder', () => {
  it('streams text through the item lifecycle and completes with the usage', () => {
    const events = run([
      delta({ role: 'assistant', content: '' }),
      delta({ content: 'Hel' }),
      delta({ content: 'lo' }),
      delta({}, 'stop'),
      usageChunk({ inputTokens: 5, outputTokens: 2, totalTokens: 7, cachedInputTokens: 1 }),
    ]);
    expect(types(events)).toEqual([
      'response.created', 'response.in_progress',
      'response.output_item.added', 'response.content_part.added',
      'response.output_text.delta', 'response.output_text.delta',
      'response.output_text.done', 'response.content_part.done', 'response.output_item.done',
      'response.completed',
    ]);
    expect(events.map((e) => e.sequence_number)).toEqual(events.map((_, i) => i));
    expect(events[0].response).toMatchObject({ id: 'resp_s1', status: 'in_progress', output: [], usage: null, model: 'mock-model' });
    expect(events[4]).toEqual({ type: 'response.output_text.delta', sequence_number: 4, item_id: 'msg_s1_0', output_index: 0, content_index: 0, delta: 'Hel', logprobs: [] });
    expect(events[6]).toMatchObject({ text: 'Hello' });
    const completed = events[9].response as Record<string, unknown>;
    expect(completed).toMatchObject({
      status: 'completed',
      output: [{ type: 'message', status: 'completed', content: [{ type: 'output_text', text: 'Hello', annotations: [] }] }],
      usage: { input_tokens: 5, input_tokens_details: { cached_tokens: 1, cache_write_tokens: 0 }, output_tokens: 2, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 7 },
    });
  });

  it('streams parallel function calls with argument deltas, each closed with its whole arguments', () => {
    const events = run([
      delta({ toolCalls: [{ index: 0, id: 'call_1', name: 'get_weather', argumentsDelta: '' }] }),
      delta({ toolCalls: [{ index: 0, argumentsDelta: '{"city":' }] }),
      delta({ toolCalls: [{ index: 0, argumentsDelta: '"Paris"}' }] }),
      delta({ toolCalls: [{ index: 1, id: 'call_2', name: 'get_weather', argumentsDelta: '{"city":"London"}' }] }),
      delta({}, 'tool_calls'),
    ]);
    expect(types(events).slice(2)).toEqual([
      'response.output_item.added',
      'response.function_call_arguments.delta', 'response.function_call_arguments.delta',
      'response.output_item.added', 'response.function_call_arguments.delta',
      'response.function_call_arguments.done', 'response.output_item.done',
      'response.function_call_arguments.done', 'response.output_item.done',
      'response.completed',
    ]);
    expect(events[2]).toMatchObject({ output_index: 0, item: { type: 'function_call', id: 'fc_call_1', call_id: 'call_1', name: 'get_weather', arguments: '', status: 'in_progress' } });
    expect(events[7]).toMatchObject({ type: 'response.function_call_arguments.done', item_id: 'fc_call_1', name: 'get_weather', arguments: '{"city":"Paris"}' });
    expect((events[11].response as { output: unknown[] }).output).toEqual([
      { type: 'function_call', id: 'fc_call_1', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}', status: 'completed' },
      { type: 'function_call', id: 'fc_call_2', call_id: 'call_2', name: 'get_weather', arguments: '{"city":"London"}', status: 'completed' },
    ]);
  });

  it('streams reasoning as a summary, closed with its signature before the answer starts', () => {
    const events = run([
      delta({ reasoning: 'Think' }),
      delta({ reasoning: 'ing.' }),
      delta({ reasoningSignature: 'sig-1' }),
      delta({ content: 'Answer' }, 'stop'),
    ]);
    expect(types(events).slice(2, 10)).toEqual([
      'response.output_item.added', 'response.reasoning_summary_part.added',
      'response.reasoning_summary_text.delta', 'response.reasoning_summary_text.delta',
      'response.reasoning_summary_text.done', 'response.reasoning_summary_part.done', 'response.output_item.done',
      'response.output_item.added',
    ]);
    expect(events[8]).toMatchObject({
      output_index: 0,
      item: { type: 'reasoning', id: 'rs_s1_0', summary: [{ type: 'summary_text', text: 'Thinking.' }], encrypted_content: 'sig-1', status: 'completed' },
    });
    expect(events[9]).toMatchObject({ output_index: 1, item: { type: 'message', id: 'msg_s1_1' } });
  });

  it('closes a message before a tool call that follows it', () => {
    const events = run([delta({ content: 'Let me check.' }), delta({ toolCalls: [{ index: 0, id: 'c', name: 'f', argumentsDelta: '{}' }] }, 'tool_calls')]);
    const done = events.filter((e) => e.type === 'response.output_item.done').map((e) => (e.item as { type: string }).type);
    expect(done).toEqual(['message', 'function_call']);
  });

  it('ends a cut-off answer with response.incomplete and incomplete items', () => {
    const events = run([delta({ content: 'Hel' }, 'length')]);
    const last = events[events.length - 1];
    expect(last.type).toBe('response.incomplete');
    expect(last.response).toMatchObject({ status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' }, output: [{ status: 'incomplete' }] });
  });

  it('answers an empty stream with an empty message, so the lifecycle is whole', () => {
    const events = run([delta({ role: 'assistant', content: '' }, 'stop')]);
    expect(types(events)).toEqual([
      'response.created', 'response.in_progress', 'response.output_item.added', 'response.content_part.added',
      'response.output_text.done', 'response.content_part.done', 'response.output_item.done', 'response.completed',
    ]);
  });

  it('streams a refusal as its own part', () => {
    const events = run([delta({ refusal: 'No' }), delta({ refusal: '.' }, 'stop')]);
    expect(types(events)).toContain('response.refusal.delta');
    expect(events.find((e) => e.type === 'response.refusal.done')).toMatchObject({ refusal: 'No.' });
  });

  it('ends a failed stream with an error event and response.failed, keeping the finished items', () => {
    const encoder = new ResponsesStreamEncoder(echo);
    encoder.chunk(delta({ reasoning: 'hmm' }));
    encoder.chunk(delta({ content: 'partial' }));
    const events = encoder.fail(new GatewayError('upstream_error', 'provider went away'));
    expect(events.map((e) => e.type)).toEqual(['error', 'response.failed']);
    expect(events[0]).toMatchObject({ code: 'upstream_error', message: 'provider went away', param: null });
    expect(events[1].response).toMatchObject({ status: 'failed', error: { code: 'server_error', message: 'provider went away' }, output: [{ type: 'reasoning' }] });
    expect(events[0].sequence_number).toBeGreaterThan(0);
    const limited = new ResponsesStreamEncoder(echo).fail(new GatewayError('provider_error', 'slow down', { status: 429 }));
    expect(limited.map((e) => e.type)).toEqual(['response.created', 'response.in_progress', 'error', 'response.failed']);
    expect(limited[3].response).toMatchObject({ error: { code: 'rate_limit_exceeded' } });
  });
});
