import type { z } from 'zod';
import type { Endpoint } from './endpoint';

/**
 * A section of an endpoint's config that a plugin owns (the circuit breaker's
 * `breaker:`): core adds the field to the endpoint schema, so the YAML, the JSON
 * Schema and any API that validates endpoints accept it, and stores what
 * `resolve` returns in `endpoint.settings[field]` once per load, not per request.
 */
export interface EndpointSettingsDefinition<Raw = any, Resolved = unknown> {
  /** The key in an endpoint's YAML; must not clash with core's fields or another plugin's. */
  field: string;
  /** Validates the section; every field `.describe()`d. Optional at the endpoint level. */
  schema: z.ZodType<Raw>;
  /** The resolved value for an endpoint whose section is `raw` (undefined when absent). */
  resolve(raw: Raw | undefined, endpoint: Omit<Endpoint, 'settings'>): Resolved;
}
