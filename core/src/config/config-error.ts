/** A config that cannot be used, with one line per problem, each naming its YAML path. */
export class ConfigError extends Error {
  constructor(readonly problems: string[], readonly file?: string) {
    super(`${file ? `${file}: ` : ''}invalid configuration\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}
