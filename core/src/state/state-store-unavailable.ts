import { GatewayError } from '../errors';

/** Redis replies that mean "not now" (loading, busy with a script, failing over) rather than a wrong command. */
const TRANSIENT_REPLY = /^(LOADING|BUSY|MASTERDOWN|TRYAGAIN|CLUSTERDOWN|READONLY)\b/;

/**
 * Whether a failed shared-store call means the store is unavailable: a timeout (a frozen
 * or overloaded server), a connection that is down (no offline queue), or a transient
 * reply. Redis's other error replies name a wrong command: those are bugs, not outages.
 */
export function isStoreUnavailable(error: unknown): boolean {
  if (!(error instanceof Error) || error instanceof GatewayError) return false;
  if (error.name === 'ReplyError') return TRANSIENT_REPLY.test(error.message);
  return true;
}

/**
 * The 503 a read of the shared store answers while it is unavailable, instead of a 500
 * that reads like a gateway bug; the client's cue is to retry in a moment.
 */
export function stateStoreUnavailable(error: unknown): GatewayError {
  return new GatewayError(
    'state_store_unavailable',
    `The shared state store (Redis) is unavailable (${(error as Error).message}); what it holds cannot be read now. Retry in a moment.`,
    { retryAfterMs: 1000, cause: error },
  );
}
