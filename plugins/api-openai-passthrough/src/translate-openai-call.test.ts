import { openAiChatOutput, openAiEmbeddingsOutput } from '@model-gateway/format-openai';
import { translateOpenAiCall } from './translate-openai-call';

/** A catalogue that knows no model. */
const NO_FLAGS = () => undefined;

describe('translateOpenAiCall', () => {
  it('decodes a chat body with the unified API\'s decoder and answers in Chat Completions', () => {
    const call = translateOpenAiCall('chat/completions', { model: 'ep', messages: [{ role: 'user', content: 'Hi' }], stream: true, stream_options: { include_usage: true } }, NO_FLAGS);
    expect(call.kind).toBe('chat');
    expect(call.output).toBe(openAiChatOutput);
    expect(call.request).toMatchObject({ messages: [{ role: 'user', content: 'Hi' }], stream: true, streamUsage: true });
  });

  it('decodes an embeddings body', () => {
    const call = translateOpenAiCall('embeddings', { model: 'ep', input: ['a', 'b'], encoding_format: 'base64' }, NO_FLAGS);
    expect(call).toMatchObject({ kind: 'embeddings', request: { input: ['a', 'b'], encodingFormat: 'base64' } });
    expect(call.output).toBe(openAiEmbeddingsOutput);
  });

  it('decodes a Responses body and answers with a response object', () => {
    const call = translateOpenAiCall('responses', { model: 'ep', input: 'Hi', instructions: 'Be brief.' }, NO_FLAGS);
    expect(call.kind).toBe('chat');
    expect(call.request).toMatchObject({ messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hi' }] });
    if (call.kind !== 'chat') throw new Error('expected a chat call');
    const answer = call.output.response({ id: 'x', created: 1, model: 'm', choices: [{ index: 0, message: { role: 'assistant', content: 'Yo' }, finishReason: 'stop' }] }, {} as never);
    expect(answer).toMatchObject({ object: 'response', instructions: 'Be brief.', output: [{ type: 'message' }] });
  });

  it('sends reasoning_effort only to a target whose model reasons, and says so otherwise', () => {
    const call = translateOpenAiCall('chat/completions', { model: 'ep', messages: [{ role: 'user', content: 'Hi' }], reasoning_effort: 'low' }, (_t, model) => ({ reasoning: model === 'o4-mini' }));
    if (call.kind !== 'chat' || !call.forTarget) throw new Error('expected a chat call fitted per target');
    const target = (model: string) => ({ definition: { type: 'anthropic' }, model }) as never;
    expect(call.forTarget(target('o4-mini')).request.reasoning).toEqual({ effort: 'low' });
    expect(call.forTarget(target('claude-3-5-haiku'))).toMatchObject({ request: { messages: [{ role: 'user', content: 'Hi' }] }, headers: { 'x-gateway-dropped-fields': 'reasoning_effort' } });
  });

  it('refuses a body it cannot decode with the decoder\'s 400', () => {
    expect(() => translateOpenAiCall('chat/completions', { model: 'ep', messages: [] }, NO_FLAGS)).toThrow(expect.objectContaining({ code: 'invalid_parameter', param: 'messages' }));
    expect(() => translateOpenAiCall('responses', { model: 'ep', input: 'x', previous_response_id: 'resp_1' }, NO_FLAGS)).toThrow(
      expect.objectContaining({ code: 'invalid_parameter', param: 'previous_response_id' }),
    );
  });
});
