import { decodeGeminiUsage, geminiUsageTap } from './gemini-usage';

describe('Gemini usage', () => {
  it('keeps the prompt count (cached included) and adds thinking to the output', () => {
    expect(decodeGeminiUsage({ promptTokenCount: 10, candidatesTokenCount: 4, thoughtsTokenCount: 2, cachedContentTokenCount: 3, totalTokenCount: 16 })).toEqual({
      inputTokens: 10, outputTokens: 6, totalTokens: 16, cachedInputTokens: 3, reasoningTokens: 2,
    });
  });

  it('takes the last usageMetadata of an SSE stream and of the JSON-array stream', () => {
    const sse = geminiUsageTap(true);
    sse.write(Buffer.from('data: {"usageMetadata":{"promptTokenCount":5}}\r\n\r\ndata: {"usageMetadata":{"promptTokenCount":5,"candidatesTokenCount":3,"totalTokenCount":8}}\r\n\r\n'));
    expect(sse.end()).toEqual({ inputTokens: 5, outputTokens: 3, totalTokens: 8 });
    const array = geminiUsageTap(false);
    array.write(Buffer.from('[{"usageMetadata":{"promptTokenCount":5}}\n,\r\n'));
    array.write(Buffer.from('{"usageMetadata":{"promptTokenCount":5,"candidatesTokenCount":2,"totalTokenCount":7}}]'));
    expect(array.end()).toEqual({ inputTokens: 5, outputTokens: 2, totalTokens: 7 });
  });
});
