import { inject, injectable } from 'tsyringe';
import type { Logger } from 'pino';
import { TOKENS, type AnswerWatcher, type CallContext, type ChatMessage, type ChatOutput, type ChatRequest, type PipelinePlugin, type StateStore } from '@model-gateway/core';
import { AnswerRecorder } from './answer-recorder';
import { carriedValue, carryKey, CARRY_TTL_MS, liveEnvelope } from './carried-entry';

/**
 * Carries a provider's signed reasoning through clients whose format has no place for it
 * (Chat Completions: the client sends back only the assistant's tool calls and their ids).
 * When an answer with tool calls and a reasoning envelope goes out in such a format, the
 * envelope is kept in the state store under the first call's id, for CARRY_TTL_MS (shared by
 * replicas through Redis); when a request's current turn has an assistant tool-call message
 * without reasoning, the envelope is put back on it before any provider encodes it. Requests
 * without such a message and answers without an envelope cost one pass over a few messages.
 */
@injectable()
export class ReasoningCarry implements PipelinePlugin {
  readonly name = 'reasoning-carry';
  readonly priority = 600;

  constructor(
    @inject(TOKENS.StateStore) private readonly store: StateStore,
    @inject(TOKENS.Logger) private readonly logger: Logger,
    @inject(TOKENS.Clock) private readonly now: () => number,
  ) {}

  prepareChat(call: CallContext, request: ChatRequest): Promise<void> | undefined {
    const unsigned = unsignedToolTurns(request.messages);
    return unsigned.length === 0 ? undefined : this.restore(call, unsigned);
  }

  watchAnswer(call: CallContext, output: ChatOutput): AnswerWatcher | undefined {
    // Only a format that loses the envelope needs it kept, and only a call with tools can be answered with calls.
    if (output.carriesReasoningSignature !== false || !(call.request as ChatRequest).tools?.length) return undefined;
    return new AnswerRecorder((pairs) => this.keep(call, pairs));
  }

  private async restore(call: CallContext, messages: ChatMessage[]): Promise<void> {
    let values: Array<string | undefined>;
    try {
      values = await this.store.getMany(messages.map((m) => carryKey(call.principal?.id, m.toolCalls![0].id)));
    } catch (error) {
      // Without the store the providers' last resorts apply (thinking off, Gemini's skip value): never a failed call.
      this.logger.warn({ requestId: call.requestId, err: (error as Error).message }, 'reasoning-carry: kept reasoning unreadable');
      return;
    }
    const now = this.now();
    messages.forEach((message, i) => {
      const envelope = liveEnvelope(values[i], now);
      if (envelope) message.reasoningSignature = envelope;
    });
  }

  private async keep(call: CallContext, pairs: ReadonlyArray<[string, string]>): Promise<void> {
    const now = this.now();
    try {
      await Promise.all(pairs.map(([id, envelope]) => this.store.set(carryKey(call.principal?.id, id), carriedValue(envelope, now), CARRY_TTL_MS)));
    } catch (error) {
      this.logger.warn({ requestId: call.requestId, err: (error as Error).message }, 'reasoning-carry: reasoning not kept');
    }
  }
}

/**
 * The assistant tool-call messages of the current turn (after the last user message) that came
 * back without reasoning: the ones providers check (Anthropic the last, Gemini 3 every step).
 */
function unsignedToolTurns(messages: readonly ChatMessage[]): ChatMessage[] {
  const found: ChatMessage[] = [];
  for (let i = messages.length - 1; i >= 0 && messages[i].role !== 'user'; i--) {
    const message = messages[i];
    if (message.role === 'assistant' && message.toolCalls?.length && !message.reasoningSignature) found.push(message);
  }
  return found;
}
