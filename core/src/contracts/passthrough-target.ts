/**
 * A wire format a client can speak on a passthrough route: the id a passthrough API
 * style declares (`ApiStyleDefinition.passthroughFormat`) and providers list in
 * `capabilities.passthrough` when they speak it natively.
 */
export type PassthroughFormat = string;

/** Where a provider connection takes a passthrough call: URL and the headers it always needs. */
export interface PassthroughTarget {
  url: string;
  /** Always sent, replacing a client's header of the same name. */
  headers: Record<string, string>;
  /** Sent only when the client did not send the header itself (e.g. a default API version header). */
  defaultHeaders?: Record<string, string>;
  /**
   * False when the provider rejects the format's stream-options field (it then reports usage
   * on its own): the relay must not add `include_usage` for its accounting.
   */
  streamOptions?: boolean;
  /**
   * The client's parsed body in the provider's dialect of the format (fields or roles it
   * spells differently or refuses); absent when the provider takes the format as it is.
   * Must not change its argument: the same body may be relayed to another target.
   */
  rewriteBody?(body: Record<string, unknown>): Record<string, unknown>;
  /**
   * The provider's answer brought back to the format, the counterpart of `rewriteBody` (a
   * dialect's content list as the format's string); absent when its answers are the format's own.
   */
  rewriteAnswer?: RelayedAnswerRewrite;
}

/** How a relayed answer in a provider's dialect is rewritten; the relay applies it to whole answers and to each event of a stream. */
export interface RelayedAnswerRewrite {
  /** A cheap look at raw bytes (a whole answer, or one event): false passes them on byte for byte, unparsed. */
  touches(bytes: Buffer): boolean;
  /** A whole answer's parsed JSON; hands back its argument when nothing changes, and never changes it. */
  whole(answer: unknown): unknown;
  /** One streamed event's parsed JSON data, the same way. */
  chunk(event: unknown): unknown;
}
