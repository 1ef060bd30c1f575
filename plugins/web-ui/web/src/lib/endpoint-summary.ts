import type { EndpointListing } from '../api/types';

/** "openai / gpt-4o-mini", or "split: 3 targets"; undefined when the list came without routing (no admin API). */
export function routingSummary(endpoint: EndpointListing): string | undefined {
  if (endpoint.targets && endpoint.targets.length > 1) return `split: ${endpoint.targets.length} targets`;
  const target = endpoint.targets?.[0] ?? (endpoint.provider ? { provider: endpoint.provider, model: endpoint.model } : undefined);
  return target ? `${target.provider} / ${target.model}` : undefined;
}

/** Where an endpoint is defined, as the list shows it. */
export function sourceLabel(endpoint: EndpointListing): string {
  return endpoint.source === 'config' ? 'Config file' : 'UI / API';
}

export function isReadOnly(endpoint: EndpointListing): boolean {
  return endpoint.source === 'config';
}

/** The connections an endpoint routes to: split targets, then fallbacks, each once. */
export function connectionsOf(endpoint: EndpointListing): string[] {
  const names = [...(endpoint.targets ?? (endpoint.provider ? [{ provider: endpoint.provider }] : [])), ...(endpoint.fallbacks ?? [])].map((t) => t.provider);
  return [...new Set(names)];
}
