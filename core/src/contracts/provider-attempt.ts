import type { Cancellation } from './cancellation';
import type { Timeouts } from './endpoint';
import type { UpstreamRequest, UpstreamResponse } from './upstream-request';

/**
 * One try of one target, as a provider connection sees it. `send` is the only way
 * to the network: it runs credential injection and applies the endpoint's timeouts,
 * so no provider can skip either. (The pipeline's fuller view is AttemptContext.)
 */
export interface ProviderAttempt {
  /** The model this try asks for (the target's). */
  readonly model: string;
  /** The connection's name, for error messages. */
  readonly connectionName: string;
  readonly timeouts: Timeouts;
  /** Cancelled when the client leaves or the total timeout expires. */
  readonly cancellation: Cancellation;
  /** `cancellation` as an AbortSignal, for APIs that need one (made on first use). */
  readonly signal: AbortSignal;
  send(request: UpstreamRequest): Promise<UpstreamResponse>;
  /**
   * Counts a wait as upstream time in the Server-Timing header. `send` does this
   * itself; a connection that reaches its provider another way wraps the wait for the provider's head.
   */
  timeUpstream<T>(wait: Promise<T>): Promise<T>;
  /** Adds the time since `sinceHr` (`performance.now()`) to the call's upstream time. */
  countUpstream(sinceHr: number): void;
  /** Removes every secret of this connection from provider text that is about to be relayed. */
  scrub(text: string): string;
  /** Marks the provider's first byte (for time to first byte), for connections that do not use `send`. */
  markFirstByte(): void;
  /**
   * Reports a request field (by its canonical name, `topK`) left out because this target cannot
   * honour it: a hint, not a refusal. The route names it in `x-gateway-dropped-fields`.
   */
  dropField(field: string): void;
}
