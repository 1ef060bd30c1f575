import { openAiChatOutput, openAiEmbeddingsOutput } from '@model-gateway/format-openai';
import { translateOpenAiCall } from './translate-openai-call';

describe('translateOpenAiCall', () => {
  it('decodes a chat body with the unified API\'s decoder and answers in Chat Completions', () => {
    const call = translateOpenAiCall('chat/completions', { model: 'ep', messages: [{ role: 'user', content: 'Hi' }], stream: true, stream_options: { include_usage: true } });
    expect(call.kind).toBe('chat');
    expect(call.output).toBe(openAiChatOutput);
    expect(call.request).toMatchObject({ messages: [{ role: 'user', content: 'Hi' }], stream: true, streamUsage: true });
  });

  it('decodes an embeddings body', () => {
    const call = translateOpenAiCall('embeddings', { model: 'ep', input: ['a', 'b'], encoding_format: 'base64' });
    expect(call).toMatchObject({ kind: 'embeddings', request: { input: ['a', 'b'], encodingFormat: 'base64' } });
    expect(call.output).toBe(openAiEmbeddingsOutput);
  });

  it('decodes a Responses body and answers with a response object', () => {
    const call = translateOpenAiCall('responses', { model: 'ep', input: 'Hi', instructions: 'Be brief.' });
    expect(call.kind).toBe('chat');
    expect(call.request).toMatchObject({ messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hi' }] });
    if (call.kind !== 'chat') throw new Error('expected a chat call');
    const answer = call.output.response({ id: 'x', created: 1, model: 'm', choices: [{ index: 0, message: { role: 'assistant', content: 'Yo' }, finishReason: 'stop' }] }, {} as never);
    expect(answer).toMatchObject({ object: 'response', instructions: 'Be brief.', output: [{ type: 'message' }] });
  });

  it('names dropped fields in the client\'s spelling: Chat Completions and Responses', () => {
    const chat = translateOpenAiCall('chat/completions', { model: 'ep', messages: [{ role: 'user', content: 'Hi' }], reasoning_effort: 'low' });
    const responses = translateOpenAiCall('responses', { model: 'ep', input: 'Hi', reasoning: { effort: 'low' } });
    if (chat.kind !== 'chat' || responses.kind !== 'chat') throw new Error('expected chat calls');
    expect(chat.request.reasoning).toEqual({ effort: 'low' });
    expect(chat.fieldNames?.reasoning).toBe('reasoning_effort');
    expect(responses.fieldNames?.reasoning).toBe('reasoning.effort');
  });

  it('refuses a body it cannot decode with the decoder\'s 400', () => {
    expect(() => translateOpenAiCall('chat/completions', { model: 'ep', messages: [] })).toThrow(expect.objectContaining({ code: 'invalid_parameter', param: 'messages' }));
    expect(() => translateOpenAiCall('responses', { model: 'ep', input: 'x', previous_response_id: 'resp_1' })).toThrow(
      expect.objectContaining({ code: 'invalid_parameter', param: 'previous_response_id' }),
    );
  });
});
