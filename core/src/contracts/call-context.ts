import type { IncomingHttpHeaders } from 'node:http';
import type { ChatRequest } from '../canonical/chat';
import type { EmbeddingsRequest } from '../canonical/embeddings';
import type { AttemptRecord } from './attempt-record';
import type { Cancellation } from './cancellation';
import type { Endpoint, EndpointKind, Timeouts } from './endpoint';
import type { Principal } from './principal';
import type { ProviderConnection, ProviderDefinition } from './provider-definition';

/** The caller a call is counted under when it names none (usage records, `/api/usage`). */
export const DEFAULT_CALLER = 'app';

/** A provider and model that may serve a call. */
export interface Target {
  /** `connection/model`: how headers, errors and routing state name the target. */
  key: string;
  connectionName: string;
  connection: ProviderConnection;
  definition: ProviderDefinition;
  /** Sent upstream (for some providers a deployment's name). */
  model: string;
  /** What to ask the model catalogue about (capabilities, limits, prices): `model` unless the endpoint names another. */
  catalogModel: string;
  timeouts: Timeouts;
  /** A share of the traffic split, or a fallback tried after the split's pick. */
  role: 'split' | 'fallback';
  /** Relative share within the split (0 for fallbacks). */
  weight: number;
}

/** One client request as it moves through the pipeline, as pipeline plugins see it. */
export interface CallContext {
  readonly requestId: string;
  /** The API style that decoded the request. */
  readonly apiStyle: string;
  readonly kind: EndpointKind;
  /** The endpoint the client named. */
  readonly endpointName: string;
  /** Epoch milliseconds. */
  readonly startedAt: number;
  /**
   * Who sent the call, as a short label (`judge`, `app`, ...), recorded on its usage records;
   * `DEFAULT_CALLER` unless an onRequest plugin sets it from the request.
   */
  caller: string;
  /** Who the call was authenticated as, when an onRequest plugin checked a credential; its id goes on usage records. */
  principal: Principal | undefined;
  /** Set by the resolve phase. */
  endpoint?: Endpoint;
  /**
   * Candidates in the order they should be tried; set by the resolve phase. Read-only:
   * a plugin that narrows or reorders it assigns a new array (the first one is shared by every call to the endpoint).
   */
  targets: readonly Target[];
  /** The attempts so far, in order. */
  readonly attempts: readonly AttemptRecord[];
  /** The canonical request; for a relayed passthrough call an empty placeholder, replaced when the body is translated. */
  request: ChatRequest | EmbeddingsRequest;
  readonly headers: IncomingHttpHeaders;
  /** The request's path and query as received (a credential may travel in the query, `?key=`). */
  readonly url: string;
  /** Cancelled when the client disconnects. */
  readonly cancellation: Cancellation;
  /** An AbortSignal for the client's disconnect, for APIs that need one (made on first use). */
  readonly signal: AbortSignal;
  /** Milliseconds left of the endpoint's total deadline, which bounds retries and fallbacks together. */
  remainingMs(): number;
  /** Per-request scratch space for plugins; key by a symbol you own. */
  readonly locals: Map<symbol, unknown>;
  /** Reads the scratch space without making it, for hooks that run on every call. */
  local(key: symbol): unknown;
}
