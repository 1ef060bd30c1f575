import { jsonUsageTap, sseUsageTap, type Usage, type UsageTap } from '@model-gateway/core';
import { decodeUsage } from '@model-gateway/format-openai';

/** Responses API usage: input/output tokens with cached and reasoning details. */
export function decodeResponsesUsage(wire: unknown): Usage | undefined {
  const u = wire as { input_tokens?: number; output_tokens?: number; total_tokens?: number; input_tokens_details?: { cached_tokens?: number }; output_tokens_details?: { reasoning_tokens?: number } } | undefined;
  if (!u || typeof u.input_tokens !== 'number' || typeof u.output_tokens !== 'number') return undefined;
  const usage: Usage = { inputTokens: u.input_tokens, outputTokens: u.output_tokens, totalTokens: u.total_tokens ?? u.input_tokens + u.output_tokens };
  if (u.input_tokens_details?.cached_tokens) usage.cachedInputTokens = u.input_tokens_details.cached_tokens;
  if (u.output_tokens_details?.reasoning_tokens) usage.reasoningTokens = u.output_tokens_details.reasoning_tokens;
  return usage;
}

/** Where each OpenAI operation reports usage, in a body and in a stream. */
export function openAiUsageTap(operation: string, stream: boolean): UsageTap {
  if (operation === 'responses') {
    if (!stream) return jsonUsageTap((body) => decodeResponsesUsage((body as { usage?: unknown }).usage));
    return sseUsageTap((event, seen) => {
      const data = JSON.parse(event.data) as { type?: string; response?: { usage?: unknown } };
      return data.type === 'response.completed' ? (decodeResponsesUsage(data.response?.usage) ?? seen) : seen;
    });
  }
  if (!stream) return jsonUsageTap((body) => decodeUsage((body as { usage?: unknown }).usage));
  return sseUsageTap((event, seen) => {
    if (event.data === '[DONE]') return seen;
    return decodeUsage((JSON.parse(event.data) as { usage?: unknown }).usage) ?? seen;
  });
}
