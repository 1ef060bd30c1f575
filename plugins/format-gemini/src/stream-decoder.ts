/**
 * streamGenerateContent to canonical chunks. Every stream item is a whole
 * GenerateContentResponse holding the next piece of each candidate; Gemini sends a
 * function call whole, so it becomes one tool-call delta carrying all its arguments.
 * Every item repeats the running usageMetadata, so only the last is kept and sent as
 * the usage-only chunk at the end. An in-band `{error}` item is the caller's to check
 * (see decodeGeminiError) before handing the item here.
 */
import { isWireObject, numberOr, optionalArray, requireObject, stringOr, type ChatChunk, type ChatChunkChoice, type ChatDelta, type Usage } from '@model-gateway/core';
import { decodeFinishReason } from './finish-reason';
import type { ResponseDefaults } from './gemini-wire';
import { decodeModelParts, generatedCallId } from './model-parts';
import { sealThoughtSignature } from './thought-envelope';
import { decodeUsageMetadata } from './usage-metadata';

interface CandidateState {
  started: boolean;
  calls: number;
}

export class GeminiStreamDecoder {
  private id = '';
  private model: string;
  private usage?: Usage;
  private readonly candidates = new Map<number, CandidateState>();

  constructor(private readonly defaults: ResponseDefaults) {
    this.model = defaults.model;
  }

  /** The chunks for one stream item: none when it carries only usage. */
  decode(item: unknown): ChatChunk[] {
    const wire = requireObject(item, 'the stream item');
    this.id ||= stringOr(wire.responseId, '');
    this.model = stringOr(wire.modelVersion, this.model);
    const usage = decodeUsageMetadata(wire.usageMetadata);
    if (usage) this.usage = usage;
    const choices: ChatChunkChoice[] = [];
    optionalArray(wire.candidates, 'candidates').forEach((value, position) => {
      const choice = this.decodeCandidate(requireObject(value, `candidates[${position}]`), position);
      if (choice) choices.push(choice);
    });
    if (choices.length === 0 && wire.candidates === undefined && isWireObject(wire.promptFeedback) && wire.promptFeedback.blockReason) {
      choices.push({ index: 0, delta: { role: 'assistant', content: null }, finishReason: 'content_filter' });
    }
    return choices.length === 0 ? [] : [{ id: this.id, created: this.defaults.created, model: this.model, choices }];
  }

  /** The usage report, once the stream has ended. */
  end(): ChatChunk[] {
    return this.usage ? [{ id: this.id, created: this.defaults.created, model: this.model, choices: [], usage: this.usage }] : [];
  }

  private decodeCandidate(candidate: Record<string, unknown>, position: number): ChatChunkChoice | undefined {
    const index = numberOr(candidate.index, position);
    const state = this.candidates.get(index) ?? { started: false, calls: 0 };
    this.candidates.set(index, state);
    const content = isWireObject(candidate.content) ? candidate.content : {};
    const parts = decodeModelParts(
      optionalArray(content.parts, `candidates[${position}].content.parts`),
      (n) => generatedCallId(this.id, index, n),
      state.calls,
    );
    const delta: ChatDelta = {};
    const text = parts.text.join('');
    if (text !== '') delta.content = text;
    if (parts.reasoning.length > 0) delta.reasoning = parts.reasoning.join('');
    if (parts.signature) delta.reasoningSignature = sealThoughtSignature(parts.signature);
    if (parts.toolCalls.length > 0) {
      delta.toolCalls = parts.toolCalls.map((call, i) => ({ index: state.calls + i, id: call.id, name: call.name, argumentsDelta: call.arguments }));
      state.calls += parts.toolCalls.length;
    }
    const finishReason = decodeFinishReason(candidate.finishReason, state.calls > 0);
    if (Object.keys(delta).length === 0 && finishReason === null) return undefined;
    if (!state.started) {
      state.started = true;
      return { index, delta: { role: 'assistant', ...delta }, finishReason };
    }
    return { index, delta, finishReason };
  }
}
