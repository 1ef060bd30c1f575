import 'reflect-metadata';

// @model-gateway/core/internal: core's machinery that built-in plugins still reach into. Not part of
// the plugin contract (index.ts) and free to change with core; each line is coupling left to undo
// (the comment says who holds on to it). Names here are never also exported by index.ts or testing.ts
// (test/repo/core-surface.test.ts).

// The registries and the plugin registry (admin-api writes them; endpoint-resolution, api-mlflow and
// circuit-breaker read them; provider-catalog and admin-api list the providers).
export { PluginRegistry } from './plugins/plugin-registry';
export { EndpointRegistry } from './registry/endpoint-registry';
export { ConnectionRegistry } from './registry/connection-registry';

// The config's own zod schemas, resolvers and loaders, so admin-api validates connections and
// endpoints exactly as the YAML does; gateway-keys reads the live config.
export { singleTargetRouting } from './config/routing-config';
export { buildEndpointSchema, connectionSchema, providerSchema, NAME_PATTERN, type RawEndpoint } from './config/config-schema';
export { resolveConnectionSettings, resolveEndpoint } from './config/resolve-config';
export { checkConfigReferences } from './config/check-config-references';
export { formatConfigIssues } from './config/format-config-issues';
export { ConfigError } from './config/config-error';
export { LiveConfig } from './config/live-config';
export { loadConfigFile, loadConfigText } from './config/load-config';

// The state store's implementations (a plugin is handed a StateStore, not these).
export { createStateStore } from './state/create-state-store';

// The pipeline and routing machinery.
export { Pipeline } from './pipeline/pipeline';
export { HOPS_HEADER, MAX_HOPS } from './pipeline/gateway-hops';
export { classifyFailure, countsAgainstTarget } from './routing/failure-class';

// The egress guard, for the connections a plugin opens itself (provider-vertex-ai's token and
// metadata calls) and for admin-api's checks of URLs it is given.
export { checkUrlText, classifyAddress, EGRESS_DENIED, egressError, guardedLookup, literalRefusal, refusalOf, type AddressClass } from './upstream/egress-guard';
export { ownAddressRefusal } from './upstream/own-address';

// The host: starting a gateway and its logger (the CLI and the tests' gateways).
export { createLogger } from './logging/create-logger';
export { Gateway, type GatewayOptions } from './gateway';
