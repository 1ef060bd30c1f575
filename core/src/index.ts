import 'reflect-metadata';

// The plugin contract: what a plugin author imports. Core's machinery that built-in plugins still
// reach into is in ./internal (@model-gateway/core/internal), and what tests build contexts with
// is in ./testing (@model-gateway/core/testing); neither is promised to third-party plugins.

// The canonical model, the errors plugins throw and render, and the helpers for reading wire JSON.
export * from './canonical';
export * from './errors';
export * from './wire';
export { Secret } from './secrets/secret';
export { Cancellation } from './contracts/cancellation';

// The contracts (core/src/contracts depends on nothing above it).
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
export type { LimitOutcome, LimitStep, ReserveState, StateStore, WindowState } from './contracts/state-store';
// Config sources: where connections and endpoints are declared besides the file (the admin store), validated and applied by core.
export type {
  CheckedConnection, CheckedEndpoint, ConfigSource, ConfigSourceHost, ConnectionDeclaration, DeclarationProblem, DeclaredEndpoint, EndpointDeclaration, PublishOutcome, SourceDeclarations, UnusableReason,
} from './contracts/config-source';
export { FILE_SOURCE } from './contracts/endpoint';

// How a plugin reaches the gateway's services (tsyringe tokens), and the config they hand it.
export { TOKENS } from './di/tokens';
export type { GatewayConfig } from './config/gateway-config';

// Answering a route: the body, SSE framing and errors in the gateway's shape.
export { writeJson } from './http/write-json';
export { sseData } from './http/sse';
export { readJsonBody } from './http/read-json-body';
export { renderGatewayError } from './http/render-gateway-error';
export { errorHeaders } from './http/error-headers';
export { extensibleCopy } from './objects/extensible-copy';

// Calling a provider: reading its answers and turning its failures into gateway errors.
export { readSse } from './upstream/read-sse';
export { parseStreamEvent, readUpstreamJson } from './upstream/upstream-json';
export { upstreamStatusError, parseRetryAfter, type ProviderErrorInfo } from './upstream/upstream-status-error';
export { transportError } from './upstream/transport-error';
export { abortableSleep } from './upstream/abortable-sleep';

// Building a passthrough route: the relayed body, usage taps and answer filters its RelayInput takes.
export { relayedOr } from './http/relayed-error';
export { unknownPathRoutes } from './http/unknown-path-routes';
export { jsonUsageTap, sseUsageTap } from './passthrough/usage-taps';
export { answerRewriteFilter, chainFilters } from './passthrough/answer-rewrite-filter';
export { endpointFromModel, relayBody } from './passthrough/relay-body';
