/**
 * Canonical stream chunks to Responses API stream events. Chat Completions streams flat
 * deltas; the Responses API streams a lifecycle: the response is created, each output
 * item (reasoning, message, function call) is added, filled by deltas and marked done,
 * and the response completes with the usage. The encoder keeps the state that needs:
 * which item is open, the text so far (the `.done` events repeat it whole) and the
 * sequence numbers every event carries.
 *
 * One encoder serves one stream. Items of different kinds do not interleave on this wire,
 * so a delta of another kind closes the open item first.
 */
import { isReasoningEnvelope, type ChatChunk, type ChatDelta, type FinishReason, type GatewayError, type ToolCall, type ToolCallDelta, type Usage, type WireObject } from '@model-gateway/core';
import { clientToolName, functionCallItem, messageItem, outcomeOf, reasoningItem, wirePart, type ItemStatus, type MessagePart } from './output-items';
import { responseEnvelope, type EnvelopeFields } from './response-envelope';
import type { ResponsesEcho } from './responses-echo';
import { responseIds, type ResponseIds } from './response-ids';

export interface ResponsesEvent {
  type: string;
  sequence_number: number;
  [field: string]: unknown;
}

interface ReasoningState {
  index: number;
  id: string;
  /** Undefined until the first text delta opens the summary part. */
  text?: string;
  signature?: string;
}

interface MessageState {
  index: number;
  id: string;
  parts: MessagePart[];
  /** Whether the last part still takes deltas. */
  partOpen: boolean;
}

interface CallState {
  index: number;
  id: string;
  call: ToolCall;
}

type Head = Pick<EnvelopeFields, 'id' | 'createdAt' | 'model'>;

export class ResponsesStreamEncoder {
  private sequence = 0;
  private head?: Head;
  private ids?: ResponseIds;
  /** Closed items by output index; an open item's slot is filled when it closes. */
  private readonly output: WireObject[] = [];
  private nextIndex = 0;
  private reasoning?: ReasoningState;
  private message?: MessageState;
  /** Open function calls by the canonical tool-call index. */
  private readonly calls = new Map<number, CallState>();
  private answered = false;
  /** A signature that came while the message was open, written as a reasoning item after it when the stream ends. */
  private heldSignature?: string;
  private finishReason: FinishReason | null = null;
  private usage?: Usage;

  constructor(private readonly echo: ResponsesEcho) {}

  chunk(chunk: ChatChunk): ResponsesEvent[] {
    const events: ResponsesEvent[] = [];
    this.start(events, chunk);
    if (chunk.usage) this.usage = chunk.usage;
    // The Responses API has no `n`: only the first choice exists.
    const choice = chunk.choices.find((c) => c.index === 0);
    if (!choice) return events;
    this.delta(events, choice.delta);
    if (choice.finishReason) this.finishReason = choice.finishReason;
    return events;
  }

  /** Closes what is open and ends the stream with response.completed (or response.incomplete for a cut-off answer). */
  finish(): ResponsesEvent[] {
    const events: ResponsesEvent[] = [];
    this.start(events);
    const outcome = outcomeOf(this.finishReason);
    // As in a whole response: an empty answer is still a message with an empty text.
    if (!this.answered) this.text(events, 'output_text', '');
    if (this.heldSignature !== undefined) this.reasoningDelta(events, undefined, this.heldSignature);
    this.closeAll(events, outcome.status);
    const type = outcome.status === 'completed' ? 'response.completed' : 'response.incomplete';
    this.emit(events, type, { response: this.envelope({ status: outcome.status, output: this.output, usage: this.usage, incompleteReason: outcome.incompleteReason }) });
    return events;
  }

  /**
   * Ends a stream that failed after its first byte: an `error` event with the gateway's
   * code, then response.failed carrying the items finished so far.
   */
  fail(error: GatewayError): ResponsesEvent[] {
    const events: ResponsesEvent[] = [];
    this.start(events);
    this.emit(events, 'error', { code: error.code, message: error.message, param: error.param ?? null });
    const code = error.status === 429 ? 'rate_limit_exceeded' : 'server_error';
    const output = this.output.filter((item) => item !== undefined);
    this.emit(events, 'response.failed', { response: this.envelope({ status: 'failed', output, usage: this.usage, error: { code, message: error.message } }) });
    return events;
  }

  private start(events: ResponsesEvent[], chunk?: ChatChunk): void {
    if (this.head) return;
    this.ids = responseIds(chunk?.id ?? '');
    this.head = { id: this.ids.response, createdAt: chunk?.created ?? Math.floor(Date.now() / 1000), model: chunk?.model ?? '' };
    const pending = this.envelope({ status: 'in_progress', output: [] });
    this.emit(events, 'response.created', { response: pending });
    this.emit(events, 'response.in_progress', { response: pending });
  }

  private delta(events: ResponsesEvent[], delta: ChatDelta): void {
    // A signature alone while the message is open (Gemini signs its last text part) is held for the end: a reasoning item now would split the message in two.
    if (!delta.reasoning && delta.reasoningSignature && this.message && !delta.toolCalls?.length) this.heldSignature = delta.reasoningSignature;
    else if (delta.reasoning || delta.reasoningSignature) this.reasoningDelta(events, delta.reasoning, delta.reasoningSignature);
    if (delta.content) this.text(events, 'output_text', delta.content);
    if (delta.refusal) this.text(events, 'refusal', delta.refusal);
    for (const call of delta.toolCalls ?? []) this.toolCall(events, call);
  }

  private reasoningDelta(events: ResponsesEvent[], text: string | undefined, signature: string | undefined): void {
    this.closeMessage(events, 'completed');
    this.closeCalls(events, 'completed');
    if (!this.reasoning) {
      const index = this.nextIndex++;
      this.reasoning = { index, id: this.itemIds().item('rs', index) };
      this.emit(events, 'response.output_item.added', { output_index: index, item: reasoningItem(this.reasoning.id, undefined, undefined, 'in_progress') });
    }
    const r = this.reasoning;
    if (text) {
      const at = { item_id: r.id, output_index: r.index, summary_index: 0 };
      if (r.text === undefined) {
        r.text = '';
        this.emit(events, 'response.reasoning_summary_part.added', at, { part: { type: 'summary_text', text: '' } });
      }
      r.text += text;
      this.emit(events, 'response.reasoning_summary_text.delta', at, { delta: text });
    }
    // A reasoning envelope is whole in each delta (a later one supersedes); a provider's own signature may come in pieces.
    if (signature) r.signature = isReasoningEnvelope(signature) ? signature : (r.signature ?? '') + signature;
  }

  private text(events: ResponsesEvent[], kind: MessagePart['type'], delta: string): void {
    this.closeReasoning(events, 'completed');
    this.closeCalls(events, 'completed');
    if (!this.message) {
      const index = this.nextIndex++;
      this.message = { index, id: this.itemIds().item('msg', index), parts: [], partOpen: false };
      this.answered = true;
      this.emit(events, 'response.output_item.added', { output_index: index, item: messageItem(this.message.id, [], 'in_progress') });
    }
    const m = this.message;
    if (!m.partOpen || m.parts[m.parts.length - 1].type !== kind) {
      this.closePart(events);
      const part: MessagePart = kind === 'output_text' ? { type: 'output_text', text: '' } : { type: 'refusal', refusal: '' };
      m.parts.push(part);
      m.partOpen = true;
      this.emit(events, 'response.content_part.added', this.partAt(m), { part: wirePart(part) });
    }
    if (delta === '') return;
    const part = m.parts[m.parts.length - 1];
    if (part.type === 'output_text') {
      part.text += delta;
      this.emit(events, 'response.output_text.delta', this.partAt(m), { delta, logprobs: [] });
    } else {
      part.refusal += delta;
      this.emit(events, 'response.refusal.delta', this.partAt(m), { delta });
    }
  }

  private toolCall(events: ResponsesEvent[], delta: ToolCallDelta): void {
    this.closeReasoning(events, 'completed');
    this.closeMessage(events, 'completed');
    let state = this.calls.get(delta.index);
    if (!state) {
      const index = this.nextIndex++;
      const call: ToolCall = { id: delta.id ?? '', name: delta.name ?? '', arguments: '' };
      state = { index, id: this.itemIds().functionCall(call.id), call };
      this.calls.set(delta.index, state);
      this.answered = true;
      this.emit(events, 'response.output_item.added', { output_index: index, item: functionCallItem(state.id, call, 'in_progress', this.echo.namespaced) });
    } else {
      if (delta.id) state.call.id = delta.id;
      if (delta.name) state.call.name = delta.name;
    }
    if (delta.argumentsDelta) {
      state.call.arguments += delta.argumentsDelta;
      this.emit(events, 'response.function_call_arguments.delta', { item_id: state.id, output_index: state.index, delta: delta.argumentsDelta });
    }
  }

  private closeAll(events: ResponsesEvent[], status: ItemStatus): void {
    this.closeReasoning(events, status);
    this.closeMessage(events, status);
    this.closeCalls(events, status);
  }

  private closeReasoning(events: ResponsesEvent[], status: ItemStatus): void {
    const r = this.reasoning;
    if (!r) return;
    if (r.text !== undefined) {
      const at = { item_id: r.id, output_index: r.index, summary_index: 0 };
      this.emit(events, 'response.reasoning_summary_text.done', at, { text: r.text });
      this.emit(events, 'response.reasoning_summary_part.done', at, { part: { type: 'summary_text', text: r.text } });
    }
    this.closeItem(events, r.index, reasoningItem(r.id, r.text, r.signature, status));
    this.reasoning = undefined;
  }

  private closeMessage(events: ResponsesEvent[], status: ItemStatus): void {
    const m = this.message;
    if (!m) return;
    this.closePart(events);
    this.closeItem(events, m.index, messageItem(m.id, m.parts, status));
    this.message = undefined;
  }

  private closePart(events: ResponsesEvent[]): void {
    const m = this.message;
    if (!m?.partOpen) return;
    const part = m.parts[m.parts.length - 1];
    if (part.type === 'output_text') this.emit(events, 'response.output_text.done', this.partAt(m), { text: part.text, logprobs: [] });
    else this.emit(events, 'response.refusal.done', this.partAt(m), { refusal: part.refusal });
    this.emit(events, 'response.content_part.done', this.partAt(m), { part: wirePart(part) });
    m.partOpen = false;
  }

  private closeCalls(events: ResponsesEvent[], status: ItemStatus): void {
    for (const { index, id, call } of [...this.calls.values()].sort((a, b) => a.index - b.index)) {
      this.emit(events, 'response.function_call_arguments.done', { item_id: id, output_index: index, name: clientToolName(call.name, this.echo.namespaced), arguments: call.arguments });
      this.closeItem(events, index, functionCallItem(id, call, status, this.echo.namespaced));
    }
    this.calls.clear();
  }

  private closeItem(events: ResponsesEvent[], index: number, item: WireObject): void {
    this.output[index] = item;
    this.emit(events, 'response.output_item.done', { output_index: index, item });
  }

  private partAt(m: MessageState) {
    return { item_id: m.id, output_index: m.index, content_index: m.parts.length - 1 };
  }

  private itemIds(): ResponseIds {
    return this.ids as ResponseIds;
  }

  private envelope(fields: Omit<EnvelopeFields, keyof Head>): WireObject {
    return responseEnvelope({ ...(this.head as Head), ...fields }, this.echo);
  }

  /** Merges `parts` into the one event object: `{ ...at, delta }` at the call sites grew new hidden classes per event on Node 20 (see core's extensibleCopy). */
  private emit(events: ResponsesEvent[], type: string, ...parts: Array<Record<string, unknown>>): void {
    events.push(Object.assign({ type, sequence_number: this.sequence++ }, ...parts) as ResponsesEvent);
  }
}
