/**
 * The Responses API's usage object. Its input_tokens include cached tokens and its
 * output_tokens include reasoning tokens, as the canonical Usage counts them, so the
 * numbers move across unchanged. Cache writes have no field here and are not sent.
 */
import { finiteNumber, isWireObject, type Usage, type WireObject } from '@model-gateway/core';

/** The details objects are always present on OpenAI's wire, so typed clients can read them without checks. */
export function encodeResponsesUsage(usage: Usage): WireObject {
  return {
    input_tokens: usage.inputTokens,
    input_tokens_details: { cached_tokens: usage.cachedInputTokens ?? 0 },
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
  const reasoning = detail(wire.output_tokens_details, 'reasoning_tokens');
  if (reasoning) usage.reasoningTokens = reasoning;
  return usage;
}

function detail(details: unknown, key: string): number | undefined {
  return isWireObject(details) ? finiteNumber(details[key]) : undefined;
}
