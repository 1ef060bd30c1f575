import type { ChatChunk, ChatResponse } from '../canonical/chat';
import type { EmbeddingsResponse } from '../canonical/embeddings';
import type { GatewayError } from '../errors/gateway-error';
import type { CallContext } from './call-context';

/** How an API style writes chat results in its clients' format. */
export interface ChatOutput {
  /** The JSON body of a complete answer. */
  response(response: ChatResponse, call: CallContext): unknown;
  /** The SSE text for one stream part, or null to drop it. */
  chunk(chunk: ChatChunk, call: CallContext): string | null;
  /** The SSE text that ends a successful stream. */
  done(call: CallContext): string;
  /** The in-band SSE text that ends a stream which failed after its first byte. */
  streamError(error: GatewayError, call: CallContext): string;
  /** The stream's content type when it is not SSE (a JSON-array stream is application/json). */
  readonly streamContentType?: string;
  /**
   * False when the format has no place for an answer's `reasoningSignature` (Chat Completions),
   * so its clients cannot hand it back on the next turn; absent means they can.
   */
  readonly carriesReasoningSignature?: boolean;
}

/**
 * Watches one chat answer on its way to the client (PipelinePlugin.watchAnswer), for a plugin
 * that keeps part of it for the next turn.
 */
export interface AnswerWatcher {
  /** Each stream part, before it is written. */
  chunk(chunk: ChatChunk): void;
  /**
   * The complete answer, or undefined when a stream ended well: awaited before the client gets
   * the answer (a stream's closing bytes), so a next turn sent at once finds what was kept.
   */
  end(response: ChatResponse | undefined): void | Promise<void>;
}

export interface EmbeddingsOutput {
  response(response: EmbeddingsResponse, call: CallContext): unknown;
}
