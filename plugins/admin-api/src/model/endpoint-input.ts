import { GatewayError, type ConfigSourceHost, type DeclaredEndpoint } from '@model-gateway/core';
import { type ConnectionRegistry } from '@model-gateway/core/internal';
import { invalidField, requireObject } from './input-issues';
import { parseName } from './connection-input';

export interface EndpointInput {
  name: string;
  /** The body as sent (the YAML's fields), stored as is. */
  body: Record<string, unknown>;
}

/**
 * Checks an endpoint body through core (the YAML's endpoint schema with every plugin's
 * section, then its reference checks: each provider exists and serves the endpoint's kind,
 * no target listed twice); then every provider it names must be a live connection, since
 * an endpoint entered here cannot create an implicit one.
 */
export function parseEndpointInput(raw: unknown, host: ConfigSourceHost, connections: ConnectionRegistry, replacing?: string): EndpointInput {
  const body = { ...requireObject(raw) };
  if (replacing !== undefined) {
    if (body.name !== undefined && body.name !== replacing) {
      throw invalidField('name', `the body names "${String(body.name)}" but the path names "${replacing}"; an endpoint cannot be renamed`);
    }
    body.name = replacing;
  }
  const name = parseName(body.name);
  const checked = host.checkEndpoint(body);
  if (!checked.ok) throw new GatewayError('invalid_parameter', checked.message, { param: checked.param });
  for (const { provider, where } of namedProviders(checked.declared)) {
    if (!connections.get(provider)) {
      throw invalidField(where, `"${provider}" is a provider type, not a connection; create a connection of that type first (POST /api/connections) and name it here`);
    }
  }
  return { name, body };
}

function namedProviders(endpoint: DeclaredEndpoint): Array<{ provider: string; where: string }> {
  const out: Array<{ provider: string; where: string }> = [];
  if (endpoint.provider !== undefined) out.push({ provider: endpoint.provider, where: 'provider' });
  endpoint.targets?.forEach((t, i) => out.push({ provider: t.provider, where: `targets[${i}].provider` }));
  endpoint.fallbacks?.forEach((t, i) => out.push({ provider: t.provider, where: `fallbacks[${i}].provider` }));
  return out;
}
