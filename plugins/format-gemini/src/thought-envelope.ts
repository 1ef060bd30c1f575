/**
 * Gemini's thought signatures through other formats. A signature is sealed into a reasoning
 * envelope (core's sealReasoning) under the Gemini family, so a client of another format
 * carries it as an opaque value and it comes back to Gemini only, never to a provider that
 * could not read it. Gemini 3 refuses a function-calling step whose first functionCall part
 * lacks the signature it issued: https://ai.google.dev/gemini-api/docs/thought-signatures
 */
import { openReasoning, sealReasoning, type ChatMessage, type ChatRequest } from '@model-gateway/core';

/** The family id Gemini-format hosts (the Gemini API, Vertex AI's Gemini models) seal their signatures under. */
export const GEMINI_REASONING_FAMILY = 'gemini';

/**
 * The value Google documents for a function call whose signature was lost (history from
 * another model, or trimmed by a client): Gemini 3 then skips the check instead of refusing
 * the turn (same page, "Skipping validation").
 */
export const SKIP_SIGNATURE_VALIDATOR = 'skip_thought_signature_validator';

export function sealThoughtSignature(signature: string): string {
  return sealReasoning(GEMINI_REASONING_FAMILY, [signature]);
}

/** The Gemini signature a message carries: its envelope's, none for another family's, else the bare value (a Gemini client's own). */
export function thoughtSignatureOf(message: Pick<ChatMessage, 'reasoningSignature'>): string | undefined {
  const envelope = openReasoning(message.reasoningSignature);
  if (!envelope) return message.reasoningSignature || undefined;
  const [signature] = envelope.blocks;
  return envelope.family === GEMINI_REASONING_FAMILY && typeof signature === 'string' && signature !== '' ? signature : undefined;
}

/** Models that refuse an unsigned function-calling step. */
export function requiresThoughtSignatures(model: string): boolean {
  return /^(models\/)?gemini-3/.test(model);
}

/**
 * For a model that requires signatures: the request with the documented skip value on each
 * tool-calling turn that has no Gemini signature, so Gemini thinks afresh rather than refusing.
 */
export function withThoughtSignatures(request: ChatRequest, model: string): ChatRequest {
  if (!requiresThoughtSignatures(model)) return request;
  const unsigned = (m: ChatMessage) => m.role === 'assistant' && (m.toolCalls?.length ?? 0) > 0 && thoughtSignatureOf(m) === undefined;
  if (!request.messages.some(unsigned)) return request;
  return { ...request, messages: request.messages.map((m) => (unsigned(m) ? { ...m, reasoningSignature: SKIP_SIGNATURE_VALIDATOR } : m)) };
}
