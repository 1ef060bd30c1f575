import type { InjectionToken } from 'tsyringe';
import type { Logger } from 'pino';
import type { PluginCatalog } from '../contracts/gateway-plugin';
import type { StateStore } from '../contracts/state-store';
import type { RedisConnections } from '../state/redis-connections';
import type { EndpointRegistry } from '../registry/endpoint-registry';
import type { ConnectionRegistry } from '../registry/connection-registry';
import type { UpstreamClient } from '../upstream/upstream-client';
import type { LiveConfig } from '../config/live-config';
import type { MountedRoute } from '../contracts/route-definition';

/** DI tokens for core services. Interfaces have no runtime identity, so they get string tokens. */
export const TOKENS = {
  Logger: 'model-gateway:Logger' as InjectionToken<Logger>,
  StateStore: 'model-gateway:StateStore' as InjectionToken<StateStore>,
  /** The one factory of Redis connections (state.redis_url); `configured` is false without Redis. */
  Redis: 'model-gateway:Redis' as InjectionToken<RedisConnections>,
  EndpointRegistry: 'model-gateway:EndpointRegistry' as InjectionToken<EndpointRegistry>,
  ConnectionRegistry: 'model-gateway:ConnectionRegistry' as InjectionToken<ConnectionRegistry>,
  UpstreamClient: 'model-gateway:UpstreamClient' as InjectionToken<UpstreamClient>,
  /** What the plugins registered (provider types, API styles). */
  PluginRegistry: 'model-gateway:PluginRegistry' as InjectionToken<PluginCatalog>,
  /** The config in force (replaced by accepted reloads). */
  Config: 'model-gateway:Config' as InjectionToken<LiveConfig>,
  /** The environment the gateway was started with (a plugin reads its own variables from it, not from process.env); registered before plugins load, so `register` may read it. */
  Environment: 'model-gateway:Environment' as InjectionToken<NodeJS.ProcessEnv>,
  /** Epoch milliseconds now: the clock of plugins' time-based state (GatewayOptions.now; tests advance it). */
  Clock: 'model-gateway:Clock' as InjectionToken<() => number>,
  /** Every plugin route the HTTP app mounted (filled when the listener starts), for API descriptions. */
  Routes: 'model-gateway:Routes' as InjectionToken<MountedRoute[]>,
} as const;
