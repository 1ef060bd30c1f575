import type { ChatRequest, EmbeddingsRequest, Usage } from '@model-gateway/core';
import { BODY_BYTES_PER_TOKEN, DEFAULT_OUTPUT_TOKENS, maxCallCost, tokenBound, type CostedCall, type PricedModel } from './max-call-cost';

const chat = (fields: Partial<ChatRequest> = {}): ChatRequest => ({ messages: [{ role: 'user', content: 'hi' }], stream: false, streamUsage: false, extra: {}, ...fields });
const call = (request: ChatRequest | EmbeddingsRequest, bodyBytes: number | 'unknown' = 1000, kind: 'chat' | 'embeddings' = 'chat'): CostedCall => ({ kind, request, bodyBytes: bodyBytes === 'unknown' ? undefined : bodyBytes });

/** USD per million tokens, flat. */
const flat = (input: number, output: number, limits: PricedModel['limits'] = undefined): PricedModel => ({
  limits,
  price: (usage: Usage) => (usage.inputTokens * input + usage.outputTokens * output) / 1_000_000,
});
const unpriced: PricedModel = { limits: { maxOutputTokens: 100 }, price: () => undefined };

describe('tokenBound', () => {
  it("takes the request's own output cap over the model's limit", () => {
    expect(tokenBound(call(chat({ maxTokens: 50 })), { maxOutputTokens: 4096, contextWindow: 128_000 })).toEqual({ inputTokens: 1000, outputTokens: 50, totalTokens: 1050 });
  });

  it("falls back to the model's output limit, then its context window, then the default", () => {
    expect(tokenBound(call(chat()), { maxOutputTokens: 4096, contextWindow: 128_000 }).outputTokens).toBe(4096);
    expect(tokenBound(call(chat()), { contextWindow: 128_000 }).outputTokens).toBe(128_000);
    expect(tokenBound(call(chat()), undefined).outputTokens).toBe(DEFAULT_OUTPUT_TOKENS);
  });

  it('multiplies the output by the choices asked for (n)', () => {
    expect(tokenBound(call(chat({ maxTokens: 100, n: 3 })), undefined).outputTokens).toBe(300);
  });

  it('bounds input by the body size, one token per byte', () => {
    expect(BODY_BYTES_PER_TOKEN).toBe(1);
    expect(tokenBound(call(chat({ maxTokens: 1 }), 12_345), undefined).inputTokens).toBe(12_345);
  });

  it('without a content-length, measures the canonical request as JSON (multi-byte characters count in bytes)', () => {
    const request = chat({ maxTokens: 1, messages: [{ role: 'user', content: 'héllo 🌍' }] });
    expect(tokenBound(call(request, 'unknown'), undefined).inputTokens).toBe(Buffer.byteLength(JSON.stringify(request)));
  });

  it('gives embeddings no output', () => {
    const request: EmbeddingsRequest = { input: ['a', 'b'], encodingFormat: 'float', extra: {} };
    expect(tokenBound(call(request, 200, 'embeddings'), { maxOutputTokens: 4096 })).toEqual({ inputTokens: 200, outputTokens: 0, totalTokens: 200 });
  });

  it('ignores caps that are not positive numbers', () => {
    expect(tokenBound(call(chat({ maxTokens: 0, n: 0 })), { maxOutputTokens: 10 }).outputTokens).toBe(10);
  });
});

describe('maxCallCost', () => {
  it('prices the bound at the model price: input bytes plus max output tokens', () => {
    // 1000 input tokens at $2/M + 500 output tokens at $8/M.
    expect(maxCallCost(call(chat({ maxTokens: 500 })), [flat(2, 8)])).toBeCloseTo(0.002 + 0.004, 12);
  });

  it('takes the dearest candidate (a fallback may serve the call)', () => {
    const cheap = flat(1, 1, { maxOutputTokens: 100 });
    const dear = flat(10, 30, { maxOutputTokens: 1000 });
    expect(maxCallCost(call(chat()), [cheap, dear])).toBeCloseTo((1000 * 10 + 1000 * 30) / 1e6, 12);
  });

  it('is 0 when no candidate is priced (unpriced usage adds nothing to a budget)', () => {
    expect(maxCallCost(call(chat()), [unpriced])).toBe(0);
    expect(maxCallCost(call(chat()), [])).toBe(0);
  });

  it('skips unpriced candidates beside priced ones', () => {
    expect(maxCallCost(call(chat({ maxTokens: 10 })), [unpriced, flat(1, 1)])).toBeCloseTo(1010 / 1e6, 12);
  });

  it('prices through the given function, so tiered prices see the whole bound', () => {
    const seen: Usage[] = [];
    maxCallCost(call(chat({ maxTokens: 7 }), 300), [{ limits: undefined, price: (usage) => (seen.push(usage), 1) }]);
    expect(seen).toEqual([{ inputTokens: 300, outputTokens: 7, totalTokens: 307 }]);
  });
});
