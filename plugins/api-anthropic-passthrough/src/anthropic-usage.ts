import { jsonUsageTap, sseUsageTap, type Usage, type UsageTap } from '@model-gateway/core';

interface AnthropicWireUsage {
  input_tokens?: number;
  output_tokens?: number;
  cache_creation_input_tokens?: number | null;
  cache_read_input_tokens?: number | null;
}

/**
 * Anthropic's input_tokens leave out cache reads and writes; canonical input
 * includes them, so they are added here once (and reported as subsets).
 */
export function decodeAnthropicUsage(wire: AnthropicWireUsage | undefined, previous?: Usage): Usage | undefined {
  if (!wire) return previous;
  const cacheRead = wire.cache_read_input_tokens ?? undefined;
  const cacheWrite = wire.cache_creation_input_tokens ?? undefined;
  const inputTokens =
    typeof wire.input_tokens === 'number' ? wire.input_tokens + (cacheRead ?? 0) + (cacheWrite ?? 0) : (previous?.inputTokens ?? 0);
  const outputTokens = wire.output_tokens ?? previous?.outputTokens ?? 0;
  const usage: Usage = { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens };
  const cached = cacheRead ?? previous?.cachedInputTokens;
  const written = cacheWrite ?? previous?.cacheWriteTokens;
  if (cached) usage.cachedInputTokens = cached;
  if (written) usage.cacheWriteTokens = written;
  return usage;
}

/** A body carries `usage`; a stream carries input in message_start and the running output count in message_delta. */
export function anthropicUsageTap(stream: boolean): UsageTap {
  if (!stream) return jsonUsageTap((body) => decodeAnthropicUsage((body as { usage?: AnthropicWireUsage }).usage));
  return sseUsageTap((event, seen) => {
    const data = JSON.parse(event.data) as { type?: string; message?: { usage?: AnthropicWireUsage }; usage?: AnthropicWireUsage };
    if (data.type === 'message_start') return decodeAnthropicUsage(data.message?.usage, seen);
    if (data.type === 'message_delta') return decodeAnthropicUsage(data.usage, seen);
    return seen;
  });
}
