/**
 * Token usage in one shape for every provider. `inputTokens` always includes
 * cached input, so cost code never has to know which provider reported it.
 */
export interface Usage {
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  /** Input tokens served from the provider's prompt cache (a subset of inputTokens). */
  cachedInputTokens?: number;
  /** Input tokens written to the prompt cache (a subset of inputTokens). */
  cacheWriteTokens?: number;
  /** Output tokens spent on hidden reasoning (a subset of outputTokens). */
  reasoningTokens?: number;
}
