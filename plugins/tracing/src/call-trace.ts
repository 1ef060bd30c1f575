import type { AnswerWatcher, ChatChunk, ChatResponse, FinishReason } from '@model-gateway/core';
import { outputMessages, streamedOutput } from './gen-ai-messages';
import type { SpanRecord } from './span-record';

/** One upstream attempt's span, ended when the call ends (its answer may still be on its way when the attempt is recorded). */
export interface AttemptSpan {
  span: SpanRecord;
  /** The model the attempt asked for: the answer's model when the answer did not say (relayed bytes, embeddings). */
  model: string;
  /** Epoch milliseconds, from the attempt record; unset while the attempt runs. */
  endTime?: number;
  succeeded?: boolean;
}

/**
 * What a traced call keeps in its `locals`, and the watcher of its answer: the call's own
 * object watches, so a chat call's watcher costs no allocation of its own.
 */
export class CallTrace implements AnswerWatcher {
  readonly attempts = new Map<number, AttemptSpan>();
  /** The input messages attribute, when content is captured. */
  input?: string;
  /** The model the answer named. */
  responseModel?: string;
  /** The output messages attribute, when content is captured. */
  output?: string;
  private text = '';
  private reasoning = '';
  private finishReason: FinishReason | null = null;

  constructor(
    readonly server: SpanRecord,
    private readonly capture: boolean,
  ) {}

  chunk(chunk: ChatChunk): void {
    if (chunk.model) this.responseModel ??= chunk.model;
    if (!this.capture) return;
    const choice = chunk.choices[0];
    if (!choice) return;
    if (choice.delta.content) this.text += choice.delta.content;
    if (choice.delta.reasoning) this.reasoning += choice.delta.reasoning;
    if (choice.finishReason) this.finishReason = choice.finishReason;
  }

  end(response: ChatResponse | undefined): void {
    if (response) {
      this.responseModel = response.model || this.responseModel;
      if (this.capture) this.output = outputMessages(response);
    } else if (this.capture) {
      this.output = streamedOutput(this.text, this.reasoning, this.finishReason);
    }
  }
}
