import { z } from 'zod';
import type { Endpoint, EndpointSettingsDefinition } from '@model-gateway/core';

export interface BreakerPolicy {
  enabled: boolean;
  failureThreshold: number;
  cooldownMs: number;
}

export const BREAKER_DEFAULTS = { failure_threshold: 5, cooldown_ms: 30_000 } as const;

/** Numbers in config accept numeric strings, as every config number does (`${VAR}` substitution yields text). */
const configInt = () => z.coerce.number<unknown>().int();

export const breakerSchema = z
  .strictObject({
    enabled: z
      .boolean()
      .optional()
      .describe(
        'Whether targets of this endpoint get a circuit breaker. Default: on when the endpoint has more than one target or fallback (a breaker moves traffic to the others); off for a single target, where it would only turn provider errors into 503s and stop noticing recovery.',
      ),
    failure_threshold: configInt().min(1).default(BREAKER_DEFAULTS.failure_threshold).describe(
      `Consecutive provider-side failures that open a target's breaker. A 401/403 (the gateway's key refused) opens it at once. Default ${BREAKER_DEFAULTS.failure_threshold}.`,
    ),
    cooldown_ms: configInt().min(1).default(BREAKER_DEFAULTS.cooldown_ms).describe(
      `How long an open target gets no traffic, on every replica sharing the state store; then one probe request decides whether it closes. Default ${BREAKER_DEFAULTS.cooldown_ms}.`,
    ),
  })
  .describe('The circuit breaker of each target of this endpoint.');

type RawBreaker = z.output<typeof breakerSchema>;

/** The policy for an endpoint with `raw` as its `breaker:` section (undefined when absent). */
export function resolveBreaker(raw: RawBreaker | undefined, endpoint: Pick<Endpoint, 'targets' | 'fallbacks'>): BreakerPolicy {
  const candidates = endpoint.targets.filter((t) => t.weight > 0).length + endpoint.fallbacks.length;
  const breaker = raw ?? BREAKER_DEFAULTS;
  return { enabled: raw?.enabled ?? candidates > 1, failureThreshold: breaker.failure_threshold, cooldownMs: breaker.cooldown_ms };
}

/** The endpoint's `breaker:` section, owned by this plugin. */
export const breakerSettings: EndpointSettingsDefinition<RawBreaker, BreakerPolicy> = {
  field: 'breaker',
  schema: breakerSchema,
  resolve: resolveBreaker,
};

const derived = new WeakMap<Endpoint, BreakerPolicy>();

/** The endpoint's policy: resolved at load, or derived once (and kept) for an endpoint built in code without settings. */
export function breakerPolicyOf(endpoint: Endpoint): BreakerPolicy {
  const resolved = endpoint.settings?.breaker as BreakerPolicy | undefined;
  if (resolved) return resolved;
  let policy = derived.get(endpoint);
  if (!policy) derived.set(endpoint, (policy = resolveBreaker(undefined, endpoint)));
  return policy;
}
