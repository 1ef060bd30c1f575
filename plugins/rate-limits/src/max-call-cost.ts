import type { ChatRequest, EmbeddingsRequest, EndpointKind, Usage } from '@model-gateway/core';

/**
 * Input tokens assumed per byte of request body: one. Byte-level BPE tokenizers never
 * make a token of less than one byte of its text, and the JSON body holds every byte of
 * the prompt plus its syntax, so this bounds text input (typical text is ~4 bytes a token).
 */
export const BODY_BYTES_PER_TOKEN = 1;

/** The output bound for a model whose output limit neither the request nor the catalogue gives. */
export const DEFAULT_OUTPUT_TOKENS = 32_768;

/** What the catalogue says about one candidate model's limits. */
export interface ModelLimits {
  maxOutputTokens?: number;
  contextWindow?: number;
}

/** One candidate target's model: its limits, and its price for a usage (undefined when the catalogue cannot price it). */
export interface PricedModel {
  limits: ModelLimits | undefined;
  price(usage: Usage): number | undefined;
}

/** The call, as far as its maximum cost depends on it. */
export interface CostedCall {
  kind: EndpointKind;
  request: ChatRequest | EmbeddingsRequest;
  /** The request body's size in bytes (its content-length), when known. */
  bodyBytes: number | undefined;
}

/** The most tokens a call can be billed for on one model: input bounded by its body's size, output by its limit. */
export function tokenBound(call: CostedCall, limits: ModelLimits | undefined): Usage {
  const bytes = call.bodyBytes ?? Buffer.byteLength(JSON.stringify(call.request));
  const inputTokens = Math.ceil(bytes / BODY_BYTES_PER_TOKEN);
  const outputTokens = call.kind === 'embeddings' ? 0 : chatOutputBound(call.request as ChatRequest, limits);
  return { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens };
}

/**
 * The most one call can cost, in USD: the highest price of its token bound over the
 * candidate models (the call may be served by any). Models the catalogue cannot price
 * add nothing, as their usage adds nothing to a budget; so a call with no priced
 * candidate costs 0.
 */
export function maxCallCost(call: CostedCall, models: readonly PricedModel[]): number {
  let max = 0;
  for (const model of models) {
    const usd = model.price(tokenBound(call, model.limits));
    if (usd !== undefined && usd > max) max = usd;
  }
  return max;
}

/** The request's own output cap, else the model's output limit, else its context window, else the default; times the choices asked for. */
function chatOutputBound(request: ChatRequest, limits: ModelLimits | undefined): number {
  const perChoice = positive(request.maxTokens) ?? positive(limits?.maxOutputTokens) ?? positive(limits?.contextWindow) ?? DEFAULT_OUTPUT_TOKENS;
  return perChoice * (positive(request.n) ?? 1);
}

function positive(value: number | undefined): number | undefined {
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : undefined;
}
