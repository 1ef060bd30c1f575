import 'reflect-metadata';

// @model-gateway/core/internal: core's machinery that built-in packages still reach into. It is not
// the plugin contract (index.ts) and changes with core; each line is coupling left to undo, and the
// comment names who holds on to it. No name here is also exported by index.ts or testing.ts
// (test/repo/core-surface.test.ts).

// The registries behind TOKENS.EndpointRegistry / ConnectionRegistry / PluginRegistry / Config, by
// class: endpoint-resolution, circuit-breaker, gateway-keys, api-mlflow and admin-api read them;
// admin-api's rotate-key command loads the config file with a PluginRegistry of its own.
export { PluginRegistry } from './plugins/plugin-registry';
export { EndpointRegistry } from './registry/endpoint-registry';
export { ConnectionRegistry } from './registry/connection-registry';
export { LiveConfig } from './config/live-config';
export { loadConfigFile, type LoadConfigOptions } from './config/load-config';

// The config's own schemas and issue format, so admin-api's request bodies match the YAML's;
// admin-api and gateway-keys check names against NAME_PATTERN.
export { buildEndpointSchema, providerSchema, NAME_PATTERN } from './config/config-schema';
export { formatConfigIssues } from './config/format-config-issues';

// The egress guard, for the connections a plugin opens itself (provider-vertex-ai's token and
// metadata calls) and admin-api's checks of the URLs and clients it is given.
export { checkUrlText, classifyAddress, EGRESS_DENIED, egressError, guardedLookup, literalRefusal } from './upstream/egress-guard';
export { ownAddressRefusal } from './upstream/own-address';

// The Redis connection factory behind TOKENS.Redis, by class: admin-store opens its connections from it.
export { RedisConnections, type RedisClient } from './state/redis-connections';
export type { RedisTopology } from './state/redis-topology';

// The host: the CLI the distribution's entry point (plugins/distribution) runs with its plugin list,
// and a whole gateway in-process with its logger (web-ui's api-types build starts one to read the
// OpenAPI document; test/support/start-gateway.ts starts the tests' gateways).
export { runCli, type CliOptions } from './cli/run-cli';
export { Gateway, type GatewayOptions } from './gateway';
export { createLogger } from './logging/create-logger';
