/**
 * The Responses API's usage object. Its input_tokens include cached tokens and its
 * output_tokens include reasoning tokens, as the canonical Usage counts them, so the
 * numbers move across unchanged. Cache writes are input_tokens_details.cache_write_tokens.
 */
import { finiteNumber, isWireObject, type Usage, type WireObject } from '@model-gateway/core';

/** Every field is written, zero when unknown: the OpenAI SDKs' ResponseUsage requires all of them (Python's refuses a missing cache_write_tokens). */
export function encodeResponsesUsage(usage: Usage): WireObject {
  return {
    input_tokens: usage.inputTokens,
    input_tokens_details: { cached_tokens: usage.cachedInputTokens ?? 0, cache_write_tokens: usage.cacheWriteTokens ?? 0 },
    output_tokens: usage.outputTokens,
    output_tokens_details: { reasoning_tokens: usage.reasoningTokens ?? 0 },
    total_tokens: usage.totalTokens,
  };
}

/** Undefined when there is no usable usage; zero details are left out, as the canonical model has them optional. */
export function decodeResponsesUsage(wire: unknown): Usage | undefined {
  if (!isWireObject(wire)) return undefined;
  const input = finiteNumber(wire.input_tokens);
  const output = finiteNumber(wire.output_tokens);
  if (input === undefined || output === undefined) return undefined;
  const usage: Usage = { inputTokens: input, outputTokens: output, totalTokens: finiteNumber(wire.total_tokens) ?? input + output };
  const cached = detail(wire.input_tokens_details, 'cached_tokens');
  if (cached) usage.cachedInputTokens = cached;
  const written = detail(wire.input_tokens_details, 'cache_write_tokens');
  if (written) usage.cacheWriteTokens = written;
  const reasoning = detail(wire.output_tokens_details, 'reasoning_tokens');
  if (reasoning) usage.reasoningTokens = reasoning;
  return usage;
}

function detail(details: unknown, key: string): number | undefined {
  return isWireObject(details) ? finiteNumber(details[key]) : undefined;
}
