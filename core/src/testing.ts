import 'reflect-metadata';

// @model-gateway/core/testing: what tests build the gateway's contexts with. In production a
// plugin is handed a CallContext, an AttemptContext / ProviderAttempt and a StateStore; its unit tests
// make real ones from these classes instead of mocking the interfaces. Not for production code (a
// whole gateway in-process, Gateway and createLogger, is in ./internal: web-ui's build starts one too).

// A call, an attempt on a target, the HTTP client an attempt sends through, and an in-memory store.
export { Call } from './pipeline/call';
export { Attempt } from './pipeline/attempt';
export { UpstreamClient } from './upstream/upstream-client';
export { EmbeddedStateStore } from './state/embedded-state-store';

// A config loaded from text, as a test writes it, and the error a bad one throws.
export { loadConfigText } from './config/load-config';
export { ConfigError } from './config/config-error';
export { singleTargetRouting } from './config/routing-config';
// The one check of run-time declarations, for a config source's unit tests (admin-api's inputs).
export { DeclarationChecker } from './config/declaration-checker';

// The loop guard's limits, for tests that send a request round a loop of gateways.
export { HOPS_HEADER, MAX_HOPS } from './pipeline/gateway-hops';
