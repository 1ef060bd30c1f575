import { Secret } from '../secrets/secret';
import type { PluginRegistry } from '../plugins/plugin-registry';
import { keyRequired, type ConnectionSettings, type ProviderDefinition } from '../contracts/provider-definition';
import { DEFAULT_TIMEOUTS, type RawEndpoint, type RawGatewayConfig, type TimeoutsConfig } from './config-schema';
import type { Endpoint, Timeouts } from '../contracts/endpoint';
import type { EndpointSettingsDefinition } from '../contracts/endpoint-settings';
import type { GatewayConfig } from './gateway-config';
import { resolveFallbacks, resolveRetry, resolveTargets } from './routing-config';
import { resolveState } from './state-config';

interface ResolveContext {
  registry: PluginRegistry;
  env: NodeJS.ProcessEnv;
  unset: Array<{ path: string; variable: string }>;
  sources: Map<string, string>;
  file?: string;
}

/** Turns the validated YAML into the runtime shape: implicit connections, secrets wrapped, defaults applied. */
export function resolveConfig(raw: RawGatewayConfig, context: ResolveContext): GatewayConfig {
  const warnings = context.unset.map(
    ({ path, variable }) => `${path}: environment variable ${variable} is not set; using an empty value`,
  );
  const connections: ConnectionSettings[] = Object.entries(raw.providers).map(([name, entry]) => {
    const definition = context.registry.providers.get(entry.type) as ProviderDefinition;
    return resolveConnectionSettings(name, entry, definition, context.sources.get(`providers.${name}.api_key`));
  });

  for (const connection of connections) {
    const definition = context.registry.providers.get(connection.type) as ProviderDefinition;
    if (!connection.apiKey && keyRequired(definition, connection)) {
      warnings.push(`providers.${connection.name}: no api_key; calls to its endpoints answer 503 until one is set`);
    }
  }

  for (const { endpoint, provider } of referencedProviders(raw.endpoints)) {
    if (provider in raw.providers || connections.some((c) => c.name === provider)) continue;
    // An implicit connection: the type's defaults and its conventional key variable.
    // Only here is a key read from a conventional variable, so a named local server
    // (a local server of a cloud provider's type) can never receive the cloud key by accident.
    const definition = context.registry.providers.get(provider) as ProviderDefinition;
    const key = definition.apiKeyEnv ? context.env[definition.apiKeyEnv] : undefined;
    if (definition.requiresApiKey && !key && definition.apiKeyEnv) {
      warnings.push(`endpoints "${endpoint}": ${definition.apiKeyEnv} is not set; calls answer 503 until it is`);
    }
    const fromEnv: Record<string, string> = {};
    for (const [field, variable] of Object.entries(definition.optionsEnv ?? {})) {
      const value = context.env[variable];
      if (value) fromEnv[field] = value;
    }
    connections.push({
      name: provider,
      type: provider,
      baseUrl: trimSlash(definition.defaultBaseUrl),
      apiKey: asSecret(key),
      apiKeySource: definition.apiKeyEnv,
      headers: {},
      options: wrapSecretOptions(implicitOptions(definition, fromEnv, warnings, endpoint), definition),
      implicit: true,
    });
  }

  const endpoints = raw.endpoints.map((e) => resolveEndpoint(e, context.registry, 'config'));

  return {
    file: context.file,
    server: {
      host: raw.server.host,
      port: raw.server.port,
      bodyLimit: raw.server.body_limit,
      upstreamBodyLimit: raw.server.upstream_body_limit,
      headersTimeoutMs: raw.server.headers_timeout_ms,
      requestTimeoutMs: raw.server.request_timeout_ms,
      shutdownGraceMs: raw.server.shutdown_grace_ms,
      shutdownDelayMs: raw.server.shutdown_delay_ms,
      publicUrl: raw.server.public_url.replace(/\/+$/, ''),
      allowedOrigins: raw.server.cors.allowed_origins,
      allowedHosts: raw.server.allowed_hosts,
    },
    state: resolveState(raw.state),
    logging: { level: raw.logging.level },
    plugins: raw.plugins,
    connections,
    endpoints,
    sections: pluginSections(raw, context.registry),
    warnings,
  };
}

/**
 * One validated `providers:` entry (or an API's connection body, validated by the same
 * schema) as a connection's settings: base URL defaulted, credentials wrapped in Secret.
 */
export function resolveConnectionSettings(
  name: string,
  entry: { type: string } & Record<string, unknown>,
  definition: ProviderDefinition,
  apiKeySource?: string,
): ConnectionSettings {
  const { type, base_url, api_key, headers, ...options } = entry;
  return {
    name,
    type,
    baseUrl: trimSlash((base_url as string | undefined) ?? definition.defaultBaseUrl),
    apiKey: asSecret(api_key),
    apiKeySource,
    headers: (headers as Record<string, string> | undefined) ?? {},
    options: wrapSecretOptions(options, definition),
  };
}

function pluginSections(raw: RawGatewayConfig, registry: PluginRegistry): Record<string, unknown> {
  const sections: Record<string, unknown> = {};
  for (const field of registry.configSections.keys()) sections[field] = (raw as Record<string, unknown>)[field];
  return sections;
}

/** An endpoint entry as the registry holds it: defaults applied, plugin sections resolved by their plugins. */
export function resolveEndpoint(e: RawEndpoint, registry: { readonly endpointSettings: ReadonlyMap<string, EndpointSettingsDefinition> }, source: Endpoint['source']): Endpoint {
  const targets = resolveTargets(e);
  const base = {
    name: e.name,
    kind: e.kind,
    provider: targets[0].provider,
    model: targets[0].model,
    targets,
    fallbacks: resolveFallbacks(e.fallbacks),
    retry: resolveRetry(e.retry),
    timeouts: resolveTimeouts(e.timeouts ?? e.timeout),
    source,
  };
  const settings: Record<string, unknown> = {};
  for (const [field, definition] of registry.endpointSettings) settings[field] = definition.resolve(e[field], base);
  return { ...base, settings };
}

/** An implicit connection's options: the type's defaults plus its conventional variables, which must be valid values. */
function implicitOptions(definition: ProviderDefinition, fromEnv: Record<string, string>, warnings: string[], endpoint: string): Record<string, unknown> {
  if (!definition.optionsSchema) return fromEnv;
  const parsed = definition.optionsSchema.safeParse(fromEnv);
  if (parsed.success) return parsed.data;
  const variables = Object.keys(fromEnv).map((field) => definition.optionsEnv?.[field]).join(', ');
  warnings.push(`endpoints "${endpoint}": ignoring ${variables} (not valid for provider type "${definition.type}")`);
  return definition.optionsSchema.parse({});
}

/** Every provider an endpoint names (single, split targets, fallbacks), each once per endpoint. */
export function referencedProviders(endpoints: readonly RawEndpoint[]): Array<{ endpoint: string; provider: string }> {
  return endpoints.flatMap((e) => {
    const names = new Set([...resolveTargets(e), ...resolveFallbacks(e.fallbacks)].map((t) => t.provider));
    return [...names].map((provider) => ({ endpoint: e.name, provider }));
  });
}

export function resolveTimeouts(timeouts: TimeoutsConfig | undefined): Timeouts {
  return {
    connectMs: timeouts?.connect_ms ?? DEFAULT_TIMEOUTS.connect_ms,
    firstByteMs: timeouts?.first_byte_ms ?? DEFAULT_TIMEOUTS.first_byte_ms,
    idleMs: timeouts?.idle_ms ?? DEFAULT_TIMEOUTS.idle_ms,
    totalMs: timeouts?.total_ms ?? DEFAULT_TIMEOUTS.total_ms,
  };
}

function asSecret(value: unknown): Secret | undefined {
  if (value === undefined || value === null || String(value) === '') return undefined;
  return new Secret(String(value));
}

function wrapSecretOptions(options: Record<string, unknown>, definition: ProviderDefinition): Record<string, unknown> {
  if (!definition.secretOptions?.length) return options;
  const out = { ...options };
  for (const key of definition.secretOptions) out[key] = asSecret(out[key]);
  return out;
}

function trimSlash(url: string): string {
  return url.endsWith('/') ? url.slice(0, -1) : url;
}
