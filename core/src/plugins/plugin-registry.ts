import type { DependencyContainer } from 'tsyringe';
import { z } from 'zod';
import type { ApiStyleDefinition } from '../contracts/api-style-definition';
import type { CliCommand } from '../contracts/cli-command';
import type { ConfigSectionDefinition } from '../contracts/config-section';
import type { ConfigSource } from '../contracts/config-source';
import type { EndpointSettingsDefinition } from '../contracts/endpoint-settings';
import type { GatewayPlugin, OperatorAccess, PipelinePluginClass, PluginApi, PluginCatalog } from '../contracts/gateway-plugin';
import type { PipelinePlugin } from '../contracts/pipeline-plugin';
import type { PluginService, ServiceContext } from '../contracts/plugin-service';
import type { ProviderDefinition } from '../contracts/provider-definition';
import type { RouteGroup } from '../contracts/route-definition';
import { TOKENS } from '../di/tokens';
import { GatewayError } from '../errors/gateway-error';
import { ErrorCodeTable } from '../errors/plugin-error-codes';
import { checkPipelineReads, type DeclaredPlugin } from './plugin-dependencies';

export interface LoadedPlugin {
  name: string;
  kind: GatewayPlugin['kind'];
  /** Where it came from: a package name or an absolute path. */
  source: string;
}

/** The endpoint fields core itself defines; a plugin's section may not take one. */
const CORE_ENDPOINT_FIELDS = new Set(['name', 'kind', 'provider', 'model', 'targets', 'fallbacks', 'retry', 'timeouts', 'timeout', 'settings', 'source']);

/** The config's own top-level sections (config-schema.ts); a plugin's section may not take one. */
export const CORE_CONFIG_SECTIONS = new Set(['server', 'state', 'logging', 'plugins', 'providers', 'endpoints']);

/** The CLI's own commands (cli/main.ts); a plugin's command may not take one. */
export const CORE_COMMANDS = new Set(['serve', 'check-config', 'schema', 'help']);

/** Everything the plugins registered, held for the config schema, the router and the pipeline. */
export class PluginRegistry implements PluginCatalog {
  readonly plugins: LoadedPlugin[] = [];
  readonly providers = new Map<string, ProviderDefinition>();
  readonly apiStyles = new Map<string, ApiStyleDefinition>();
  readonly endpointSettings = new Map<string, EndpointSettingsDefinition>();
  readonly commands = new Map<string, CliCommand>();
  readonly configSections = new Map<string, ConfigSectionDefinition>();
  readonly services: PluginService[] = [];
  /** Every HTTP route group, API styles' included, in registration order (the order they are mounted). */
  readonly routeGroups: RouteGroup[] = [];
  /** The error codes plugins declared, each with its owner. */
  readonly errorCodes = new ErrorCodeTable();
  /** Run-time config sources, in registration order (a later one wins for a name two declare). */
  readonly configSources: ConfigSource[] = [];
  /** The guard of `access: 'operator'` routes, if a plugin registered one. */
  operatorAccess: OperatorAccess | undefined;
  private readonly started: PluginService[] = [];
  /** The `plugins:` entries of the config this registry was filled from (built-ins not included). */
  loadedSpecifiers: readonly string[] = [];
  /** How many plugins the built-in list installed (the rest came from `plugins:`). */
  builtinCount = 0;
  /** Each pipeline step as registered, with the plugin that registered it (for the read checks). */
  private readonly pipelineEntries: Array<{ owner: string; entry: PipelinePlugin | PipelinePluginClass }> = [];
  private readonly declared: DeclaredPlugin[] = [];

  constructor(private readonly container: DependencyContainer) {}

  install(plugin: GatewayPlugin, source: string): void {
    if (this.plugins.some((p) => p.name === plugin.name)) {
      throw new Error(`plugin "${plugin.name}" is loaded twice (second from ${source})`);
    }
    plugin.register(this.apiFor(plugin.name));
    this.plugins.push({ name: plugin.name, kind: plugin.kind, source });
    this.declared.push({ name: plugin.name, dependencies: plugin.dependencies });
  }

  /**
   * Pipeline plugins, instantiated through the container, sorted by priority. Throws a
   * PluginDependencyError when a declared read would happen before its write: priorities
   * are known only once the steps exist, so this is where the gateway's start checks them.
   */
  pipelinePlugins(): PipelinePlugin[] {
    const steps = this.pipelineEntries.map(({ owner, entry }) => ({ owner, step: typeof entry === 'function' ? this.container.resolve(entry) : entry }));
    checkPipelineReads(this.declared, steps);
    return steps.map(({ step }) => step).sort((a, b) => a.priority - b.priority);
  }

  /**
   * Starts every service in registration order; if one fails, those already started
   * are stopped and the error is rethrown (the gateway does not start half-equipped).
   */
  async startServices(context: ServiceContext, onStopError: StopErrorHandler): Promise<void> {
    try {
      for (const service of this.services) {
        await service.start?.(context);
        this.started.push(service);
      }
    } catch (error) {
      await this.stopServices(onStopError);
      throw error;
    }
  }

  /** Stops the services that started, last first; a second call does nothing. */
  async stopServices(onStopError: StopErrorHandler): Promise<void> {
    const started = this.started.splice(0);
    await stopInReverse(started, onStopError);
  }

  /** Every header in which a loaded API style's clients send a credential (lower case). */
  clientCredentialHeaders(): string[] {
    return [...this.apiStyles.values()].flatMap((style) => (style.clientCredentials?.headers ?? []).map((h) => h.toLowerCase()));
  }

  private apiFor(pluginName: string): PluginApi {
    return {
      z,
      GatewayError,
      container: this.container,
      tokens: TOKENS,
      registerProvider: (definition) => {
        if (this.providers.has(definition.type)) {
          throw new Error(`plugin "${pluginName}" registers provider type "${definition.type}", which is already registered`);
        }
        this.providers.set(definition.type, definition);
      },
      registerApiStyle: (definition) => {
        if (this.apiStyles.has(definition.name)) {
          throw new Error(`plugin "${pluginName}" registers API style "${definition.name}", which is already registered`);
        }
        this.apiStyles.set(definition.name, definition);
        this.routeGroups.push({ plane: 'data', routes: (runtime) => definition.routes(runtime), renderError: (error) => definition.renderError(error) });
      },
      registerRoutes: (group) => {
        // A plugin loaded from a path is plain JavaScript: a missing plane must not pass as the data plane's more open origin rule.
        if (group.plane !== 'data' && group.plane !== 'operator') {
          throw new Error(`plugin "${pluginName}" registers routes with plane ${JSON.stringify(group.plane)}; say 'data' (client traffic) or 'operator' (admin, usage, UI)`);
        }
        this.routeGroups.push(group);
      },
      registerPipeline: (plugin) => {
        this.pipelineEntries.push({ owner: pluginName, entry: plugin });
      },
      registerEndpointSettings: (definition) => {
        if (CORE_ENDPOINT_FIELDS.has(definition.field) || this.endpointSettings.has(definition.field)) {
          throw new Error(`plugin "${pluginName}" registers endpoint field "${definition.field}", which is already taken`);
        }
        this.endpointSettings.set(definition.field, definition);
      },
      registerCommand: (command) => {
        if (CORE_COMMANDS.has(command.name) || this.commands.has(command.name)) {
          throw new Error(`plugin "${pluginName}" registers command "${command.name}", which is already taken`);
        }
        this.commands.set(command.name, command);
      },
      registerConfigSection: (definition) => {
        if (CORE_CONFIG_SECTIONS.has(definition.field) || this.configSections.has(definition.field)) {
          throw new Error(`plugin "${pluginName}" registers config section "${definition.field}", which is already taken`);
        }
        this.configSections.set(definition.field, definition);
      },
      registerErrorCodes: (codes) => this.errorCodes.register(pluginName, codes),
      registerService: (service) => {
        this.services.push(service);
      },
      registerConfigSource: (source) => {
        this.configSources.push(source);
      },
      registerOperatorAccess: (access) => {
        if (this.operatorAccess) throw new Error(`plugin "${pluginName}" registers an operator-access check, and one is already registered`);
        this.operatorAccess = access;
      },
    };
  }
}

type StopErrorHandler = (service: string, error: unknown) => void;

/** Stops services last-started first; one that fails to stop does not keep the others running. */
async function stopInReverse(services: readonly PluginService[], onError: StopErrorHandler): Promise<void> {
  for (const service of [...services].reverse()) {
    try {
      await service.stop?.();
    } catch (error) {
      onError(service.name, error);
    }
  }
}
