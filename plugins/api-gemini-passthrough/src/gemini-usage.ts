import { jsonUsageTap, sseUsageTap, type Usage, type UsageTap } from '@model-gateway/core';

interface UsageMetadata {
  promptTokenCount?: number;
  candidatesTokenCount?: number;
  totalTokenCount?: number;
  cachedContentTokenCount?: number;
  thoughtsTokenCount?: number;
}

/**
 * Gemini's prompt count already includes cached content; its candidates count
 * leaves out thinking, which canonical output includes (as reasoning tokens).
 */
export function decodeGeminiUsage(meta: UsageMetadata | undefined): Usage | undefined {
  if (!meta || typeof meta.promptTokenCount !== 'number') return undefined;
  const reasoning = meta.thoughtsTokenCount ?? 0;
  const outputTokens = (meta.candidatesTokenCount ?? 0) + reasoning;
  const usage: Usage = { inputTokens: meta.promptTokenCount, outputTokens, totalTokens: meta.totalTokenCount ?? meta.promptTokenCount + outputTokens };
  if (meta.cachedContentTokenCount) usage.cachedInputTokens = meta.cachedContentTokenCount;
  if (reasoning) usage.reasoningTokens = reasoning;
  return usage;
}

/** Every streamed response repeats the running usageMetadata; the last one is the total. */
export function geminiUsageTap(sse: boolean): UsageTap {
  if (sse) return sseUsageTap((event, seen) => decodeGeminiUsage((JSON.parse(event.data) as { usageMetadata?: UsageMetadata }).usageMetadata) ?? seen);
  return jsonUsageTap((body) => {
    // Without alt=sse a stream is one JSON array of responses.
    const responses = (Array.isArray(body) ? body : [body]) as Array<{ usageMetadata?: UsageMetadata }>;
    for (let i = responses.length - 1; i >= 0; i--) {
      const usage = decodeGeminiUsage(responses[i]?.usageMetadata);
      if (usage) return usage;
    }
    return undefined;
  });
}
