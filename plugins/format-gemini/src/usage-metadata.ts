/**
 * Gemini's usageMetadata against the canonical Usage. Gemini's prompt count already
 * includes cached content (as canonical input does); its candidates count leaves out
 * thinking, which canonical output includes, so output = candidates + thoughts.
 * Tool-use prompt tokens (server-side tools) are input the model read, so they count
 * as input too; the total then matches Gemini's own totalTokenCount.
 */
import { finiteNumber, isWireObject, type Usage } from '@model-gateway/core';
import type { GeminiUsageMetadata } from './gemini-wire';

/** Undefined when the metadata has no token counts (early stream items carry only the prompt). */
export function decodeUsageMetadata(meta: unknown): Usage | undefined {
  if (!isWireObject(meta)) return undefined;
  const prompt = finiteNumber(meta.promptTokenCount);
  const candidates = finiteNumber(meta.candidatesTokenCount);
  const thoughts = finiteNumber(meta.thoughtsTokenCount);
  if (prompt === undefined && candidates === undefined && thoughts === undefined) return undefined;
  const inputTokens = (prompt ?? 0) + (finiteNumber(meta.toolUsePromptTokenCount) ?? 0);
  const outputTokens = (candidates ?? 0) + (thoughts ?? 0);
  const usage: Usage = { inputTokens, outputTokens, totalTokens: finiteNumber(meta.totalTokenCount) ?? inputTokens + outputTokens };
  const cached = finiteNumber(meta.cachedContentTokenCount);
  if (cached !== undefined) usage.cachedInputTokens = cached;
  if (thoughts !== undefined) usage.reasoningTokens = thoughts;
  return usage;
}

/**
 * Gemini has no field for cache writes (context caches are created by their own call),
 * so cacheWriteTokens stays inside the prompt count and is not named.
 */
export function encodeUsageMetadata(usage: Usage): GeminiUsageMetadata {
  const thoughts = usage.reasoningTokens ?? 0;
  const meta: GeminiUsageMetadata = {
    promptTokenCount: usage.inputTokens,
    candidatesTokenCount: Math.max(0, usage.outputTokens - thoughts),
    totalTokenCount: usage.totalTokens,
  };
  if (usage.cachedInputTokens !== undefined) meta.cachedContentTokenCount = usage.cachedInputTokens;
  if (usage.reasoningTokens !== undefined) meta.thoughtsTokenCount = usage.reasoningTokens;
  return meta;
}
