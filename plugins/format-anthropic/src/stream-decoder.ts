/**
 * Anthropic's streaming events to canonical chunks, one decoder per stream (it tracks
 * which content block is which tool call, and the usage reported so far).
 *
 * message_start gives the id, model and input usage; each content block streams text,
 * thinking (and its signature) or a tool call's input JSON in pieces; thinking and
 * redacted_thinking blocks are gathered whole and sealed into one reasoning envelope,
 * sent as `reasoningSignature` when the first other block starts (or the message ends); message_delta
 * gives the stop reason and the final output count; message_stop ends the stream and
 * is where the usage chunk is emitted. Tool calls are numbered in the order their
 * blocks start, as OpenAI-style indexed deltas. `ping` and event types Anthropic may
 * add later are skipped; an `error` event is thrown as the provider's failure.
 */
import { extensibleCopy, finiteNumber, invalidUpstream, isWireObject, stringOr, upstreamStatusError, type ChatChunk, type ChatDelta, type FinishReason, type Usage, type WireObject } from '@model-gateway/core';
import { errorInfo, statusForErrorType } from './anthropic-error';
import { decodeStopReason } from './response';
import { sealThinking } from './thinking-envelope';
import { decodeAnthropicUsage } from './usage';

export interface StreamDecoderOptions {
  /** The connection's name, for error messages. */
  connection: string;
  /** Removes the connection's key from provider text before it goes into an error. */
  scrub?: (text: string) => string;
  /** Anthropic streams carry no timestamp; defaults to the decoder's creation time. */
  created?: number;
}

export class AnthropicStreamDecoder {
  private id = '';
  private model = '';
  private readonly created: number;
  private usage?: Usage;
  /** Content block index -> tool call index. */
  private readonly toolCalls = new Map<number, number>();
  /** Thinking blocks as they stream, sealed once the thinking is over. */
  private readonly thinking: WireObject[] = [];
  private sealed = 0;

  constructor(private readonly options: StreamDecoderOptions) {
    this.created = options.created ?? Math.floor(Date.now() / 1000);
  }

  /** The chunks one event's parsed `data` makes; often none. */
  decode(data: unknown): ChatChunk[] {
    if (!isWireObject(data)) throw invalidUpstream('a stream event is not a JSON object');
    switch (data.type) {
      case 'message_start':
        return this.start(data.message);
      case 'content_block_start':
        return this.blockStart(data);
      case 'content_block_delta':
        return this.blockDelta(data);
      case 'message_delta':
        return [...this.seal(), ...this.messageDelta(data)];
      case 'message_stop':
        return this.usage ? [{ id: this.id, created: this.created, model: this.model, choices: [], usage: this.usage }] : [];
      case 'error':
        throw this.inBandError(data);
      default:
        return [];
    }
  }

  private start(message: unknown): ChatChunk[] {
    if (isWireObject(message)) {
      this.id = stringOr(message.id, '');
      this.model = stringOr(message.model, '');
      this.usage = decodeAnthropicUsage(message.usage);
    }
    return [this.chunk({ role: 'assistant' })];
  }

  private blockStart(event: WireObject): ChatChunk[] {
    const block = event.content_block;
    if (!isWireObject(block)) throw invalidUpstream('content_block_start has no content_block');
    if (block.type === 'redacted_thinking') {
      this.thinking.push({ type: 'redacted_thinking', data: block.data });
      return [];
    }
    if (block.type === 'thinking') {
      this.thinking.push({ type: 'thinking', thinking: stringOr(block.thinking, ''), signature: stringOr(block.signature, '') });
      return typeof block.thinking === 'string' && block.thinking !== '' ? [this.chunk({ reasoning: block.thinking })] : [];
    }
    const sealed = this.seal();
    if (sealed.length > 0) return [...sealed, ...this.blockStart(event)];
    if (block.type === 'text' && typeof block.text === 'string' && block.text !== '') return [this.chunk({ content: block.text })];
    if (block.type !== 'tool_use') return [];
    const index = this.toolCalls.size;
    this.toolCalls.set(finiteNumber(event.index) ?? -1, index);
    // Anthropic opens a tool block with an empty input and streams the JSON after it.
    const input = isWireObject(block.input) && Object.keys(block.input).length > 0 ? JSON.stringify(block.input) : '';
    return [this.chunk({ toolCalls: [{ index, id: stringOr(block.id, ''), name: stringOr(block.name, ''), argumentsDelta: input }] })];
  }

  private blockDelta(event: WireObject): ChatChunk[] {
    const delta = event.delta;
    if (!isWireObject(delta)) throw invalidUpstream('content_block_delta has no delta');
    switch (delta.type) {
      case 'text_delta':
        return [this.chunk({ content: stringOr(delta.text, '') })];
      case 'thinking_delta': {
        const piece = stringOr(delta.thinking, '');
        const open = this.thinking[this.thinking.length - 1];
        if (open?.type === 'thinking') open.thinking = String(open.thinking) + piece;
        return [this.chunk({ reasoning: piece })];
      }
      case 'signature_delta': {
        const open = this.thinking[this.thinking.length - 1];
        if (open?.type === 'thinking') open.signature = String(open.signature) + stringOr(delta.signature, '');
        return [];
      }
      case 'input_json_delta': {
        const index = this.toolCalls.get(finiteNumber(event.index) ?? -1);
        if (index === undefined) throw invalidUpstream('input_json_delta for a block that is not a tool call');
        const piece = stringOr(delta.partial_json, '');
        return piece === '' ? [] : [this.chunk({ toolCalls: [{ index, argumentsDelta: piece }] })];
      }
      default:
        return [];
    }
  }

  /** The envelope of the thinking blocks not yet sent, as one chunk (none when there are none). */
  private seal(): ChatChunk[] {
    if (this.thinking.length === this.sealed) return [];
    this.sealed = this.thinking.length;
    return [this.chunk({ reasoningSignature: sealThinking(this.thinking) })];
  }

  private messageDelta(event: WireObject): ChatChunk[] {
    this.usage = decodeAnthropicUsage(event.usage, this.usage);
    const reason = isWireObject(event.delta) ? decodeStopReason(event.delta.stop_reason) : null;
    return reason === null ? [] : [this.chunk({}, reason)];
  }

  private inBandError(event: WireObject): Error {
    const info = errorInfo(event) ?? { message: 'the provider ended the stream with an error event' };
    const scrubbed = extensibleCopy(info, { message: this.options.scrub ? this.options.scrub(info.message) : info.message });
    return upstreamStatusError(this.options.connection, statusForErrorType(info.type), scrubbed);
  }

  private chunk(delta: ChatDelta, finishReason: FinishReason | null = null): ChatChunk {
    return { id: this.id, created: this.created, model: this.model, choices: [{ index: 0, delta, finishReason }] };
  }
}
