import type { ProviderDefinition } from '@model-gateway/core';

/** The fields of a connection that hold credentials: `api_key` and the type's secret options. */
export function credentialFields(definition: ProviderDefinition): string[] {
  return ['api_key', ...(definition.secretOptions ?? [])];
}

/**
 * Fields whose value is a URL the gateway will call: `base_url`, and any option whose name
 * says it is a URL or an endpoint (a provider's own resource URL field).
 */
export function isUrlField(field: string): boolean {
  return field === 'base_url' || /(_url|_uri|endpoint)$/.test(field);
}
