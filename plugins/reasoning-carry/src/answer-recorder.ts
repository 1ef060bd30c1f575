import { isReasoningEnvelope, type AnswerWatcher, type ChatChunk, type ChatResponse } from '@model-gateway/core';

/** What one choice of a streamed answer showed so far. */
interface ChoiceSeen {
  signature?: string;
  firstCallId?: string;
}

/**
 * Gathers, from a chat answer, each choice's first tool call id with the reasoning envelope that
 * came with it, and hands the pairs to `keep` when the answer ends. In a stream the envelope is
 * the one sent up to the chunk that starts the first call (the one the provider wants back with
 * the calls; Gemini may sign a later text part too), or the first after it when none came before.
 */
export class AnswerRecorder implements AnswerWatcher {
  private readonly choices = new Map<number, ChoiceSeen>();

  constructor(private readonly keep: (pairs: ReadonlyArray<[toolCallId: string, envelope: string]>) => Promise<void>) {}

  chunk(chunk: ChatChunk): void {
    for (const choice of chunk.choices) {
      const { reasoningSignature, toolCalls } = choice.delta;
      if (!reasoningSignature && !toolCalls) continue;
      let seen = this.choices.get(choice.index);
      if (!seen) this.choices.set(choice.index, (seen = {}));
      if (reasoningSignature && (seen.firstCallId === undefined || seen.signature === undefined)) seen.signature = reasoningSignature;
      seen.firstCallId ??= toolCalls?.find((call) => call.id)?.id;
    }
  }

  end(response: ChatResponse | undefined): Promise<void> | undefined {
    const pairs: Array<[string, string]> = [];
    if (response) {
      for (const { message } of response.choices) {
        const id = message.toolCalls?.[0]?.id;
        if (id && isReasoningEnvelope(message.reasoningSignature)) pairs.push([id, message.reasoningSignature!]);
      }
    } else {
      for (const seen of this.choices.values()) {
        if (seen.firstCallId && isReasoningEnvelope(seen.signature)) pairs.push([seen.firstCallId, seen.signature!]);
      }
    }
    return pairs.length > 0 ? this.keep(pairs) : undefined;
  }
}
