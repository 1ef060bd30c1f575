import { z } from 'zod';
import type { ConfigSectionDefinition } from '../contracts/config-section';
import type { EndpointSettingsDefinition } from '../contracts/endpoint-settings';
import type { ProviderDefinition } from '../contracts/provider-definition';
import { catalogModelSchema, fallbackSchema, retrySchema, targetSchema } from './routing-config';
import { stateSchema } from './state-config';

/** What the config schema is built from: the provider types, endpoint sections and config sections the plugins registered. */
export interface SchemaSources {
  providers: ReadonlyMap<string, ProviderDefinition>;
  endpointSettings: ReadonlyMap<string, EndpointSettingsDefinition>;
  configSections?: ReadonlyMap<string, ConfigSectionDefinition>;
}

export const NAME_PATTERN = /^[A-Za-z0-9._-]+$/;

/** Defaults chosen for LLM calls: a non-streaming reasoning answer can take minutes before its first byte. */
export const DEFAULT_TIMEOUTS = { connect_ms: 10_000, first_byte_ms: 300_000, idle_ms: 120_000, total_ms: 600_000 } as const;

/**
 * Numbers in config accept numeric strings: `${VAR}` substitution always yields
 * text, and inside a YAML flow mapping (`{ port: "${PORT:-8080}" }`) it must be quoted.
 */
const configInt = () => z.coerce.number<unknown>().int();

const positiveMs = (what: string) => configInt().positive().optional().describe(what);

export const timeoutsSchema = z
  .strictObject({
    connect_ms: positiveMs(`Milliseconds to establish the TCP/TLS connection to the provider. Default ${DEFAULT_TIMEOUTS.connect_ms}.`),
    first_byte_ms: positiveMs(`Milliseconds from sending the request to the provider's response headers. Default ${DEFAULT_TIMEOUTS.first_byte_ms}.`),
    idle_ms: positiveMs(`Longest gap, in milliseconds, between two chunks of a response body (streams included). Default ${DEFAULT_TIMEOUTS.idle_ms}.`),
    total_ms: positiveMs(`Milliseconds for a whole non-streaming call (streams are bounded by idle_ms instead). Default ${DEFAULT_TIMEOUTS.total_ms}.`),
  })
  .describe('Upstream timeouts. Any expiry answers 504 upstream_timeout.');

/** The endpoint fields core defines; plugins add their sections beside them (buildEndpointSchema). */
const endpointShape = {
    name: z
      .string()
      .regex(NAME_PATTERN, 'must match [A-Za-z0-9._-]+')
      .describe('Unique endpoint name: the path segment of the native API and the `model` that clients of the other routes send.'),
    kind: z.enum(['chat', 'embeddings']).describe('Which request bodies the endpoint accepts.'),
    provider: z
      .string()
      .min(1)
      .optional()
      .describe('A key of `providers:`, or a provider type used with its defaults and its conventional key variable (listed by `GET /api/providers`). Give `provider` and `model`, or `targets`.'),
    model: z.string().min(1).optional().describe("The provider's model name (for providers that serve deployments, the deployment name). Goes with `provider`."),
    catalog_model: catalogModelSchema,
    targets: z.array(targetSchema).min(1).optional().describe('A weighted traffic split over several providers/models, instead of `provider` and `model`.'),
    fallbacks: z.array(fallbackSchema).optional().describe('Tried in order when the split\'s pick fails with a retryable error or a refused key.'),
    retry: retrySchema.optional(),
    timeouts: timeoutsSchema.optional(),
    timeout: timeoutsSchema.optional().describe('Alias of `timeouts` (either may be used, not both).'),
};

const coreEndpointSchema = z.strictObject(endpointShape);

/** An endpoint entry: core's fields plus every section a plugin registered (`registerEndpointSettings`). */
export function buildEndpointSchema(settings: ReadonlyMap<string, EndpointSettingsDefinition>) {
  const pluginFields: Record<string, z.ZodType> = {};
  for (const [field, definition] of settings) pluginFields[field] = definition.schema.optional();
  return z
    .strictObject({ ...endpointShape, ...pluginFields })
    .superRefine(oneRoutingShape)
    .describe('A named endpoint that clients call.') as unknown as z.ZodType<RawEndpoint, unknown>;
}

/** Either one provider/model or a split, with weights that leave something to route to. */
function oneRoutingShape(endpoint: { provider?: string; model?: string; catalog_model?: string; targets?: Array<{ weight: number }>; timeouts?: unknown; timeout?: unknown }, ctx: z.RefinementCtx): void {
  const single = endpoint.provider !== undefined || endpoint.model !== undefined || endpoint.catalog_model !== undefined;
  if (single && endpoint.targets) {
    ctx.addIssue({ code: 'custom', path: ['targets'], message: 'give either provider/model or targets, not both (a target names its own catalog_model)' });
  } else if (!endpoint.targets) {
    if (endpoint.provider === undefined) ctx.addIssue({ code: 'custom', path: ['provider'], message: 'required (or give targets)' });
    if (endpoint.model === undefined) ctx.addIssue({ code: 'custom', path: ['model'], message: 'required (or give targets)' });
  } else if (endpoint.targets.every((t) => t.weight === 0)) {
    ctx.addIssue({ code: 'custom', path: ['targets'], message: 'every weight is 0: at least one target must take traffic' });
  }
  if (endpoint.timeouts !== undefined && endpoint.timeout !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['timeout'], message: 'give timeouts or its alias timeout, not both' });
  }
}

const serverSchema = z
  .strictObject({
    host: z.string().min(1).default('127.0.0.1').describe('Interface to listen on. Overridden by --host.'),
    port: configInt().min(0).max(65535).default(8080).describe('TCP port; 0 picks a free one. Overridden by --port or PORT.'),
    body_limit: byteSize('10mb').describe('Largest request body accepted; larger bodies get 413 before any upstream call.'),
    upstream_body_limit: byteSize('32mb').describe(
      'Largest provider answer the gateway reads whole to parse (non-streamed JSON answers, error bodies); a larger one is a 502 upstream_response_too_large. Streams and relayed passthrough bodies pass through chunk by chunk and are not bounded by it.',
    ),
    headers_timeout_ms: configInt().positive().default(30_000).describe('Milliseconds a client has to send a request\'s headers; then the connection gets 408 and is closed.'),
    request_timeout_ms: configInt()
      .positive()
      .default(120_000)
      .describe('Milliseconds a client has to send a whole request, headers and body; then the connection gets 408 and is closed. The response is not bounded by it: a stream may run as long as the upstream timeouts allow.'),
    shutdown_grace_ms: configInt()
      .min(0)
      .default(30_000)
      .describe('On SIGTERM or SIGINT: milliseconds in-flight requests and streams get to finish after the listener closes; what remains then ends with a 503 server_shutting_down (in-band for a started stream).'),
    shutdown_delay_ms: configInt()
      .min(0)
      .default(0)
      .describe(
        'On the first SIGTERM or SIGINT: milliseconds the gateway keeps accepting and serving while /ready answers 503 (draining), so a load balancer or orchestrator stops routing to it before the listener closes; then shutdown_grace_ms applies. A second signal ends the delay at once. 0 (a single replica) closes the listener at once; behind a balancer set it above its health-check interval times its fall count (e.g. 5000).',
      ),
    public_url: z
      .union([z.literal(''), z.url({ protocol: /^https?$/ })])
      .default('')
      .describe('The address clients reach this gateway at (e.g. https://llm.example.com) when it runs behind a proxy or load balancer: the web UI\'s usage examples show it, and its origin counts as the gateway\'s own in the Origin check, and its host as one of the gateway\'s names in the Host check (server.allowed_hosts). Empty: the address a request came in on.'),
    allowed_hosts: z
      .array(z.string().refine(isHostName, 'must be a host name or IP address without a port, like "llm.example.com" or "10.0.0.5" (a name matches every port)'))
      .default([])
      .describe(
        'Host names (or IP addresses) this gateway answers to besides loopback (localhost, 127.0.0.0/8, [::1]) and the host of public_url; each matches every port. ' +
          'A request whose Host header is none of these gets 403 host_not_allowed, which stops DNS-rebinding pages. The check applies while the operator routes or the data plane answer without a credential (the default install), ' +
          'and whenever this list is set; docs/access.md has the rule. List the names clients and proxies use (a service name, the address of a LAN host). /health and /ready are not checked.',
      ),
    cors: z
      .strictObject({
        allowed_origins: z
          .array(z.string().refine(isOrigin, 'must be an origin like "https://app.example.com" (scheme, host and port only)'))
          .default([])
          .describe('Browser origins allowed to call the gateway cross-origin; their CORS preflights are answered. A request from any other foreign origin gets 403.'),
      })
      .prefault({})
      .describe('Cross-origin browser access. Requests without an Origin header (SDKs, curl) and same-origin ones (the web UI) are not affected.'),
  })
  .refine((server) => server.headers_timeout_ms <= server.request_timeout_ms, { path: ['headers_timeout_ms'], message: 'must not exceed request_timeout_ms' })
  .describe('The HTTP listener.');

function byteSize(fallback: string) {
  return z.string().regex(/^\d+(\.\d+)?\s*(b|kb|mb|gb)?$/i, 'must be a size like "10mb", "512kb" or "1048576"').default(fallback);
}

/** A DNS name, an IPv4 address or a bracketed IPv6 one, with no port: what `Host` names, less the port. */
function isHostName(value: string): boolean {
  return /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*\.?$/.test(value) || /^\[[0-9A-Fa-f:.]+\]$/.test(value);
}

/** `scheme://host[:port]` exactly, as browsers send it in Origin. */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value;
  } catch {
    return false;
  }
}

const loggingSchema = z
  .strictObject({
    level: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info')
      .describe('Log level. LOG_LEVEL overrides it.'),
  })
  .describe('Structured JSON logs on stdout.');

/** The connection fields every provider type accepts. */
export function baseProviderShape(definition: ProviderDefinition) {
  return {
    type: z.literal(definition.type).describe(`${definition.displayName}.`),
    base_url: z
      .url({ protocol: /^https?$/ })
      .optional()
      .describe(`API base URL. Default ${definition.defaultBaseUrl}.`),
    api_key: z
      .union([z.string(), z.number()])
      .optional()
      .describe(
        definition.apiKeyEnv
          ? `API key, usually "\${${definition.apiKeyEnv}}". Never logged or returned.`
          : 'API key, if the server needs one. Never logged or returned.',
      ),
    headers: z.record(z.string(), z.string()).optional().describe('Extra headers sent on every call to this provider.'),
  };
}

export function providerSchema(definition: ProviderDefinition) {
  return z
    .strictObject({ ...baseProviderShape(definition), ...(definition.optionsSchema?.shape ?? {}) })
    .describe(`Connection of type "${definition.type}" (${definition.displayName}).`);
}

/**
 * Builds the whole config schema for the provider types that plugins registered,
 * so a drop-in provider plugin extends validation and the JSON Schema alike.
 */
export function buildConfigSchema({ providers, endpointSettings, configSections }: SchemaSources) {
  const connection = connectionSchema(providers);
  const pluginSections: Record<string, z.ZodType> = {};
  for (const [field, definition] of configSections ?? []) pluginSections[field] = definition.schema;
  return z
    .strictObject({
      server: serverSchema.prefault({}),
      state: stateSchema.prefault({}),
      logging: loggingSchema.prefault({}),
      plugins: z
        .array(z.string().min(1))
        .default([])
        .describe('Extra plugin modules: paths (relative to this file) or package names.'),
      providers: z
        .record(z.string().regex(NAME_PATTERN, 'must match [A-Za-z0-9._-]+'), connection)
        .default({})
        .describe('Named provider connections. Credentials live only here.'),
      endpoints: z.array(buildEndpointSchema(endpointSettings)).default([]).describe('The endpoints clients call.'),
      // Typed as core's sections only: plugin sections are read through `GatewayConfig.sections`.
      ...(pluginSections as {}),
    })
    .describe('model-gateway configuration (gateway.config.yaml).');
}

/** One `providers:` entry: the schema of the type its `type:` names (a union over every registered type). */
export function connectionSchema(providers: ReadonlyMap<string, ProviderDefinition>) {
  const options = [...providers.values()].map(providerSchema);
  return options.length === 0
    ? z.never().describe('No provider plugin is loaded.')
    : z.discriminatedUnion('type', options as [(typeof options)[0], ...typeof options]);
}

export type RawGatewayConfig = z.output<ReturnType<typeof buildConfigSchema>>;
/** An endpoint entry as validated: core's fields, and plugin sections by field name (unknown until their plugin resolves them). */
export type RawEndpoint = z.output<typeof coreEndpointSchema> & { [pluginField: string]: unknown };
export type TimeoutsConfig = z.output<typeof timeoutsSchema>;
