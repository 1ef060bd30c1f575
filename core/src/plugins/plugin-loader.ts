import path from 'node:path';
import { PLUGIN_SPEC_VERSION, type GatewayPlugin } from '../contracts/gateway-plugin';
import type { PluginRegistry } from './plugin-registry';

/** A plugin that could not be loaded, with the reason in one line. */
export class PluginLoadError extends Error {
  constructor(readonly specifier: string, reason: string) {
    super(`plugin "${specifier}": ${reason}`);
  }
}

/**
 * Loads plugins by package name or path. Paths are relative to the config
 * file's folder, so a config and its plugins move together.
 */
export function loadPlugins(registry: PluginRegistry, specifiers: readonly string[], baseDir: string): void {
  for (const specifier of specifiers) {
    const isPath = specifier.startsWith('.') || path.isAbsolute(specifier);
    const target = isPath ? path.resolve(baseDir, specifier) : specifier;
    let loaded: unknown;
    try {
      loaded = isPath ? require(target) : requirePackage(target, baseDir);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new PluginLoadError(specifier, code === 'MODULE_NOT_FOUND' ? `cannot find module ${target}` : (error as Error).message);
    }
    registry.install(asPlugin(specifier, loaded), target);
  }
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
  if (plugin.kind !== 'provider' && plugin.kind !== 'api-style' && plugin.kind !== 'pipeline') {
    throw new PluginLoadError(specifier, `has kind ${JSON.stringify(plugin.kind)}; expected "provider", "api-style" or "pipeline"`);
  }
  return plugin as GatewayPlugin;
}
