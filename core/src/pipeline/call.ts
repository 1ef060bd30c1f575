import type { IncomingHttpHeaders } from 'node:http';
import type { ChatRequest } from '../canonical/chat';
import type { EmbeddingsRequest } from '../canonical/embeddings';
import { DEFAULT_CALLER, type CallContext, type Target } from '../contracts/call-context';
import type { Endpoint, EndpointKind } from '../contracts/endpoint';
import type { AttemptRecord } from '../contracts/attempt-record';
import type { Cancellation } from '../contracts/cancellation';
import type { Principal } from '../contracts/principal';

/** One client request as it moves through the pipeline: the runtime's CallContext. */
export class Call implements CallContext {
  readonly startedAt = Date.now();
  private readonly startedHr = performance.now();
  caller: string = DEFAULT_CALLER;
  principal: Principal | undefined = undefined;
  /** The request's path and query as received; set by the runtime when it opens the call. */
  url = '';
  endpoint?: Endpoint;
  /**
   * Candidates in the order they should be tried; set by the resolve phase. Read-only:
   * a plugin that narrows or reorders it assigns a new array (the first one is shared by every call to the endpoint).
   */
  targets: readonly Target[] = [];
  readonly attempts: AttemptRecord[] = [];
  /** Milliseconds spent waiting on providers, over every attempt: for Server-Timing. */
  upstreamMs = 0;
  /** Milliseconds spent in retry backoff between attempts: for Server-Timing. */
  retryWaitMs = 0;
  private scratch?: Map<symbol, unknown>;

  constructor(
    readonly requestId: string,
    readonly apiStyle: string,
    readonly kind: EndpointKind,
    readonly endpointName: string,
    /** The canonical request; for a relayed passthrough call an empty placeholder, replaced when the body is translated. */
    public request: ChatRequest | EmbeddingsRequest,
    readonly headers: IncomingHttpHeaders,
    /** Cancelled when the client disconnects. */
    readonly cancellation: Cancellation,
    /** When the request's head was read (`performance.now()`); defaults to now. */
    readonly receivedHr: number = performance.now(),
  ) {}

  /** An AbortSignal for the client's disconnect, for APIs that need one (made on first use). */
  get signal(): AbortSignal {
    return this.cancellation.signal;
  }

  /** Milliseconds left of the endpoint's total deadline, which bounds retries and fallbacks together. */
  remainingMs(): number {
    const total = this.endpoint?.timeouts.totalMs ?? Infinity;
    return total - (performance.now() - this.startedHr);
  }

  /** Per-request scratch space for plugins; key by a symbol you own. Made on first use: most requests never need it. */
  get locals(): Map<symbol, unknown> {
    return (this.scratch ??= new Map());
  }

  /** Reads the scratch space without making it, for hooks that run on every call. */
  local(key: symbol): unknown {
    return this.scratch?.get(key);
  }
}
