import { decodeResponsesUsage, openAiUsageTap } from './openai-usage';

describe('OpenAI passthrough usage', () => {
  it('reads Responses usage with cached and reasoning details', () => {
    expect(decodeResponsesUsage({ input_tokens: 10, output_tokens: 4, total_tokens: 14, input_tokens_details: { cached_tokens: 3 }, output_tokens_details: { reasoning_tokens: 1 } })).toEqual({
      inputTokens: 10, outputTokens: 4, totalTokens: 14, cachedInputTokens: 3, reasoningTokens: 1,
    });
    expect(decodeResponsesUsage({ output_tokens: 1 })).toBeUndefined();
  });

  it('taps a chat stream for the usage chunk and a Responses stream for response.completed', () => {
    const chat = openAiUsageTap('chat/completions', true);
    chat.write(Buffer.from('data: {"choices":[{"index":0,"delta":{}}]}\n\ndata: {"choices":[],"usage":{"prompt_tokens":5,"completion_tokens":2,"total_tokens":7}}\n\ndata: [DONE]\n\n'));
    expect(chat.end()).toEqual({ inputTokens: 5, outputTokens: 2, totalTokens: 7 });

    const responses = openAiUsageTap('responses', true);
    responses.write(Buffer.from('event: response.created\ndata: {"type":"response.created","response":{}}\n\n'));
    responses.write(Buffer.from('event: response.completed\ndata: {"type":"response.completed","response":{"usage":{"input_tokens":8,"output_tokens":3,"total_tokens":11}}}\n\n'));
    expect(responses.end()).toEqual({ inputTokens: 8, outputTokens: 3, totalTokens: 11 });
  });

  it('reads usage from a JSON body, and gives up quietly on a body that is not JSON', () => {
    const body = openAiUsageTap('embeddings', false);
    body.write(Buffer.from('{"object":"list","data":[],"usage":{"prompt_tokens":4,"total_tokens":4}}'));
    expect(body.end()).toEqual({ inputTokens: 4, outputTokens: 0, totalTokens: 4 });
    const broken = openAiUsageTap('chat/completions', false);
    broken.write(Buffer.from('<html>'));
    expect(broken.end()).toBeUndefined();
  });
});
