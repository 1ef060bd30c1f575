/**
 * Canonical chunks to streamGenerateContent items, for clients that speak Gemini.
 *
 * Text and reasoning go out as they come. Gemini sends function calls whole, so
 * argument deltas are gathered and each call is written once its candidate finishes.
 * The item that finishes the candidates is held until the usage report arrives (or
 * the stream ends), so the last item carries both finishReason and usageMetadata, as
 * Gemini's own last item does.
 */
import { extensibleCopy, type ChatChunk, type ChatChunkChoice, type Usage } from '@model-gateway/core';
import { encodeFinishReason } from './finish-reason';
import type { GeminiCandidate, GeminiPart, GenerateContentResponse } from './gemini-wire';
import { encodeModelParts } from './model-parts';
import { parseCalls } from './response';
import { encodeUsageMetadata } from './usage-metadata';

interface PendingCall {
  id: string;
  name: string;
  arguments: string;
}

interface ChoiceState {
  calls: Map<number, PendingCall>;
  signature?: string;
}

export class GeminiStreamEncoder {
  private id = '';
  private model = '';
  private readonly choices = new Map<number, ChoiceState>();
  private final?: GenerateContentResponse;

  /** The items to send for one canonical chunk (often one, none while calls are gathered). */
  push(chunk: ChatChunk): GenerateContentResponse[] {
    this.id ||= chunk.id;
    this.model ||= chunk.model;
    const live: GeminiCandidate[] = [];
    for (const choice of chunk.choices) {
      const candidate = this.candidate(choice);
      if (!candidate) continue;
      if (candidate.finishReason) this.holdFinal(candidate);
      else live.push(candidate);
    }
    const items = live.length > 0 ? [this.item({ candidates: live })] : [];
    if (chunk.usage) items.push(...this.report(chunk.usage));
    return items;
  }

  /** Whatever is still held when the stream ends: finished candidates, calls never finished. */
  end(): GenerateContentResponse[] {
    for (const [index, state] of this.choices) {
      if (state.calls.size > 0) this.holdFinal(this.finish(index, state, 'STOP'));
    }
    const final = this.final;
    this.final = undefined;
    return final ? [final] : [];
  }

  private candidate(choice: ChatChunkChoice): GeminiCandidate | undefined {
    const state = this.state(choice.index);
    const { delta } = choice;
    const parts: GeminiPart[] = [];
    if (delta.reasoning) parts.push({ text: delta.reasoning, thought: true });
    if (delta.content) parts.push({ text: delta.content });
    if (delta.refusal) parts.push({ text: delta.refusal });
    if (delta.reasoningSignature) state.signature = delta.reasoningSignature;
    for (const call of delta.toolCalls ?? []) {
      const pending = state.calls.get(call.index) ?? { id: '', name: '', arguments: '' };
      if (call.id) pending.id = call.id;
      if (call.name) pending.name += call.name;
      if (call.argumentsDelta) pending.arguments += call.argumentsDelta;
      state.calls.set(call.index, pending);
    }
    if (choice.finishReason) {
      const finished = this.finish(choice.index, state, encodeFinishReason(choice.finishReason));
      finished.content = { role: 'model', parts: [...parts, ...(finished.content?.parts ?? [])] };
      return finished;
    }
    return parts.length > 0 ? { content: { role: 'model', parts }, index: choice.index } : undefined;
  }

  /** Writes the gathered calls (and a signature still unsent) of a finished candidate. */
  private finish(index: number, state: ChoiceState, finishReason: string): GeminiCandidate {
    const ordered = [...state.calls.entries()].sort(([a], [b]) => a - b).map(([, call]) => call);
    const { calls, malformed } = parseCalls(ordered);
    const parts = encodeModelParts({ content: [], signature: state.signature, calls });
    this.choices.delete(index);
    const candidate: GeminiCandidate = { content: { role: 'model', parts }, finishReason: malformed ? 'MALFORMED_FUNCTION_CALL' : finishReason, index };
    return candidate;
  }

  private holdFinal(candidate: GeminiCandidate): void {
    this.final ??= this.item({ candidates: [] });
    this.final.candidates = [...(this.final.candidates ?? []), candidate];
  }

  /** Usage joins the held final item, or goes alone when nothing is held. */
  private report(usage: Usage): GenerateContentResponse[] {
    const item = this.final ?? this.item({});
    this.final = undefined;
    item.usageMetadata = encodeUsageMetadata(usage);
    return [item];
  }

  private item(fields: GenerateContentResponse): GenerateContentResponse {
    return extensibleCopy(fields, { modelVersion: this.model, responseId: this.id });
  }

  private state(index: number): ChoiceState {
    let state = this.choices.get(index);
    if (!state) {
      state = { calls: new Map() };
      this.choices.set(index, state);
    }
    return state;
  }
}
