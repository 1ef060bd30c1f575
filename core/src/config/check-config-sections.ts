import type { ConfigSectionDefinition } from '../contracts/config-section';
import type { ProviderDefinition } from '../contracts/provider-definition';

/** Runs the checks plugin-owned sections declare, over the validated file. */
export function checkConfigSections(
  raw: Readonly<Record<string, unknown>>,
  sections: ReadonlyMap<string, ConfigSectionDefinition>,
  providerTypes: ReadonlyMap<string, ProviderDefinition>,
): string[] {
  const context = { providerTypes: new Set(providerTypes.keys()) };
  const problems: string[] = [];
  for (const [field, definition] of sections) if (definition.check) problems.push(...definition.check(raw[field], context));
  return problems;
}
