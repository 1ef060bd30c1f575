/**
 * A model turn's parts both ways, shared by requests (earlier turns), responses and
 * streams. Thought parts (`thought: true`) are reasoning; the first thoughtSignature
 * of a turn is its reasoning signature. On the way out the signature goes on the first
 * function call (where Gemini requires it), else on the thought, else on an empty text part.
 */
import { isWireObject, type ToolCall } from '@model-gateway/core';
import type { GeminiPart } from './gemini-wire';

export interface ModelCall {
  id?: string;
  name: string;
  args: Record<string, unknown>;
}

export interface ModelTurnParts {
  content: GeminiPart[];
  reasoning?: string;
  signature?: string;
  calls: ModelCall[];
}

export function encodeModelParts(turn: ModelTurnParts): GeminiPart[] {
  const parts: GeminiPart[] = [];
  const { signature, calls } = turn;
  if (turn.reasoning) {
    const thought: GeminiPart = { text: turn.reasoning, thought: true };
    if (signature && calls.length === 0) thought.thoughtSignature = signature;
    parts.push(thought);
  }
  parts.push(...turn.content);
  calls.forEach((call, i) => {
    const functionCall: Record<string, unknown> = { name: call.name, args: call.args };
    if (call.id) functionCall.id = call.id;
    const part: GeminiPart = { functionCall };
    if (signature && i === 0) part.thoughtSignature = signature;
    parts.push(part);
  });
  if (signature && !turn.reasoning && calls.length === 0) parts.push({ text: '', thoughtSignature: signature });
  return parts;
}

export interface DecodedModelParts {
  text: string[];
  reasoning: string[];
  toolCalls: ToolCall[];
  signature?: string;
}

/**
 * Reads an upstream's parts. Calls without a wire id get `idFor(n)` (n counts the
 * calls of the candidate so far, so a stream's ids match a whole response's). Parts
 * the canonical model has no place for (executable code, generated media) are skipped.
 */
export function decodeModelParts(parts: unknown[], idFor: (n: number) => string, callsSoFar = 0): DecodedModelParts {
  const decoded: DecodedModelParts = { text: [], reasoning: [], toolCalls: [] };
  for (const part of parts) {
    if (!isWireObject(part)) continue;
    if (typeof part.thoughtSignature === 'string' && part.thoughtSignature !== '') decoded.signature ??= part.thoughtSignature;
    if (isWireObject(part.functionCall)) {
      const call = part.functionCall;
      const id = typeof call.id === 'string' && call.id !== '' ? call.id : idFor(callsSoFar + decoded.toolCalls.length);
      decoded.toolCalls.push({ id, name: typeof call.name === 'string' ? call.name : '', arguments: JSON.stringify(isWireObject(call.args) ? call.args : {}) });
    } else if (typeof part.text === 'string') {
      (part.thought === true ? decoded.reasoning : decoded.text).push(part.text);
    }
  }
  return decoded;
}

/** Ids for calls that came without one: stable for one response, distinct across responses that have ids. */
export function generatedCallId(responseId: string, candidate: number, n: number): string {
  return `call_${responseId || 'gemini'}_${candidate}_${n}`;
}
