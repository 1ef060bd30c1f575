/**
 * Cohere v2 chat stream events to canonical chunks. v2 streams typed events
 * (message-start, content-*, tool-plan-delta, tool-call-*, citation-*, message-end);
 * the text, thinking and tool-plan deltas become content and reasoning deltas, each
 * tool call's start and argument deltas become tool call deltas under a stable index,
 * and message-end gives the finish reason, then the usage as its own final chunk.
 */
import { GatewayError, isWireObject, type ChatChunk, type ChatDelta, type FinishReason, type ToolCallDelta, type WireObject } from '@model-gateway/core';
import { cohereFinishReason, type AnswerContext } from './decode-cohere-chat';
import { decodeCohereUsage } from './cohere-usage';
import { invalidCohere, text } from './cohere-wire';

export interface StreamContext extends AnswerContext {
  /** Cleans provider text before it goes into an error (the attempt's key scrubber). */
  scrub?: (text: string) => string;
}

export class CohereStreamDecoder {
  private id = '';
  /** Cohere's index of each tool call, to the canonical one (calls numbered from 0 in order of appearance). */
  private readonly toolIndexes = new Map<unknown, number>();

  constructor(private readonly context: StreamContext) {}

  /** The canonical chunks one event stands for; most bookkeeping events stand for none. */
  decode(event: unknown): ChatChunk[] {
    if (!isWireObject(event)) throw invalidCohere('a stream event is not an object');
    const message = isWireObject(event.delta) && isWireObject(event.delta.message) ? event.delta.message : {};
    switch (event.type) {
      case 'message-start':
        this.id = text(event.id) ?? this.id;
        return [this.chunk({ role: 'assistant' })];
      case 'content-start':
      case 'content-delta':
        return this.contentDelta(message.content);
      case 'tool-plan-delta': {
        const plan = text(message.tool_plan);
        return plan ? [this.chunk({ reasoning: plan })] : [];
      }
      case 'tool-call-start':
        return this.toolCallStart(event.index, firstCall(message.tool_calls));
      case 'tool-call-delta': {
        const call = firstCall(message.tool_calls);
        const args = isWireObject(call?.function) ? text(call.function.arguments) : undefined;
        return args ? [this.chunk({ toolCalls: [{ index: this.toolIndex(event.index), argumentsDelta: args }] })] : [];
      }
      case 'message-end':
        return this.end(isWireObject(event.delta) ? event.delta : {});
      default:
        return [];
    }
  }

  private contentDelta(content: unknown): ChatChunk[] {
    if (!isWireObject(content)) return [];
    const delta: ChatDelta = {};
    const piece = text(content.text);
    if (piece) delta.content = piece;
    const thought = text(content.thinking);
    if (thought) delta.reasoning = thought;
    return Object.keys(delta).length > 0 ? [this.chunk(delta)] : [];
  }

  private toolCallStart(cohereIndex: unknown, call: WireObject | undefined): ChatChunk[] {
    if (!call || !isWireObject(call.function)) return [];
    const delta: ToolCallDelta = { index: this.toolIndex(cohereIndex) };
    const id = text(call.id);
    if (id) delta.id = id;
    const name = text(call.function.name);
    if (name) delta.name = name;
    const args = text(call.function.arguments);
    if (args) delta.argumentsDelta = args;
    return [this.chunk({ toolCalls: [delta] })];
  }

  private end(delta: WireObject): ChatChunk[] {
    const error = text(delta.error);
    if (error) {
      const message = this.context.scrub ? this.context.scrub(error) : error;
      throw new GatewayError('upstream_error', `Cohere ended the stream with an error: ${message}`, { retryable: false });
    }
    const chunks = [this.chunk({}, cohereFinishReason(delta.finish_reason))];
    const usage = decodeCohereUsage(delta.usage);
    if (usage) chunks.push({ id: this.id, created: this.context.created, model: this.context.model, choices: [], usage });
    return chunks;
  }

  private toolIndex(cohereIndex: unknown): number {
    let index = this.toolIndexes.get(cohereIndex);
    if (index === undefined) {
      index = this.toolIndexes.size;
      this.toolIndexes.set(cohereIndex, index);
    }
    return index;
  }

  private chunk(delta: ChatDelta, finishReason: FinishReason | null = null): ChatChunk {
    return { id: this.id, created: this.context.created, model: this.context.model, choices: [{ index: 0, delta, finishReason }] };
  }
}

/** v2 sends the call of a tool-call event as an object; an array is read for its first entry. */
function firstCall(value: unknown): WireObject | undefined {
  if (Array.isArray(value)) return isWireObject(value[0]) ? value[0] : undefined;
  return isWireObject(value) ? value : undefined;
}
