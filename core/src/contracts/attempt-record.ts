import type { Usage } from '../canonical/usage';
import type { EndpointKind } from './endpoint';

/**
 * What a failed attempt means for the rest of the call (classified in one place,
 * routing/failure-class.ts; docs/routing.md has the table in prose).
 * - `retry`: the same target may answer next time (transport errors, timeouts,
 *   408/409/429/5xx/529); retried with backoff, then the next target.
 * - `cooldown`: the provider refused the gateway's own key (401/403): no retry,
 *   the target's breaker opens at once, the next target is tried.
 * - `next`: this target cannot serve the call (no key configured, a route or
 *   parameter its provider lacks, a 5xx such as 501 that retrying will not
 *   change); another target might.
 * - `fatal`: the client's request is at fault (400, 404, 413, 422, context
 *   length) or the client left: one attempt, no fallback, the error goes back.
 */
export type FailureClass = 'retry' | 'cooldown' | 'next' | 'fatal';

/** One upstream attempt, as usage accounting and logs see it. */
export interface AttemptRecord {
  requestId: string;
  endpoint: string;
  kind: EndpointKind;
  apiStyle: string;
  /** Who sent the call (CallContext.caller): `app` unless the request named a caller. */
  caller: string;
  /** The id of the principal the call was authenticated as (CallContext.principal), when one was. */
  principal?: string;
  /** Connection name and provider type. */
  provider: string;
  providerType: string;
  /** The model sent upstream (for some providers a deployment's name). */
  model: string;
  /** The catalogue model the attempt is priced as: `model` unless the endpoint's target names another. */
  catalogModel: string;
  /** 0 for the first attempt of a request. */
  attempt: number;
  stream: boolean;
  /** HTTP status this attempt ended with (499 when the client left). */
  status: number;
  /** The GatewayError's code: core's (ErrorCode) or a plugin's. */
  errorCode?: string;
  /**
   * The GatewayError's message as the client read it, with the connection's secrets scrubbed
   * (absent on success): what an operator needs to see why an endpoint fails.
   */
  errorMessage?: string;
  /** How the failure was classified (absent on success): the breaker counts `retry` and `cooldown`. */
  failure?: FailureClass;
  usage?: Usage;
  /** Epoch milliseconds. */
  startedAt: number;
  latencyMs: number;
  /** Until the provider's response headers (streams: until the first chunk). */
  ttfbMs?: number;
}
