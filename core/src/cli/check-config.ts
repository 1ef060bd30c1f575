import pino from 'pino';
import type { DependencyContainer } from 'tsyringe';
import type { GatewayConfig } from '../config/gateway-config';
import { LiveConfig } from '../config/live-config';
import { loadConfigFile } from '../config/load-config';
import { registerCoreServices } from '../di/core-services';
import type { PluginRegistry } from '../plugins/plugin-registry';
import { ConnectionRegistry } from '../registry/connection-registry';
import { EndpointRegistry } from '../registry/endpoint-registry';
import { EmbeddedStateStore } from '../state/embedded-state-store';
import { RedisConnections } from '../state/redis-connections';
import { UpstreamClient } from '../upstream/upstream-client';

/**
 * Runs the checks a gateway's start makes on a config and its plugins, without serving:
 * the config is loaded (its own problems, missing plugins, dependency cycles), then the
 * pipeline is built through `PluginRegistry.pipelinePlugins`, the very call start makes, so
 * a declared read that would run before its write fails here with start's message.
 * Throws as start would (ConfigError, PluginDependencyError).
 */
export function checkConfigFile(file: string, registry: PluginRegistry, container: DependencyContainer, builtinPlugins: readonly string[]): GatewayConfig {
  const config = loadConfigFile(file, { registry, builtinPlugins });
  provideOfflineServices(container, registry, config);
  registry.pipelinePlugins();
  return config;
}

/**
 * Pipeline steps get core's services through the container, as at start, but a check
 * opens nothing: state in memory, no Redis connection, no socket, logs discarded. Only
 * the steps' constructors see these; no call runs.
 */
function provideOfflineServices(container: DependencyContainer, registry: PluginRegistry, config: GatewayConfig): void {
  registerCoreServices(container, {
    Logger: pino({ level: 'silent' }),
    StateStore: new EmbeddedStateStore(),
    Redis: new RedisConnections({ url: '', keyPrefix: config.state.keyPrefix }),
    EndpointRegistry: new EndpointRegistry(),
    ConnectionRegistry: new ConnectionRegistry(registry.providers),
    UpstreamClient: new UpstreamClient(),
    PluginRegistry: registry,
    Environment: process.env,
    Routes: [],
    Clock: Date.now,
    Config: new LiveConfig(config),
  });
}
