import type { IncomingMessage } from 'node:http';
import type { ChatChunk, ChatResponse } from '../canonical/chat';
import type { EmbeddingsResponse } from '../canonical/embeddings';
import type { PassthroughTarget } from '../contracts/passthrough-target';
import type { LocalAnswer, TranslatedCall, TranslatedChat } from '../contracts/relay-input';

/** A chat stream whose first part arrived inside the attempt, so a failure before it could still fall back. */
export interface StartedStream {
  type: 'stream';
  iterator: AsyncIterator<ChatChunk>;
  first: IteratorResult<ChatChunk>;
}

/** What a chat attempt hands the answer writer: a whole response (the provider's own object) or a started stream. */
export type ChatAttemptResult = { type: 'response'; response: ChatResponse } | StartedStream;

/** A passthrough attempt whose target speaks the route's format: its upstream answer, still unread. */
export interface RelayedResult {
  type: 'relayed';
  target: PassthroughTarget;
  response: IncomingMessage;
}

/** A passthrough attempt answered through the route's foreign format: the body already in the route's format. */
export interface ForeignResult {
  type: 'foreign';
  body: unknown;
}

/** A passthrough call the translation answered itself, with no upstream call. */
export interface LocalResult {
  type: 'local';
  answer: LocalAnswer;
}

/**
 * A passthrough attempt translated through the canonical chat model. It carries its translation
 * so the writer reaches the right output without a cast.
 */
export interface TranslatedChatResult {
  type: 'translated-chat';
  translation: TranslatedChat;
  answer: ChatAttemptResult;
  /** What the answering target could not honour (x-gateway-dropped-fields), named in the route's terms. */
  targetHeaders: Record<string, string> | undefined;
}

/** A passthrough attempt translated through the canonical embeddings model. */
export interface TranslatedEmbeddingsResult {
  type: 'translated-embeddings';
  translation: Extract<TranslatedCall, { kind: 'embeddings' }>;
  response: EmbeddingsResponse;
}

/** Every way a passthrough attempt can end well; `type` tells the writer which. */
export type RelayAttemptResult = RelayedResult | ForeignResult | LocalResult | TranslatedChatResult | TranslatedEmbeddingsResult;
