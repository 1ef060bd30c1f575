/**
 * Canonical chunks to Anthropic's streaming events, one encoder per stream, for the
 * Anthropic API style answering from another provider.
 *
 * Anthropic streams content as numbered blocks, one open at a time: reasoning becomes a
 * thinking block, text a text block, each tool call a tool_use block whose input JSON
 * streams as input_json_delta. A change of kind (or of tool call) closes the open block
 * and starts the next. The stop reason and the usage are held back and written in
 * message_delta when the stream ends, because other providers send usage last (and
 * message_start's usage is only the part known then, usually nothing).
 *
 * Reasoning signatures (a provider's, or the gateway's reasoning envelope) go out as Anthropic
 * sends them: one signature_delta per thinking block, just before it closes, carrying the last
 * one given while it was open. A provider that seals cumulatively (every envelope holds every
 * block so far, as Bedrock's and Anthropic's decoders do) thus leaves the whole answer's
 * envelope in the last thinking block, which is the one the next turn's decoding keeps
 * (decode-request.ts), so every block is restored, in order.
 */
import { invalidUpstream, openReasoning, type ChatChunk, type ChatDelta, type FinishReason, type ToolCallDelta, type Usage, type WireObject } from '@model-gateway/core';
import { encodeStopReason, stopFields } from './response';
import { encodeAnthropicUsage } from './usage';

type OpenBlock = { kind: 'text' | 'thinking'; index: number } | { kind: 'tool'; index: number; call: number };

/** One SSE event as Anthropic writes it: the type both in `event:` and in the data. */
export function anthropicEvent(data: { type: string } & WireObject): string {
  return `event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`;
}

export class AnthropicStreamEncoder {
  private started = false;
  private open?: OpenBlock;
  private nextIndex = 0;
  /** Tool calls whose block was closed: Anthropic cannot reopen one. */
  private readonly closedCalls = new Set<number>();
  private finishReason: FinishReason | null = null;
  /** The client's stop sequence that ended the answer, reported in message_delta as Anthropic does. */
  private stopSequence?: string;
  private usage?: Usage;
  /** The open thinking block's signature, written when it closes. */
  private pendingSignature?: string;
  /** The last signature the client was given, which a later envelope may supersede. */
  private givenSignature?: string;

  /** The events one chunk makes; '' when it only carried what end() writes. */
  chunk(chunk: ChatChunk): string {
    let out = this.started ? '' : this.messageStart(chunk);
    if (chunk.usage) this.usage = chunk.usage;
    const choice = chunk.choices.find((c) => c.index === 0);
    if (!choice) return out;
    out += this.delta(choice.delta);
    if (choice.finishReason !== null) this.finishReason = choice.finishReason;
    if (choice.stopSequence !== undefined) this.stopSequence = choice.stopSequence;
    return out;
  }

  /** Closes the open block and writes the stop reason, the usage and message_stop. */
  end(): string {
    let out = this.started ? '' : this.messageStart({ id: '', created: 0, model: '', choices: [] });
    out += this.close();
    out += anthropicEvent({
      type: 'message_delta',
      delta: stopFields(encodeStopReason(this.finishReason), this.stopSequence),
      usage: encodeAnthropicUsage(this.usage ?? { inputTokens: 0, outputTokens: 0, totalTokens: 0 }),
    });
    return out + anthropicEvent({ type: 'message_stop' });
  }

  private messageStart(chunk: ChatChunk): string {
    this.started = true;
    const usage = chunk.usage ?? { inputTokens: 0, outputTokens: 0, totalTokens: 0 };
    return anthropicEvent({
      type: 'message_start',
      message: { id: chunk.id, type: 'message', role: 'assistant', model: chunk.model, content: [], stop_reason: null, stop_sequence: null, usage: encodeAnthropicUsage(usage) },
    });
  }

  private delta(delta: ChatDelta): string {
    let out = '';
    if (delta.reasoning) out += this.write('thinking', { type: 'thinking_delta', thinking: delta.reasoning });
    if (delta.reasoningSignature) out += this.signature(delta.reasoningSignature, (delta.toolCalls?.length ?? 0) > 0);
    if (delta.content) out += this.write('text', { type: 'text_delta', text: delta.content });
    // Anthropic has no refusal field; the refusal is what the client should read.
    if (delta.refusal) out += this.write('text', { type: 'text_delta', text: delta.refusal });
    for (const call of delta.toolCalls ?? []) out += this.toolCall(call);
    return out;
  }

  /** Writes a delta into the open block of `kind`, opening one first when needed. */
  private write(kind: 'text' | 'thinking', delta: WireObject): string {
    const out = this.openOf(kind);
    return out + anthropicEvent({ type: 'content_block_delta', index: (this.open as OpenBlock).index, delta });
  }

  /** Opens a block of `kind` unless one is open. */
  private openOf(kind: 'text' | 'thinking'): string {
    if (this.open?.kind === kind) return '';
    const block = kind === 'text' ? { type: 'text', text: '' } : { type: 'thinking', thinking: '', signature: '' };
    return this.close() + this.startBlock({ kind, index: this.nextIndex }, block);
  }

  /**
   * Holds a signature for the open thinking block (opening one when none is open). A signature
   * alone after text or a tool call opens no block (Gemini signs its last text part, a hint:
   * a thinking block would split one answer in two), unless it supersedes the envelope the
   * client was given: a later cumulative seal (a redacted block after text, say) must reach
   * the client, or the next turn would restore only the blocks before it.
   */
  private signature(signature: string, withToolCall: boolean): string {
    const alone = this.open !== undefined && this.open.kind !== 'thinking' && !withToolCall;
    if (alone && !supersedes(signature, this.givenSignature)) return '';
    const out = this.openOf('thinking');
    this.pendingSignature = signature;
    return out;
  }

  private toolCall(call: ToolCallDelta): string {
    let out = '';
    if (this.open?.kind !== 'tool' || this.open.call !== call.index) {
      if (this.closedCalls.has(call.index)) throw invalidUpstream(`tool call ${call.index} continued after another block had started`);
      out += this.close();
      const block = { type: 'tool_use', id: call.id ?? `toolu_${call.index}`, name: call.name ?? '', input: {} };
      out += this.startBlock({ kind: 'tool', index: this.nextIndex, call: call.index }, block);
    }
    if (call.argumentsDelta) {
      out += anthropicEvent({ type: 'content_block_delta', index: (this.open as OpenBlock).index, delta: { type: 'input_json_delta', partial_json: call.argumentsDelta } });
    }
    return out;
  }

  private startBlock(open: OpenBlock, block: WireObject): string {
    this.open = open;
    this.nextIndex++;
    return anthropicEvent({ type: 'content_block_start', index: open.index, content_block: block });
  }

  private close(): string {
    const open = this.open;
    if (!open) return '';
    this.open = undefined;
    if (open.kind === 'tool') this.closedCalls.add(open.call);
    let out = '';
    if (open.kind === 'thinking' && this.pendingSignature !== undefined) {
      out = anthropicEvent({ type: 'content_block_delta', index: open.index, delta: { type: 'signature_delta', signature: this.pendingSignature } });
      this.givenSignature = this.pendingSignature;
      this.pendingSignature = undefined;
    }
    return out + anthropicEvent({ type: 'content_block_stop', index: open.index });
  }
}

/** Whether envelope `next` holds more of the same family's blocks than `given` (a later cumulative seal); opened only on the rare signature that arrives alone. */
function supersedes(next: string, given: string | undefined): boolean {
  const later = openReasoning(next);
  const earlier = openReasoning(given);
  return later !== undefined && earlier !== undefined && later.family === earlier.family && later.blocks.length > earlier.blocks.length;
}
