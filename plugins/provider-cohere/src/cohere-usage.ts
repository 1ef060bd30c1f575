/**
 * v2 usage: `billed_units` (what Cohere charges) and `tokens` (what the model processed,
 * including tokens Cohere adds itself and does not bill). The gateway accounts cost, so
 * billed units come first and processed tokens stand in only when no bill was given.
 * `cached_tokens`, when Cohere reports it, is taken as part of the input.
 */
import { finiteNumber, isWireObject, type Usage } from '@model-gateway/core';

export function decodeCohereUsage(wire: unknown): Usage | undefined {
  if (!isWireObject(wire)) return undefined;
  const billed = isWireObject(wire.billed_units) ? wire.billed_units : {};
  const tokens = isWireObject(wire.tokens) ? wire.tokens : {};
  const input = finiteNumber(billed.input_tokens) ?? finiteNumber(tokens.input_tokens);
  const output = finiteNumber(billed.output_tokens) ?? finiteNumber(tokens.output_tokens);
  if (input === undefined && output === undefined) return undefined;
  const usage: Usage = { inputTokens: input ?? 0, outputTokens: output ?? 0, totalTokens: (input ?? 0) + (output ?? 0) };
  const cached = finiteNumber(wire.cached_tokens);
  if (cached !== undefined && cached > 0) usage.cachedInputTokens = cached;
  return usage;
}
