/** What a command gets besides its arguments: streams and environment, so tests can run it in-process. */
export interface CliCommandContext {
  env: NodeJS.ProcessEnv;
  cwd: string;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  /** The config file the CLI would serve ($GATEWAY_CONFIG or ./gateway.config.yaml), for commands that read it. */
  configFile: string;
  /** The distribution's plugins, for a command that loads the config itself (LoadConfigOptions.builtinPlugins). */
  builtinPlugins: readonly string[];
}

/**
 * A `model-gateway <name> ...` subcommand that a plugin brings (an operator's tool,
 * a client of a running gateway). Core's own commands take precedence over these names.
 */
export interface CliCommand {
  /** The first word on the command line. */
  name: string;
  /** One line for `model-gateway help`. */
  summary: string;
  /** The command's own usage text, printed for `model-gateway <name> --help` and after a usage error. */
  usage: string;
  /** Runs the command with the words after its name; resolves with the process exit code. */
  run(argv: readonly string[], context: CliCommandContext): Promise<number>;
}
