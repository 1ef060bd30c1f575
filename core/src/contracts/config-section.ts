import type { z } from 'zod';

/**
 * A top-level section of gateway.config.yaml that a plugin owns (`admin:`, say): core adds
 * it to the config schema, so the YAML, the JSON Schema and the reference document it,
 * and keeps the validated value in `GatewayConfig.sections[field]`.
 */
export interface ConfigSectionDefinition<Output = unknown> {
  /** The key at the root of the YAML; must not clash with core's sections or another plugin's. */
  field: string;
  /** Validates the section, every field `.describe()`d; give it defaults (`.prefault({})`) so an absent section parses. */
  schema: z.ZodType<Output>;
}
