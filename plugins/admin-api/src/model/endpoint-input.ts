import { type Endpoint, type PluginCatalog } from '@model-gateway/core';
import { buildEndpointSchema, checkConfigReferences, resolveEndpoint, type ConnectionRegistry, type RawEndpoint } from '@model-gateway/core/internal';
import { invalidBody, invalidField, requireObject } from './input-issues';
import { parseName } from './connection-input';

export interface EndpointInput {
  name: string;
  /** The body as sent (the YAML's fields), stored as is. */
  body: Record<string, unknown>;
  endpoint: Endpoint;
}

/**
 * Validates an endpoint body with the YAML's endpoint schema (core's fields and every
 * plugin's section) and the YAML's reference checks (each provider exists and serves the
 * endpoint's kind, no target listed twice); every provider it names must be a live
 * connection.
 */
export function parseEndpointInput(raw: unknown, plugins: PluginCatalog, connections: ConnectionRegistry, replacing?: string): EndpointInput {
  const body = { ...requireObject(raw) };
  if (replacing !== undefined) {
    if (body.name !== undefined && body.name !== replacing) {
      throw invalidField('name', `the body names "${String(body.name)}" but the path names "${replacing}"; an endpoint cannot be renamed`);
    }
    body.name = replacing;
  }
  const name = parseName(body.name);
  const parsed = buildEndpointSchema(plugins.endpointSettings).safeParse(body, { reportInput: true });
  if (!parsed.success) throw invalidBody(parsed.error.issues);
  const endpoint = parsed.data;

  const providers: Record<string, { type: string }> = {};
  for (const connection of connections.names()) {
    const live = connections.get(connection);
    if (live) providers[connection] = { type: live.definition.type };
  }
  const problems = checkConfigReferences({ providers, endpoints: [endpoint], models: {} } as never, plugins.providers).map((p) => p.replace(/^endpoints\[0\]\.?/, ''));
  if (problems.length > 0) {
    const param = problems[0].slice(0, problems[0].indexOf(': ')) || undefined;
    throw invalidField(param ?? 'provider', problems.map((p) => p.slice(p.indexOf(': ') + 2)).join('; '));
  }
  for (const { provider, where } of namedProviders(endpoint)) {
    if (!connections.get(provider)) {
      throw invalidField(where, `"${provider}" is a provider type, not a connection; create a connection of that type first (POST /api/connections) and name it here`);
    }
  }
  return { name, body, endpoint: resolveEndpoint(endpoint as RawEndpoint, plugins, 'api') };
}

/** Re-validates a stored endpoint body (the schema may have changed since it was written). */
export function storedEndpoint(body: Record<string, unknown>, plugins: PluginCatalog): Endpoint {
  const parsed = buildEndpointSchema(plugins.endpointSettings).safeParse(body);
  if (!parsed.success) throw invalidBody(parsed.error.issues);
  return resolveEndpoint(parsed.data as RawEndpoint, plugins, 'api');
}

function namedProviders(endpoint: RawEndpoint): Array<{ provider: string; where: string }> {
  const out: Array<{ provider: string; where: string }> = [];
  if (endpoint.provider !== undefined) out.push({ provider: endpoint.provider, where: 'provider' });
  endpoint.targets?.forEach((t, i) => out.push({ provider: t.provider, where: `targets[${i}].provider` }));
  endpoint.fallbacks?.forEach((t, i) => out.push({ provider: t.provider, where: `fallbacks[${i}].provider` }));
  return out;
}
