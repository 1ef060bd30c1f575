/**
 * Anthropic's usage object. Its `input_tokens` leave out cache reads and cache writes,
 * while canonical `inputTokens` includes both: they are added once on the way in and
 * taken out on the way back, so nothing is counted twice.
 */
import { finiteNumber, isWireObject, type Usage, type WireObject } from '@model-gateway/core';

/**
 * Undefined when `wire` has no token counts. A stream reports usage twice (input in
 * message_start, cumulative totals in message_delta): `previous` is what was known, and
 * counts absent from `wire` keep their previous value.
 */
export function decodeAnthropicUsage(wire: unknown, previous?: Usage): Usage | undefined {
  if (!isWireObject(wire)) return previous;
  const input = finiteNumber(wire.input_tokens);
  const output = finiteNumber(wire.output_tokens);
  const cacheRead = finiteNumber(wire.cache_read_input_tokens);
  const cacheWrite = finiteNumber(wire.cache_creation_input_tokens);
  if (input === undefined && output === undefined && previous === undefined) return undefined;

  const cached = cacheRead ?? previous?.cachedInputTokens;
  const written = cacheWrite ?? previous?.cacheWriteTokens;
  const inputTokens = input === undefined ? (previous?.inputTokens ?? 0) : input + (cached ?? 0) + (written ?? 0);
  const outputTokens = output ?? previous?.outputTokens ?? 0;
  const usage: Usage = { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens };
  if (cached) usage.cachedInputTokens = cached;
  if (written) usage.cacheWriteTokens = written;
  const thinking = isWireObject(wire.output_tokens_details) ? finiteNumber(wire.output_tokens_details.thinking_tokens) : undefined;
  const reasoning = thinking ?? previous?.reasoningTokens;
  if (reasoning !== undefined) usage.reasoningTokens = reasoning;
  return usage;
}

/** Canonical usage as Anthropic reports it: cache reads and writes split out of the input. */
export function encodeAnthropicUsage(usage: Usage): WireObject {
  const cacheRead = usage.cachedInputTokens ?? 0;
  const cacheWrite = usage.cacheWriteTokens ?? 0;
  const wire: WireObject = {
    input_tokens: Math.max(0, usage.inputTokens - cacheRead - cacheWrite),
    output_tokens: usage.outputTokens,
    cache_creation_input_tokens: cacheWrite,
    cache_read_input_tokens: cacheRead,
  };
  if (usage.reasoningTokens !== undefined) wire.output_tokens_details = { thinking_tokens: usage.reasoningTokens };
  return wire;
}
