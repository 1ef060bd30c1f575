import type { DependencyContainer } from 'tsyringe';
import { z } from 'zod';
import { GatewayError } from '../errors/gateway-error';
import { TOKENS } from '../di/tokens';
import type { ApiStyleDefinition } from './api-style-definition';
import type { GatewayPlugin, PipelinePluginClass, PluginApi } from './gateway-plugin';
import type { PipelinePlugin } from './pipeline-plugin';
import type { ProviderDefinition } from './provider-definition';

export interface LoadedPlugin {
  name: string;
  kind: GatewayPlugin['kind'];
  /** Where it came from: a package name or an absolute path. */
  source: string;
}

/** Everything the plugins registered, held for the config schema, the router and the pipeline. */
export class PluginRegistry {
  readonly plugins: LoadedPlugin[] = [];
  readonly providers = new Map<string, ProviderDefinition>();
  readonly apiStyles = new Map<string, ApiStyleDefinition>();
  /** The `plugins:` entries of the config this registry was filled from (built-ins not included). */
  loadedSpecifiers: readonly string[] = [];
  private readonly pipelineEntries: Array<PipelinePlugin | PipelinePluginClass> = [];

  constructor(private readonly container: DependencyContainer) {}

  install(plugin: GatewayPlugin, source: string): void {
    if (this.plugins.some((p) => p.name === plugin.name)) {
      throw new Error(`plugin "${plugin.name}" is loaded twice (second from ${source})`);
    }
    plugin.register(this.apiFor(plugin.name));
    this.plugins.push({ name: plugin.name, kind: plugin.kind, source });
  }

  /** Pipeline plugins, instantiated through the container, sorted by priority. */
  pipelinePlugins(): PipelinePlugin[] {
    return this.pipelineEntries
      .map((entry) => (typeof entry === 'function' ? this.container.resolve(entry) : entry))
      .sort((a, b) => a.priority - b.priority);
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
      },
      registerPipeline: (plugin) => {
        this.pipelineEntries.push(plugin);
      },
    };
  }
}
