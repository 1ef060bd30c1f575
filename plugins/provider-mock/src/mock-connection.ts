import { randomUUID } from 'node:crypto';
import {
  abortableSleep, extensibleCopy, GatewayError, upstreamStatusError,
  type ProviderAttempt, type Cancellation, type ChatChunk, type ChatRequest, type ChatResult, type ConnectionSettings,
  type EmbeddingsRequest, type EmbeddingsResponse, type ProviderConnection,
} from '@model-gateway/core';
import { mockBehaviour, type MockBehaviour, type MockOptions } from './mock-options';
import { chatUsage, countTokens, embedText, forcedToolCall, replyText, splitReply } from './mock-replies';

/** Answers in-process, but goes through the same attempt machinery (timeouts, aborts, records) as a real provider. */
export class MockConnection implements ProviderConnection {
  constructor(readonly settings: ConnectionSettings<MockOptions>) {}

  async chat(request: ChatRequest, attempt: ProviderAttempt): Promise<ChatResult> {
    const behaviour = this.behaviour(request.extra);
    await attempt.timeUpstream(abortableSleep(behaviour.latency_ms, attempt.cancellation));
    this.failIfAsked(behaviour);
    attempt.markFirstByte();
    const text = replyText(request, behaviour.reply);
    const toolCall = forcedToolCall(request, text);
    const base = { id: `chatcmpl-mock-${randomUUID()}`, created: Math.floor(Date.now() / 1000), model: attempt.model };
    const usage = chatUsage(request, toolCall ? toolCall.arguments : text);
    if (!request.stream) {
      return {
        type: 'response',
        response: extensibleCopy(base, {
          choices: [{
            index: 0,
            message: toolCall ? { role: 'assistant' as const, content: null, toolCalls: [toolCall] } : { role: 'assistant' as const, content: text },
            finishReason: toolCall ? ('tool_calls' as const) : ('stop' as const),
          }],
          usage,
        }),
      };
    }
    return { type: 'stream', chunks: this.chunks(base, text, toolCall, usage, behaviour, attempt.cancellation) };
  }

  async embeddings(request: EmbeddingsRequest, attempt: ProviderAttempt): Promise<EmbeddingsResponse> {
    const behaviour = this.behaviour(request.extra);
    await attempt.timeUpstream(abortableSleep(behaviour.latency_ms, attempt.cancellation));
    this.failIfAsked(behaviour);
    attempt.markFirstByte();
    const inputs = embeddingInputs(request.input);
    const dimensions = request.dimensions ?? behaviour.embedding_dimensions;
    const tokens = inputs.reduce((sum, text) => sum + countTokens(text), 0);
    return {
      model: attempt.model,
      data: inputs.map((text, index) => ({ index, embedding: embedText(text, dimensions) })),
      usage: { inputTokens: tokens, outputTokens: 0, totalTokens: tokens },
    };
  }

  private async *chunks(
    base: Pick<ChatChunk, 'id' | 'created' | 'model'>,
    text: string,
    toolCall: ReturnType<typeof forcedToolCall>,
    usage: ChatChunk['usage'],
    behaviour: MockBehaviour,
    cancellation: Cancellation,
  ): AsyncGenerator<ChatChunk> {
    const chunk = (choices: ChatChunk['choices']): ChatChunk => extensibleCopy(base, { choices });
    yield chunk([{ index: 0, delta: { role: 'assistant', content: '' }, finishReason: null }]);
    if (toolCall) {
      yield chunk([{ index: 0, delta: { toolCalls: [{ index: 0, id: toolCall.id, name: toolCall.name, argumentsDelta: '' }] }, finishReason: null }]);
      for (const piece of splitReply(toolCall.arguments, behaviour.stream_chunks)) {
        await abortableSleep(behaviour.chunk_interval_ms, cancellation);
        yield chunk([{ index: 0, delta: { toolCalls: [{ index: 0, argumentsDelta: piece }] }, finishReason: null }]);
      }
    } else {
      for (const piece of splitReply(text, behaviour.stream_chunks)) {
        await abortableSleep(behaviour.chunk_interval_ms, cancellation);
        yield chunk([{ index: 0, delta: { content: piece }, finishReason: null }]);
      }
    }
    yield chunk([{ index: 0, delta: {}, finishReason: toolCall ? 'tool_calls' : 'stop' }]);
    yield extensibleCopy(base, { choices: [], usage });
  }

  private behaviour(extra: Record<string, unknown>): MockBehaviour {
    try {
      return mockBehaviour(this.settings.options, extra);
    } catch (error) {
      throw new GatewayError('invalid_parameter', (error as Error).message, { param: 'mock' });
    }
  }

  private failIfAsked(behaviour: MockBehaviour): void {
    if (behaviour.fail_status === undefined) return;
    throw upstreamStatusError(this.settings.name, behaviour.fail_status, { message: `mock provider failure (HTTP ${behaviour.fail_status})`, type: 'mock_error' });
  }
}

/** One text per input, as OpenAI counts them: a flat array of numbers is one token-id input, not one input per token. */
function embeddingInputs(input: EmbeddingsRequest['input']): string[] {
  if (typeof input === 'string') return [input];
  const items = input as unknown[];
  if (items.every((v) => typeof v === 'number')) return [items.join(' ')];
  return items.map((v) => (Array.isArray(v) ? v.join(' ') : String(v)));
}
