import type { FinishReason, Usage } from '@model-gateway/core';
import type { ConverseUsage } from './converse-types';

/** Converse stop reasons to canonical finish reasons; anything new passes through as Bedrock named it. */
export const STOP_REASONS: Readonly<Record<string, FinishReason>> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  max_tokens: 'length',
  model_context_window_exceeded: 'length',
  tool_use: 'tool_calls',
  guardrail_intervened: 'content_filter',
  content_filtered: 'content_filter',
  malformed_model_output: 'error',
  malformed_tool_use: 'error',
};

/**
 * The client's stop sequence that ended the answer: Converse's stopReason says only
 * `stop_sequence`; Claude names the sequence in `additionalModelResponseFields.stop_sequence`
 * (asked for with STOP_SEQUENCE_PATH in the request).
 */
export function stopSequenceOf(stopReason: unknown, responseFields: unknown): string | undefined {
  if (stopReason !== 'stop_sequence' || typeof responseFields !== 'object' || responseFields === null) return undefined;
  const sequence = (responseFields as { stop_sequence?: unknown }).stop_sequence;
  return typeof sequence === 'string' ? sequence : undefined;
}

export function finishReasonOf(stopReason: unknown): FinishReason | null {
  if (typeof stopReason !== 'string' || stopReason === '') return null;
  return STOP_REASONS[stopReason] ?? stopReason;
}

/**
 * Converse's `inputTokens` counts only the input that was neither read from nor
 * written to the prompt cache (prompt caching guide: tokens not read from or written
 * to the cache are the ones billed at the standard input rate, and the cache counts
 * are reported beside them, as Anthropic does). The canonical inputTokens includes
 * both cache counts, so they are added here; the total is recomputed from the parts
 * so it is consistent whichever convention Bedrock's own totalTokens follows.
 * Bedrock reports no separate reasoning count.
 */
export function decodeConverseUsage(wire: ConverseUsage | undefined): Usage | undefined {
  if (!wire || (typeof wire.inputTokens !== 'number' && typeof wire.outputTokens !== 'number')) return undefined;
  const cacheRead = count(wire.cacheReadInputTokens);
  const cacheWrite = count(wire.cacheWriteInputTokens);
  const input = (count(wire.inputTokens) ?? 0) + (cacheRead ?? 0) + (cacheWrite ?? 0);
  const output = count(wire.outputTokens) ?? 0;
  const usage: Usage = { inputTokens: input, outputTokens: output, totalTokens: input + output };
  if (cacheRead !== undefined) usage.cachedInputTokens = cacheRead;
  if (cacheWrite !== undefined) usage.cacheWriteTokens = cacheWrite;
  return usage;
}

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}
