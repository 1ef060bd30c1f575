import { isDeepStrictEqual } from 'node:util';
import type { ConnectionSettings, ProviderConnection, ProviderDefinition } from '../contracts/provider-definition';
import { Secret } from '../secrets/secret';

export interface LiveConnection {
  connection: ProviderConnection;
  definition: ProviderDefinition;
}

/**
 * Provider connections by name, built once per config (never per request).
 * A reload keeps a connection whose settings did not change, so its pooled
 * sockets survive, and closes the ones that went away.
 */
export class ConnectionRegistry {
  private readonly live = new Map<string, LiveConnection & { settings: ConnectionSettings }>();

  constructor(private readonly definitions: ReadonlyMap<string, ProviderDefinition>) {}

  get(name: string): LiveConnection | undefined {
    return this.live.get(name);
  }

  names(): string[] {
    return [...this.live.keys()];
  }

  async apply(settingsList: readonly ConnectionSettings[]): Promise<void> {
    const wanted = new Set(settingsList.map((s) => s.name));
    const retired: ProviderConnection[] = [];
    for (const settings of settingsList) {
      const current = this.live.get(settings.name);
      if (current && sameSettings(current.settings, settings)) continue;
      const definition = this.definitions.get(settings.type);
      if (!definition) throw new Error(`provider type "${settings.type}" is not registered`);
      this.live.set(settings.name, { settings, definition, connection: definition.createConnection(settings) });
      if (current) retired.push(current.connection);
    }
    for (const [name, current] of this.live) {
      if (wanted.has(name)) continue;
      this.live.delete(name);
      retired.push(current.connection);
    }
    await Promise.all(retired.map((c) => c.close?.()));
  }

  async closeAll(): Promise<void> {
    const all = [...this.live.values()];
    this.live.clear();
    await Promise.all(all.map((c) => c.connection.close?.()));
  }
}

function sameSettings(a: ConnectionSettings, b: ConnectionSettings): boolean {
  const { apiKey: keyA, options: optionsA, ...restA } = a;
  const { apiKey: keyB, options: optionsB, ...restB } = b;
  const keysEqual = keyA === undefined ? keyB === undefined : keyA.equals(keyB);
  return keysEqual && isDeepStrictEqual(restA, restB) && isDeepStrictEqual(revealAll(optionsA), revealAll(optionsB));
}

function revealAll(options: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(options)) out[k] = v instanceof Secret ? v.reveal() : v;
  return out;
}
