import { z } from 'zod';
import type { EndpointTarget, RetryPolicy } from '../contracts/endpoint';

/**
 * Defaults for an endpoint's routing. Retries are off by default: the providers'
 * SDKs already retry 429/5xx on their own, and a gateway multiplying those
 * retries adds load exactly when a provider is struggling. Fallbacks and
 * retries are therefore something an operator asks for.
 */
export const ROUTING_DEFAULTS = {
  retry: { attempts: 0, backoff_ms: 200, max_backoff_ms: 5000 },
} as const;

const configInt = () => z.coerce.number<unknown>().int();

/** Shared by the endpoint's single form, its targets and its fallbacks. */
export const catalogModelSchema = z
  .string()
  .min(1)
  .optional()
  .describe(
    "The catalogue model this target's `model` serves, when `model` is not a model name (a cloud deployment's name, a custom serving endpoint): its badges, context window and prices apply, and calls are priced as it. Default: `model`.",
  );

export const targetSchema = z
  .strictObject({
    provider: z.string().min(1).describe('A key of `providers:`, or a provider type used with its defaults.'),
    model: z.string().min(1).describe("The provider's model name (for providers that serve deployments, the deployment name)."),
    catalog_model: catalogModelSchema,
    weight: configInt().min(0).default(1).describe('Relative share of traffic (3 and 1 split 75% / 25%); 0 disables the target.'),
  })
  .describe('One provider and model that serves a share of the endpoint\'s traffic.');

export const fallbackSchema = z
  .strictObject({
    provider: z.string().min(1).describe('A key of `providers:`, or a provider type used with its defaults.'),
    model: z.string().min(1).describe("The provider's model name."),
    catalog_model: catalogModelSchema,
  })
  .describe('A provider and model tried, in list order, after the split\'s pick has failed.');

export const retrySchema = z
  .strictObject({
    attempts: configInt().min(0).max(10).default(ROUTING_DEFAULTS.retry.attempts).describe(
      `Extra tries of the same target after a retryable failure (timeouts, connection errors, 408/429/5xx), before moving to the next target. Default ${ROUTING_DEFAULTS.retry.attempts}.`,
    ),
    backoff_ms: configInt().min(0).default(ROUTING_DEFAULTS.retry.backoff_ms).describe(
      `Base of the full-jitter backoff: retry n waits a random time below backoff_ms * 2^n. A provider's Retry-After wins when it fits in the deadline. Default ${ROUTING_DEFAULTS.retry.backoff_ms}.`,
    ),
    max_backoff_ms: configInt().min(0).default(ROUTING_DEFAULTS.retry.max_backoff_ms).describe(`Cap of one backoff wait. Default ${ROUTING_DEFAULTS.retry.max_backoff_ms}.`),
  })
  .describe('Retries of one target. The whole call, retries and fallbacks included, stays within timeouts.total_ms.');

export type RawTarget = z.output<typeof targetSchema>;
export type RawFallback = z.output<typeof fallbackSchema>;

export function resolveRetry(raw: z.output<typeof retrySchema> | undefined): RetryPolicy {
  const retry = raw ?? ROUTING_DEFAULTS.retry;
  return { attempts: retry.attempts, backoffMs: retry.backoff_ms, maxBackoffMs: retry.max_backoff_ms };
}

/** The endpoint's split targets: its `targets:`, or the single `provider`/`model` with weight 1. */
export function resolveTargets(endpoint: { provider?: string; model?: string; catalog_model?: string; targets?: RawTarget[] }): EndpointTarget[] {
  if (endpoint.targets) return endpoint.targets.map(({ provider, model, catalog_model, weight }) => ({ provider, model, catalogModel: catalog_model ?? model, weight }));
  const model = endpoint.model as string;
  return [{ provider: endpoint.provider as string, model, catalogModel: endpoint.catalog_model ?? model, weight: 1 }];
}

export function resolveFallbacks(fallbacks: RawFallback[] | undefined): EndpointTarget[] {
  return (fallbacks ?? []).map(({ provider, model, catalog_model }) => ({ provider, model, catalogModel: catalog_model ?? model, weight: 0 }));
}

/** The routing fields of a single-provider endpoint with default policies (for endpoints built in code). */
export function singleTargetRouting(
  provider: string,
  model: string,
  catalogModel: string = model,
): { targets: EndpointTarget[]; fallbacks: EndpointTarget[]; retry: RetryPolicy; settings: Record<string, unknown> } {
  return { targets: [{ provider, model, catalogModel, weight: 1 }], fallbacks: [], retry: resolveRetry(undefined), settings: {} };
}
