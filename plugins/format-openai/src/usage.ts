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
  const written = detail(wire.prompt_tokens_details, 'cache_write_tokens');
  if (written) usage.cacheWriteTokens = written;
  const reasoning = detail(wire.completion_tokens_details, 'reasoning_tokens');
  if (reasoning !== undefined) usage.reasoningTokens = reasoning;
  return usage;
}

/**
 * Cache writes go in prompt_tokens_details.cache_write_tokens, the optional field the
 * OpenAI SDKs' CompletionUsage has for providers that bill them (Anthropic, Bedrock).
 */
export function encodeUsage(usage: Usage): WireObject {
  const wire: WireObject = {
    prompt_tokens: usage.inputTokens,
    completion_tokens: usage.outputTokens,
    total_tokens: usage.totalTokens,
  };
  const prompt: WireObject = {};
  if (usage.cachedInputTokens !== undefined) prompt.cached_tokens = usage.cachedInputTokens;
  if (usage.cacheWriteTokens !== undefined) prompt.cache_write_tokens = usage.cacheWriteTokens;
  if (Object.keys(prompt).length > 0) wire.prompt_tokens_details = prompt;
  if (usage.reasoningTokens !== undefined) wire.completion_tokens_details = { reasoning_tokens: usage.reasoningTokens };
  return wire;
}

function detail(details: unknown, key: string): number | undefined {
  return isWireObject(details) ? finiteNumber(details[key]) : undefined;
}
