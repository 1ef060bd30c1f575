import type { StateStore } from '../contracts/state-store';

/** What /ready answers: its status code and JSON body. */
export interface Readiness {
  status: number;
  body: Record<string, unknown>;
}

/** How long /ready waits for the shared store's PING before calling it unreachable. */
const PING_WITHIN_MS = 1000;

/**
 * /ready's answer. A draining replica (a stop signal arrived) answers 503 at once, so a load
 * balancer or orchestrator stops sending it work while it still serves; its store is not asked.
 * An unreachable shared store does not stop a replica: routing runs on local state and counters
 * are buffered, so it stays in rotation and says it is degraded.
 */
export async function readiness(store: Pick<StateStore, 'kind' | 'ping'>, draining: boolean, pingWithinMs = PING_WITHIN_MS): Promise<Readiness> {
  if (draining) {
    return { status: 503, body: { status: 'draining', message: 'This replica received a stop signal: it finishes what it is serving and closes; send new requests to another replica.' } };
  }
  const state = await pingWithin(store, pingWithinMs);
  return { status: 200, body: { status: state === 'ok' ? 'ready' : 'degraded', checks: { config: 'ok', state, state_kind: store.kind } } };
}

async function pingWithin(store: Pick<StateStore, 'ping'>, ms: number): Promise<'ok' | 'unreachable'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'unreachable'>((resolve) => (timer = setTimeout(() => resolve('unreachable'), ms)));
  try {
    return await Promise.race([store.ping().then(() => 'ok' as const, () => 'unreachable' as const), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
