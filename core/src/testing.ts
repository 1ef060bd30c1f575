import 'reflect-metadata';

// @model-gateway/core/testing: what a plugin's unit tests build the gateway's contexts with. In
// production a plugin is handed a CallContext, an AttemptContext / ProviderAttempt and a StateStore;
// its tests make real ones from these classes instead of mocking the interfaces.
export { Call } from './pipeline/call';
export { Attempt } from './pipeline/attempt';
export { UpstreamClient } from './upstream/upstream-client';
export { EmbeddedStateStore } from './state/embedded-state-store';
