import fs from 'node:fs';
import path from 'node:path';
import YAML, { LineCounter } from 'yaml';
import { loadPlugins, PluginLoadError } from '../plugins/plugin-loader';
import type { PluginRegistry } from '../plugins/plugin-registry';
import { buildConfigSchema } from './config-schema';
import { ConfigError } from './config-error';
import { formatConfigIssues } from './format-config-issues';
import { interpolateEnv } from './interpolate-env';
import { checkConfigReferences } from './check-config-references';
import { checkConfigSections } from './check-config-sections';
import { resolveConfig } from './resolve-config';
import type { GatewayConfig } from './gateway-config';

export interface LoadConfigOptions {
  /** Plugins are installed into it on first load; on reload it already holds them. */
  registry: PluginRegistry;
  /**
   * The distribution's plugins (package names), installed on first load before the file's
   * own `plugins:`; its entry point hands them over, so core names none. None when absent.
   */
  builtinPlugins?: readonly string[];
  env?: NodeJS.ProcessEnv;
  /** Where relative plugin paths resolve from (the config file's folder by default). */
  baseDir?: string;
  file?: string;
}

export function loadConfigFile(file: string, options: Omit<LoadConfigOptions, 'file'>): GatewayConfig {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError([`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`], file);
  }
  return loadConfigText(text, { ...options, file, baseDir: options.baseDir ?? path.dirname(path.resolve(file)) });
}

/**
 * YAML text -> validated, resolved config. Every problem found is reported
 * at once (one line each), so an operator fixes a file in one round.
 */
export function loadConfigText(text: string, options: LoadConfigOptions): GatewayConfig {
  const { registry, file } = options;
  const env = options.env ?? process.env;
  // linePos is only filled in with prettyErrors (which also rewrites the message), so positions come from a LineCounter.
  const lineCounter = new LineCounter();
  const document = YAML.parseDocument(text, { prettyErrors: false, uniqueKeys: true, lineCounter });
  if (document.errors.length > 0) {
    throw new ConfigError(
      document.errors.map((e) => {
        const { line, col } = lineCounter.linePos(e.pos[0]);
        return `line ${line}, column ${col}: ${e.message.split('\n')[0]}`;
      }),
      file,
    );
  }
  const tree = document.toJS() ?? {};
  if (typeof tree !== 'object' || Array.isArray(tree)) throw new ConfigError(['(root): expected a mapping of settings'], file);

  const { value, unset, sources } = interpolateEnv(tree, env);
  installPlugins(registry, options.builtinPlugins ?? [], (value as { plugins?: unknown }).plugins, options.baseDir ?? process.cwd(), file);

  const parsed = buildConfigSchema(registry).safeParse(value, { reportInput: true });
  if (!parsed.success) throw new ConfigError(formatConfigIssues(parsed.error.issues), file);
  const problems = [...checkConfigReferences(parsed.data, registry.providers), ...checkConfigSections(parsed.data, registry.configSections, registry.providers)];
  if (problems.length > 0) throw new ConfigError(problems, file);
  const config = resolveConfig(parsed.data, { registry, env, unset, sources, file });
  return config;
}

/** First load installs built-ins and listed plugins; a later load only checks that the list is unchanged. */
function installPlugins(registry: PluginRegistry, builtins: readonly string[], listed: unknown, baseDir: string, file?: string): void {
  if (listed !== undefined && (!Array.isArray(listed) || !listed.every((p) => typeof p === 'string' && p.length > 0))) {
    throw new ConfigError(['plugins: expected a list of module paths or package names'], file);
  }
  const wanted = (listed as string[] | undefined) ?? [];
  if (registry.plugins.length > 0) {
    const loadedExtras = registry.plugins.length - registry.builtinCount;
    if (loadedExtras !== wanted.length || registry.loadedSpecifiers.join('\n') !== wanted.join('\n')) {
      throw new ConfigError(['plugins: the plugin list changed; restart the gateway to load a different set'], file);
    }
    return;
  }
  try {
    loadPlugins(registry, [{ specifiers: builtins, baseDir: __dirname }, { specifiers: wanted, baseDir }]);
    registry.builtinCount = builtins.length;
    registry.loadedSpecifiers = wanted;
  } catch (error) {
    if (error instanceof PluginLoadError) throw new ConfigError([`plugins: ${error.message}`], file);
    throw new ConfigError([`plugins: ${(error as Error).message}`], file);
  }
}
