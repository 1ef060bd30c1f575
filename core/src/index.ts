import 'reflect-metadata';

// The contracts: what a plugin author reads (core/src/contracts depends on nothing above it).
export * from './canonical';
export * from './errors';
export * from './wire';
export { Secret } from './secrets/secret';
export { Cancellation } from './contracts/cancellation';
export type { Endpoint, EndpointKind, EndpointTarget, ObjectSource, RetryPolicy, Timeouts } from './contracts/endpoint';
export type { EgressPolicy } from './contracts/egress-policy';
export type { ConfigSectionContext, ConfigSectionDefinition } from './contracts/config-section';
export type { PluginService, ServiceContext } from './contracts/plugin-service';
export type { EndpointSettingsDefinition } from './contracts/endpoint-settings';
export type { CliCommand, CliCommandContext } from './contracts/cli-command';
export { keyRequired, type AuthScheme, type ChatResult, type ConnectionSettings, type ProviderCapabilities, type ProviderConnection, type ProviderDefinition } from './contracts/provider-definition';
export type { ApiStyleDefinition } from './contracts/api-style-definition';
export type { CrossOrigin, MountedRoute, OperatorAccessCheck, RenderedError, RouteDefinition, RouteDoc, RouteGroup, RoutePlane } from './contracts/route-definition';
export type { PipelinePhase, PipelinePlugin } from './contracts/pipeline-plugin';
export type { EndpointQuery } from './contracts/endpoint-query';
export type { Principal } from './contracts/principal';
export { ContextKey } from './contracts/context-key';
export { PLUGIN_SPEC_VERSION, type GatewayPlugin, type PluginDependencies, type PipelineRead, type OperatorAccess, type PluginApi, type PluginCatalog, type PluginKind } from './contracts/gateway-plugin';
export { DEFAULT_CALLER, type CallContext, type Target } from './contracts/call-context';
export type { AttemptContext } from './contracts/attempt-context';
export type { ProviderAttempt } from './contracts/provider-attempt';
export { DROPPED_FIELDS_HEADER, type FieldNames } from './contracts/dropped-fields';
export type { AttemptRecord, FailureClass } from './contracts/attempt-record';
export type { AnswerWatcher, ChatOutput, EmbeddingsOutput } from './contracts/call-outputs';
export type { CallInput, ConnectionCheck, ConnectionCheckResult, EndpointLookup, GatewayRuntime, ListenAddress } from './contracts/gateway-runtime';
export type { UpstreamRequest, UpstreamResponse } from './contracts/upstream-request';
export type { PassthroughFormat, PassthroughTarget, RelayedAnswerRewrite } from './contracts/passthrough-target';
export type { ForeignRelay, LocalAnswer, RelayInput, ResponseFilter, TranslatedCall, TranslatedChat, TranslationHeaders, UsageTap } from './contracts/relay-input';
export type { ReserveState, StateStore, WindowState } from './contracts/state-store';

// Core services and helpers.
export { TOKENS } from './di/tokens';
export { PluginRegistry } from './plugins/plugin-registry';
export type { GatewayConfig } from './config/gateway-config';
export { singleTargetRouting } from './config/routing-config';
// The config's own zod schemas and resolvers, so an API that writes connections and endpoints validates exactly as the YAML does.
export { buildEndpointSchema, connectionSchema, providerSchema, NAME_PATTERN, type RawEndpoint } from './config/config-schema';
export { resolveConnectionSettings, resolveEndpoint } from './config/resolve-config';
export { checkConfigReferences } from './config/check-config-references';
export { formatConfigIssues } from './config/format-config-issues';
export { ConfigError } from './config/config-error';
// Config sources: where connections and endpoints are declared besides the file (the admin store), validated and applied by core.
export type {
  CheckedConnection, CheckedEndpoint, ConfigSource, ConfigSourceHost, ConnectionDeclaration, DeclarationProblem, DeclaredEndpoint, EndpointDeclaration, PublishOutcome, SourceDeclarations, UnusableReason,
} from './contracts/config-source';
export { DeclarationChecker } from './config/declaration-checker';
export { FILE_SOURCE } from './contracts/endpoint';
export { LiveConfig } from './config/live-config';
export { loadConfigFile, loadConfigText, type LoadConfigOptions } from './config/load-config';
export { runCli, type CliOptions } from './cli/run-cli';
export { EndpointRegistry } from './registry/endpoint-registry';
export { ConnectionRegistry } from './registry/connection-registry';
export { EmbeddedStateStore } from './state/embedded-state-store';
export { createStateStore } from './state/create-state-store';
export { maskUrl, RedisConnections, type CommandConnectionOptions, type RedisConnectionEvent, type RedisConnectionsConfig } from './state/redis-connections';
export { classifyFailure, countsAgainstTarget } from './routing/failure-class';
export { Call } from './pipeline/call';
export { Attempt } from './pipeline/attempt';
export { Pipeline } from './pipeline/pipeline';
export { HOPS_HEADER, MAX_HOPS } from './pipeline/gateway-hops';
export { UpstreamClient } from './upstream/upstream-client';
export { checkUrlText, classifyAddress, EGRESS_DENIED, egressError, guardedLookup, literalRefusal, refusalOf, type AddressClass } from './upstream/egress-guard';
export { ownAddressRefusal } from './upstream/own-address';
export { readSse } from './upstream/read-sse';
export { upstreamStatusError, parseRetryAfter, type ProviderErrorInfo } from './upstream/upstream-status-error';
export { transportError } from './upstream/transport-error';
export { abortableSleep } from './upstream/abortable-sleep';
export { parseStreamEvent, readUpstreamJson } from './upstream/upstream-json';
export { sseData } from './http/sse';
export { writeJson } from './http/write-json';
export { readJsonBody } from './http/read-json-body';
export { renderGatewayError } from './http/render-gateway-error';
export { relayedOr } from './http/relayed-error';
export { unknownPathRoutes } from './http/unknown-path-routes';
export { errorHeaders } from './http/error-headers';
export { jsonUsageTap, sseUsageTap } from './passthrough/usage-taps';
export { answerRewriteFilter, chainFilters } from './passthrough/answer-rewrite-filter';
export { endpointFromModel, relayBody } from './passthrough/relay-body';
export { extensibleCopy } from './objects/extensible-copy';
export { createLogger } from './logging/create-logger';
export { Gateway, type GatewayOptions } from './gateway';
