/**
 * OpenAI's usage object. Its prompt_tokens already include cached tokens and its
 * completion_tokens already include reasoning tokens, exactly as the canonical Usage
 * counts them, so the numbers move across unchanged.
 */
import { finiteNumber, isWireObject, type Usage, type WireObject } from '@model-gateway/core';

/** Undefined when there is no usable usage (absent, null, or no token counts at all). */
export function decodeUsage(wire: unknown): Usage | undefined {
  if (!isWireObject(wire)) return undefined;
  const input = finiteNumber(wire.prompt_tokens);
  const output = finiteNumber(wire.completion_tokens);
  if (input === undefined && output === undefined) return undefined;

  const usage: Usage = {
    inputTokens: input ?? 0,
    outputTokens: output ?? 0,
    totalTokens: finiteNumber(wire.total_tokens) ?? (input ?? 0) + (output ?? 0),
  };
  const cached = detail(wire.prompt_tokens_details, 'cached_tokens');
  if (cached !== undefined) usage.cachedInputTokens = cached;
  const reasoning = detail(wire.completion_tokens_details, 'reasoning_tokens');
  if (reasoning !== undefined) usage.reasoningTokens = reasoning;
  return usage;
}

/** cacheWriteTokens has no OpenAI field (OpenAI does not bill cache writes) and is not sent. */
export function encodeUsage(usage: Usage): WireObject {
  const wire: WireObject = {
    prompt_tokens: usage.inputTokens,
    completion_tokens: usage.outputTokens,
    total_tokens: usage.totalTokens,
  };
  if (usage.cachedInputTokens !== undefined) wire.prompt_tokens_details = { cached_tokens: usage.cachedInputTokens };
  if (usage.reasoningTokens !== undefined) wire.completion_tokens_details = { reasoning_tokens: usage.reasoningTokens };
  return wire;
}

function detail(details: unknown, key: string): number | undefined {
  return isWireObject(details) ? finiteNumber(details[key]) : undefined;
}
