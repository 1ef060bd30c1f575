import 'reflect-metadata';

// @model-gateway/core/internal: core's machinery that built-in plugins still reach into. It is not
// the plugin contract (index.ts) and changes with core; each line is coupling left to undo, and the
// comment names who holds on to it. No name here is also exported by index.ts or testing.ts
// (test/repo/core-surface.test.ts).

// The registries behind TOKENS.EndpointRegistry / ConnectionRegistry / PluginRegistry, by class:
// admin-api writes them; endpoint-resolution, circuit-breaker, gateway-keys and api-mlflow read them.
export { PluginRegistry } from './plugins/plugin-registry';
export { EndpointRegistry } from './registry/endpoint-registry';
export { ConnectionRegistry } from './registry/connection-registry';
export { LiveConfig } from './config/live-config';

// The config's own zod schemas, resolvers and loader, so admin-api validates connections and endpoints
// exactly as the YAML does (issue 25 item 1 replaces this with a config-source contract); gateway-keys
// checks key names against NAME_PATTERN.
export { buildEndpointSchema, connectionSchema, providerSchema, NAME_PATTERN, type RawEndpoint } from './config/config-schema';
export { resolveConnectionSettings, resolveEndpoint } from './config/resolve-config';
export { checkConfigReferences } from './config/check-config-references';
export { formatConfigIssues } from './config/format-config-issues';
export { loadConfigFile } from './config/load-config';
// The one validation-and-resolve entry point for run-time declarations (admin-api's tests build one).
export { DeclarationChecker } from './config/declaration-checker';

// The Redis connection factory behind TOKENS.Redis, by class: admin-store opens its connections from it.
export { maskUrl, RedisConnections, type CommandConnectionOptions, type RedisConnectionEvent, type RedisConnectionsConfig } from './state/redis-connections';

// The egress guard, for the connections a plugin opens itself (provider-vertex-ai's token and
// metadata calls) and admin-api's checks of the URLs it is given.
export { checkUrlText, classifyAddress, EGRESS_DENIED, egressError, guardedLookup, literalRefusal, refusalOf, type AddressClass } from './upstream/egress-guard';
export { ownAddressRefusal } from './upstream/own-address';

// The host: a whole gateway in-process with its logger (web-ui's build starts one to read the
// OpenAPI document; test/support/start-gateway.ts starts the tests' gateways).
export { Gateway, type GatewayOptions } from './gateway';
export { createLogger } from './logging/create-logger';

// Exported before this split and used by no package today; here rather than dropped, so a built-in
// plugin that needs one says so by importing from internal.
export { createStateStore } from './state/create-state-store';
export { Pipeline } from './pipeline/pipeline';
export { classifyFailure, countsAgainstTarget } from './routing/failure-class';
