import { decodeUsage, encodeUsage } from './usage';

describe('decodeUsage', () => {
  it('maps cached and reasoning tokens without arithmetic', () => {
    expect(decodeUsage({
      prompt_tokens: 2006,
      completion_tokens: 300,
      total_tokens: 2306,
      prompt_tokens_details: { cached_tokens: 1920, audio_tokens: 0 },
      completion_tokens_details: { reasoning_tokens: 192, audio_tokens: 0 },
    })).toEqual({ inputTokens: 2006, outputTokens: 300, totalTokens: 2306, cachedInputTokens: 1920, reasoningTokens: 192 });
  });

  it('reads embeddings usage, which has no completion tokens', () => {
    expect(decodeUsage({ prompt_tokens: 8, total_tokens: 8 })).toEqual({ inputTokens: 8, outputTokens: 0, totalTokens: 8 });
  });

  it('derives a missing total', () => {
    expect(decodeUsage({ prompt_tokens: 4, completion_tokens: 6 })?.totalTokens).toBe(10);
  });

  it.each([undefined, null, 'x', [], {}, { total_tokens: 5 }, { prompt_tokens: 'a' }])('returns undefined for %p', (wire) => {
    expect(decodeUsage(wire)).toBeUndefined();
  });
});

describe('encodeUsage', () => {
  it('writes details only when known', () => {
    expect(encodeUsage({ inputTokens: 1, outputTokens: 2, totalTokens: 3 })).toEqual({ prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 });
  });

  it('writes cache writes beside cached reads, where the SDKs\' CompletionUsage has cache_write_tokens', () => {
    expect(encodeUsage({ inputTokens: 20, outputTokens: 7, totalTokens: 27, cachedInputTokens: 5, cacheWriteTokens: 3 })).toEqual({
      prompt_tokens: 20, completion_tokens: 7, total_tokens: 27, prompt_tokens_details: { cached_tokens: 5, cache_write_tokens: 3 },
    });
    expect(encodeUsage({ inputTokens: 20, outputTokens: 7, totalTokens: 27, cacheWriteTokens: 3 }).prompt_tokens_details).toEqual({ cache_write_tokens: 3 });
  });

  it('round-trips cached and reasoning tokens', () => {
    const wire = {
      prompt_tokens: 100,
      completion_tokens: 50,
      total_tokens: 150,
      prompt_tokens_details: { cached_tokens: 80, cache_write_tokens: 10 },
      completion_tokens_details: { reasoning_tokens: 20 },
    };
    expect(encodeUsage(decodeUsage(wire)!)).toEqual(wire);
  });
});
