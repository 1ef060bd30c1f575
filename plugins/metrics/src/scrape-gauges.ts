import type { Endpoint, StateStore } from '@model-gateway/core';
import { breakerPolicyOf, readBreakerStates } from '@model-gateway/circuit-breaker';
import type { GatewayMetrics } from './gateway-metrics';
import { BREAKER_GAUGE_VALUE } from './metric-labels';

/** A scrape waits this long for the store's ping before it reports the store down. */
const PING_TIMEOUT_MS = 2000;

/**
 * Fills the gauges that are read from shared state rather than counted on the request path:
 * each configured target's breaker (endpoints with a breaker only) and the state store's
 * reachability. Run once per scrape; the breaker gauge is rebuilt so a deleted endpoint's
 * series go away.
 */
export async function refreshScrapeGauges(metrics: GatewayMetrics, store: StateStore, endpoints: readonly Endpoint[]): Promise<void> {
  const up = await pingWithin(store, PING_TIMEOUT_MS);
  metrics.stateStoreUp.reset();
  metrics.stateStoreUp.labels({ store: store.kind }).set(up ? 1 : 0);
  const targets: Array<{ endpoint: string; target: string }> = [];
  for (const endpoint of endpoints) {
    if (!breakerPolicyOf(endpoint).enabled) continue;
    const seen = new Set<string>();
    for (const t of [...endpoint.targets, ...endpoint.fallbacks]) {
      const target = `${t.provider}/${t.model}`;
      if (!seen.has(target)) targets.push({ endpoint: endpoint.name, target });
      seen.add(target);
    }
  }
  metrics.breakerState.reset();
  // An unreachable store has no breaker state to show: the series are left out rather than guessed.
  if (!up) return;
  const states = await readBreakerStates(store, targets).catch(() => undefined);
  if (!states) return;
  targets.forEach((t, i) => metrics.breakerState.labels(t).set(BREAKER_GAUGE_VALUE[states[i]]));
}

async function pingWithin(store: StateStore, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([store.ping().then(() => true, () => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
