export interface CliArgs {
  command: 'serve' | 'check-config' | 'schema' | 'help';
  config?: string;
  port?: number;
  host?: string;
  write: boolean;
  check: boolean;
}

/** `model-gateway [serve|check-config [file]|schema [--write|--check]] [--config f] [--port n] [--host h]` */
export function parseArgs(argv: readonly string[]): CliArgs {
  const args: CliArgs = { command: 'serve', write: false, check: false };
  const rest = [...argv];
  if (rest[0] && !rest[0].startsWith('-')) {
    const command = rest.shift() as string;
    if (command !== 'serve' && command !== 'check-config' && command !== 'schema' && command !== 'help') {
      throw new Error(`unknown command "${command}" (expected serve, check-config, schema, help or a plugin's command)`);
    }
    args.command = command;
    if (command === 'check-config' && rest[0] && !rest[0].startsWith('-')) args.config = rest.shift();
  }
  while (rest.length > 0) {
    const flag = rest.shift() as string;
    const [name, inline] = flag.split(/=(.*)/s, 2);
    const value = () => {
      const v = inline ?? rest.shift();
      if (v === undefined || v === '') throw new Error(`${name} needs a value`);
      return v;
    };
    switch (name) {
      case '--config': case '-c': args.config = value(); break;
      case '--host': args.host = value(); break;
      case '--port': case '-p': args.port = parsePort(value()); break;
      case '--write': args.write = true; break;
      case '--check': args.check = true; break;
      case '--help': case '-h': args.command = 'help'; break;
      default: throw new Error(`unknown option "${flag}"`);
    }
  }
  return args;
}

export function parsePort(text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535) throw new Error(`port must be an integer from 0 to 65535, got "${text}"`);
  return port;
}
