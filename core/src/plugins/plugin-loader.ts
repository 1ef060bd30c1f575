import path from 'node:path';
import { PLUGIN_SPEC_VERSION, type GatewayPlugin } from '../contracts/gateway-plugin';
import { orderByDependencies } from './plugin-dependencies';
import type { PluginRegistry } from './plugin-registry';

/** A plugin that could not be loaded, with the reason in one line. */
export class PluginLoadError extends Error {
  constructor(readonly specifier: string, reason: string) {
    super(`plugin "${specifier}": ${reason}`);
  }
}

/** A list of plugins by package name or path, and the folder its paths are relative to. */
export interface PluginList {
  specifiers: readonly string[];
  baseDir: string;
}

/**
 * Loads plugins by package name or path. Paths are relative to their list's folder (the
 * config file's, for `plugins:`), so a config and its plugins move together. Every module
 * is read first and registered after, in dependency order (docs/plugins.md), so the
 * order of the lists matters only where no dependency is declared.
 */
export function loadPlugins(registry: PluginRegistry, lists: readonly PluginList[]): void {
  const found = lists.flatMap((list) => list.specifiers.map((specifier) => readPlugin(specifier, list.baseDir)));
  const ordered = orderByDependencies(found.map(({ plugin, source }) => ({ name: plugin.name, dependencies: plugin.dependencies, plugin, source })));
  for (const { plugin, source } of ordered) registry.install(plugin, source);
}

function readPlugin(specifier: string, baseDir: string): { plugin: GatewayPlugin; source: string } {
  const isPath = specifier.startsWith('.') || path.isAbsolute(specifier);
  const target = isPath ? path.resolve(baseDir, specifier) : specifier;
  let loaded: unknown;
  try {
    loaded = isPath ? require(target) : requirePackage(target, baseDir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new PluginLoadError(specifier, code === 'MODULE_NOT_FOUND' ? `cannot find module ${target}` : (error as Error).message);
  }
  return { plugin: asPlugin(specifier, loaded), source: target };
}

/** Packages resolve from core first (built-ins, the gateway's own node_modules), then from the config's folder. */
function requirePackage(name: string, baseDir: string): unknown {
  try {
    return require(name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') throw error;
    return require(require.resolve(name, { paths: [baseDir] }));
  }
}

function asPlugin(specifier: string, loaded: unknown): GatewayPlugin {
  const candidate = (loaded as { default?: unknown })?.default ?? loaded;
  const plugin = candidate as Partial<GatewayPlugin>;
  if (typeof plugin !== 'object' || plugin === null || typeof plugin.register !== 'function' || typeof plugin.name !== 'string') {
    throw new PluginLoadError(specifier, 'does not export a plugin ({ specVersion, name, kind, register })');
  }
  if (plugin.specVersion !== PLUGIN_SPEC_VERSION) {
    throw new PluginLoadError(specifier, `declares specVersion ${String(plugin.specVersion)}; this gateway supports ${PLUGIN_SPEC_VERSION}`);
  }
  if (plugin.kind !== 'provider' && plugin.kind !== 'api-style' && plugin.kind !== 'pipeline' && plugin.kind !== 'operator') {
    throw new PluginLoadError(specifier, `has kind ${JSON.stringify(plugin.kind)}; expected "provider", "api-style", "pipeline" or "operator"`);
  }
  return plugin as GatewayPlugin;
}
