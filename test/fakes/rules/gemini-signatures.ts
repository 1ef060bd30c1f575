import { createHmac } from 'node:crypto';

/**
 * Gemini 3's thought signatures on function calls (https://ai.google.dev/gemini-api/docs/thought-signatures):
 * the model signs the first functionCall part of each step it answers, and the next request must
 * carry that signature back on the same part of the model turn, for every step of the current
 * turn (the model turns after the last user message that is not only function responses), or
 * the documented `skip_thought_signature_validator`; otherwise it answers 400. The fake signs a
 * call with an HMAC of its name and arguments under a key of its own, so it can check without state.
 */
const FAKE_KEY = 'gemini-fake-thought-key';

/** Google's documented value for a call whose signature was lost (same page, "Skipping validation"). */
export const SKIP_VALIDATOR = 'skip_thought_signature_validator';

/** Models that refuse an unsigned function-calling step. */
export function signsFunctionCalls(model: string): boolean {
  return /^(models\/)?gemini-3/.test(model);
}

/** The fake's signature of a function call (base64, as Google's are). */
export function signFunctionCall(call: { name?: unknown; args?: unknown }): string {
  return createHmac('sha256', FAKE_KEY).update(`${String(call.name)}\n${stableJson(call.args ?? {})}`).digest('base64');
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** An answer's parts with the first functionCall part signed, for a model that signs (parts already signed are kept). */
export function signedParts(model: string, parts: any[]): any[] {
  if (!signsFunctionCalls(model)) return parts;
  const first = parts.findIndex((p) => p?.functionCall);
  if (first === -1 || parts[first].thoughtSignature) return parts;
  return parts.map((p, i) => (i === first ? { ...p, thoughtSignature: signFunctionCall(p.functionCall) } : p));
}

/** The rule the request's current turn breaks, as Gemini words it, or undefined. */
export function signatureRule(model: string, body: any): string | undefined {
  if (!signsFunctionCalls(model)) return undefined;
  const contents: any[] = Array.isArray(body?.contents) ? body.contents : [];
  const partsOf = (c: any): any[] => (Array.isArray(c?.parts) ? c.parts : []);
  const start = contents.map((c) => c?.role !== 'model' && partsOf(c).some((p) => !p?.functionResponse)).lastIndexOf(true);
  for (let i = start + 1; i < contents.length; i++) {
    if (contents[i]?.role !== 'model') continue;
    const part = partsOf(contents[i]).find((p) => p?.functionCall);
    if (!part) continue;
    const signature = part.thoughtSignature;
    if (signature === SKIP_VALIDATOR) continue;
    if (typeof signature !== 'string' || signature === '') {
      return `Function call \`${String(part.functionCall.name)}\` in the \`${i + 1}.\` content block is missing a \`thought_signature\`. Learn more: https://ai.google.dev/gemini-api/docs/thought-signatures`;
    }
    if (signature !== signFunctionCall(part.functionCall)) return `Corrupted thought signature in the \`${i + 1}.\` content block.`;
  }
  return undefined;
}
