import type { z } from 'zod';

/** What a section's check may look at beyond its own value. */
export interface ConfigSectionContext {
  /** The provider types the loaded plugins registered. */
  readonly providerTypes: ReadonlySet<string>;
}

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
  /**
   * Checks that need more than the section (names the loaded plugins registered), run once
   * the whole file validates; one line per problem, each starting with its YAML path.
   */
  check?(value: Output, context: ConfigSectionContext): string[];
}
