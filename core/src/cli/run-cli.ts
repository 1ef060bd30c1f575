import 'reflect-metadata';
import fs from 'node:fs';
import path from 'node:path';
import { container } from 'tsyringe';
import { ConfigError } from '../config/config-error';
import { configJsonSchema } from '../config/config-json-schema';
import { renderConfigReference } from '../config/config-reference';
import { loadConfigFile, loadConfigText } from '../config/load-config';
import { Gateway } from '../gateway';
import { CORE_COMMANDS, PluginRegistry } from '../plugins/plugin-registry';
import { checkConfigFile } from './check-config';
import { parseArgs, parsePort, type CliArgs } from './parse-args';
import { signalRepeatWindow, StopSignals } from './stop-signals';

const USAGE = `model-gateway: an LLM gateway

  model-gateway [serve] [--config FILE] [--port N] [--host H]
      Serve FILE (default: $GATEWAY_CONFIG or ./gateway.config.yaml); edits are reloaded.
      --port overrides $PORT, which overrides server.port.
  model-gateway check-config [FILE]
      Validate FILE without serving; prints one line per problem and exits 1 if any.
  model-gateway schema [--write | --check]
      Print the config JSON Schema; --write updates config/gateway.schema.json and
      config/reference.md; --check exits 1 if they are out of date.
`;

/** What the distribution's entry point hands the CLI. */
export interface CliOptions {
  /** The plugins every gateway of this distribution loads (package names), before a config's own `plugins:`. */
  builtinPlugins: readonly string[];
}

/**
 * The `model-gateway` command line, run by a distribution's entry point with its plugin
 * list: sets the process exit code when the command ends (a gateway being served keeps
 * the process alive until it stops).
 */
export function runCli(argv: readonly string[], options: CliOptions): Promise<void> {
  return main([...argv], options).then(
    (code) => {
      if (code >= 0) process.exitCode = code;
    },
    (error: unknown) => {
      // An operator's mistake gets one line per problem, never a stack trace.
      if (error instanceof ConfigError) {
        process.stderr.write(`error: ${error.file ?? 'config'}: invalid configuration\n${error.problems.map((p) => `  ${p}`).join('\n')}\n`);
      } else {
        const code = (error as NodeJS.ErrnoException).code;
        process.stderr.write(`error: ${code === 'EADDRINUSE' ? 'the port is already in use' : (error as Error).message}\n`);
      }
      process.exitCode = 1;
    },
  );
}

async function main(argv: string[], options: CliOptions): Promise<number> {
  const { builtinPlugins } = options;
  const first = argv[0];
  if (first !== undefined && !first.startsWith('-') && !CORE_COMMANDS.has(first)) return pluginCommand(first, argv.slice(1), builtinPlugins);
  let args: CliArgs;
  try {
    args = parseArgs(argv);
  } catch (error) {
    process.stderr.write(`error: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const file = args.config ?? process.env.GATEWAY_CONFIG ?? 'gateway.config.yaml';
  switch (args.command) {
    case 'help':
      process.stdout.write(USAGE + pluginUsage(commandRegistry(file, builtinPlugins)));
      return 0;
    case 'check-config':
      return checkConfig(file, builtinPlugins);
    case 'schema':
      return schema(args, builtinPlugins);
    case 'serve':
      return serve(file, args, builtinPlugins);
  }
}

/**
 * The plugins' commands: those of the config's plugins when the config loads,
 * else the built-ins' (a command may be run where no valid config is).
 */
function commandRegistry(file: string, builtinPlugins: readonly string[]): PluginRegistry {
  if (fs.existsSync(file)) {
    const registry = new PluginRegistry(container.createChildContainer());
    try {
      loadConfigFile(file, { registry, builtinPlugins });
      return registry;
    } catch {
      // Fall through: the built-in commands still work without a valid config.
    }
  }
  const registry = new PluginRegistry(container.createChildContainer());
  loadConfigText('{}', { registry, builtinPlugins });
  return registry;
}

function pluginUsage(registry: PluginRegistry): string {
  if (registry.commands.size === 0) return '';
  const lines = [...registry.commands.values()].map((c) => `  model-gateway ${c.name} ...\n      ${c.summary}`);
  return `\nCommands from plugins (model-gateway <command> --help for more):\n${lines.join('\n')}\n`;
}

async function pluginCommand(name: string, argv: string[], builtinPlugins: readonly string[]): Promise<number> {
  const file = process.env.GATEWAY_CONFIG ?? 'gateway.config.yaml';
  const registry = commandRegistry(file, builtinPlugins);
  const command = registry.commands.get(name);
  if (!command) {
    process.stderr.write(`error: unknown command "${name}"\n\n${USAGE}${pluginUsage(registry)}`);
    return 2;
  }
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(command.usage);
    return 0;
  }
  return command.run(argv, { env: process.env, cwd: process.cwd(), stdout: process.stdout, stderr: process.stderr, configFile: file, builtinPlugins });
}

function checkConfig(file: string, builtinPlugins: readonly string[]): number {
  const scope = container.createChildContainer();
  const config = checkConfigFile(file, new PluginRegistry(scope), scope, builtinPlugins);
  for (const warning of config.warnings) process.stdout.write(`warning: ${warning}\n`);
  process.stdout.write(`${file}: ok (${config.endpoints.length} endpoints, ${config.connections.length} provider connections)\n`);
  return 0;
}

function schema(args: CliArgs, builtinPlugins: readonly string[]): number {
  const registry = new PluginRegistry(container.createChildContainer());
  loadConfigText('{}', { registry, builtinPlugins });
  const json = `${JSON.stringify(configJsonSchema(registry), null, 2)}\n`;
  const reference = renderConfigReference(JSON.parse(json));
  const dir = path.resolve(__dirname, '../../../config');
  const targets: Array<[string, string]> = [[path.join(dir, 'gateway.schema.json'), json], [path.join(dir, 'reference.md'), reference]];
  if (args.check) {
    const stale = targets.filter(([target, text]) => !fs.existsSync(target) || fs.readFileSync(target, 'utf8') !== text);
    for (const [target] of stale) process.stderr.write(`${path.relative(process.cwd(), target)} is out of date: run npm run schema\n`);
    return stale.length ? 1 : 0;
  }
  if (args.write) {
    for (const [target, text] of targets) fs.writeFileSync(target, text);
    process.stdout.write(`wrote ${targets.map(([t]) => path.relative(process.cwd(), t)).join(', ')}\n`);
    return 0;
  }
  process.stdout.write(json);
  return 0;
}

async function serve(file: string, args: CliArgs, builtinPlugins: readonly string[]): Promise<number> {
  const port = args.port ?? (process.env.PORT ? parsePort(process.env.PORT) : undefined);
  // Read before starting, so a bad value fails at once rather than at the first signal.
  const windowMs = signalRepeatWindow(process.env);
  // Handlers go in before starting: "listening" is logged inside start(), and a
  // supervisor may send SIGTERM as soon as it sees it; that must still shut down cleanly.
  const started = Gateway.start({ configFile: file, port, host: args.host, builtinPlugins });
  // A failed start is reported, with exit code 1, by main's error handler: the signal then has nothing to stop.
  const running = () => started.catch(() => undefined);
  const signals = new StopSignals({
    windowMs,
    stop: (signal) =>
      void running().then(async (gateway) => {
        if (!gateway) return;
        gateway.logger.info({ signal }, 'shutting down');
        await gateway.shutdown();
        process.exit(0);
      }),
    repeated: (signal, sinceFirstMs) =>
      void running().then((gateway) =>
        gateway?.logger.info({ signal, sinceFirstMs }, 'repeated stop signal: the same request to stop, still draining (send it again later to end requests in flight now)'),
      ),
    endNow: (signal) =>
      void running().then((gateway) => {
        if (!gateway) return;
        // A signal after the window: the operator will not wait out the delay or the grace period.
        gateway.logger.warn({ signal }, 'second signal: skipping the rest of the shutdown delay and ending requests in flight now');
        void gateway.shutdown();
      }),
  });
  // The time is taken as the signal arrives, not once the start has finished.
  process.on('SIGINT', () => signals.handle('SIGINT'));
  process.on('SIGTERM', () => signals.handle('SIGTERM'));
  await started;
  return -1;
}
