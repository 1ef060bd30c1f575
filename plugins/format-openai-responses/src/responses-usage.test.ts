import { decodeResponsesUsage, encodeResponsesUsage } from './responses-usage';

describe('Responses usage', () => {
  it('encodes canonical usage with both detail objects, zero when unknown', () => {
    expect(encodeResponsesUsage({ inputTokens: 20, outputTokens: 7, totalTokens: 27, cachedInputTokens: 5, cacheWriteTokens: 3, reasoningTokens: 2 })).toEqual({
      input_tokens: 20, input_tokens_details: { cached_tokens: 5, cache_write_tokens: 3 }, output_tokens: 7, output_tokens_details: { reasoning_tokens: 2 }, total_tokens: 27,
    });
    expect(encodeResponsesUsage({ inputTokens: 1, outputTokens: 1, totalTokens: 2 })).toEqual({
      input_tokens: 1, input_tokens_details: { cached_tokens: 0, cache_write_tokens: 0 }, output_tokens: 1, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 2,
    });
  });

  it('decodes usage with cached and reasoning details, and nothing from a partial object', () => {
    expect(decodeResponsesUsage({ input_tokens: 10, output_tokens: 4, total_tokens: 14, input_tokens_details: { cached_tokens: 3, cache_write_tokens: 2 }, output_tokens_details: { reasoning_tokens: 1 } })).toEqual({
      inputTokens: 10, outputTokens: 4, totalTokens: 14, cachedInputTokens: 3, cacheWriteTokens: 2, reasoningTokens: 1,
    });
    expect(decodeResponsesUsage({ input_tokens: 9, output_tokens: 1, input_tokens_details: { cached_tokens: 0, cache_write_tokens: 4 } })).toEqual({ inputTokens: 9, outputTokens: 1, totalTokens: 10, cacheWriteTokens: 4 });
    expect(decodeResponsesUsage({ input_tokens: 2, output_tokens: 1, input_tokens_details: { cached_tokens: 0 } })).toEqual({ inputTokens: 2, outputTokens: 1, totalTokens: 3 });
    expect(decodeResponsesUsage({ output_tokens: 1 })).toBeUndefined();
    expect(decodeResponsesUsage(null)).toBeUndefined();
  });
});
