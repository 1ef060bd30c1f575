import { isDeepStrictEqual } from 'node:util';
import { FILE_SOURCE, type ObjectSource } from '../contracts/endpoint';
import type { ConnectionSettings, ProviderConnection, ProviderDefinition } from '../contracts/provider-definition';
import { Secret } from '../secrets/secret';

export interface LiveConnection {
  connection: ProviderConnection;
  definition: ProviderDefinition;
}

interface Entry extends LiveConnection {
  settings: ConnectionSettings;
  source: ObjectSource;
  /** Put in by a source for a connection that cannot be used; never reused for settings. */
  standIn?: true;
}

export interface ConnectionRegistryOptions {
  /**
   * How long a replaced or removed connection stays open before `close()`: requests that
   * started on it finish on it. 0 closes at once (tests of the registry itself).
   */
  retireGraceMs?: number;
}

/**
 * Provider connections by name, built once per config (never per request). Each config
 * source (the file, a run-time source such as the admin store) applies its own set: an
 * apply keeps a connection whose settings did not change, so its pooled sockets survive,
 * and retires the ones that changed or went away. A run-time source's connection wins over
 * the file's of the same name, and the file's applies leave it alone.
 */
export class ConnectionRegistry {
  private readonly live = new Map<string, Entry>();
  private readonly retiring = new Map<ProviderConnection, NodeJS.Timeout>();
  private readonly retireGraceMs: number;

  constructor(
    private readonly definitions: ReadonlyMap<string, ProviderDefinition>,
    options: ConnectionRegistryOptions = {},
  ) {
    this.retireGraceMs = options.retireGraceMs ?? 0;
  }

  get(name: string): LiveConnection | undefined {
    return this.live.get(name);
  }

  names(): string[] {
    return [...this.live.keys()];
  }

  /** Who owns the connection of that name, if there is one. */
  sourceOf(name: string): ObjectSource | undefined {
    return this.live.get(name)?.source;
  }

  /** Replaces the connections `source` owns with `settingsList` (closing the ones that changed or went away). */
  async apply(settingsList: readonly ConnectionSettings[], source: ObjectSource = FILE_SOURCE): Promise<void> {
    await this.putAll(source, settingsList);
    await this.dropOthers(source, new Set(settingsList.map((s) => s.name)));
  }

  /**
   * Puts in `source`'s connections, keeping each live one whose settings did not change. A
   * stand-in (a connection built elsewhere that answers every call with an error) is put as
   * given. The file never replaces a run-time source's connection: that was set later, on purpose.
   */
  async putAll(source: ObjectSource, settingsList: readonly ConnectionSettings[], standIns: ReadonlyMap<string, ProviderConnection> = new Map()): Promise<void> {
    const retired: ProviderConnection[] = [];
    for (const settings of settingsList) {
      const current = this.live.get(settings.name);
      if (current && current.source !== source && source === FILE_SOURCE) continue;
      const standIn = standIns.get(settings.name);
      if (current?.source === source && (standIn ? current.connection === standIn : current.standIn !== true && sameSettings(current.settings, settings))) continue;
      this.live.set(settings.name, standIn ? { settings, definition: this.definitionOf(settings.type), connection: standIn, source, standIn: true } : this.build(settings, source));
      if (current && current.connection !== standIn) retired.push(current.connection);
    }
    await this.retire(retired);
  }

  /** Removes `source`'s connections not named in `keep`; calls in flight on them finish first. */
  async dropOthers(source: ObjectSource, keep: ReadonlySet<string>): Promise<void> {
    const retired: ProviderConnection[] = [];
    for (const [name, current] of this.live) {
      if (current.source !== source || keep.has(name)) continue;
      this.live.delete(name);
      retired.push(current.connection);
    }
    await this.retire(retired);
  }

  /**
   * Adds or replaces one connection at run time. Unchanged settings keep the live
   * connection; a replaced one is closed after the grace, so calls in flight finish on it.
   */
  async upsert(settings: ConnectionSettings, source: ObjectSource): Promise<LiveConnection> {
    const current = this.live.get(settings.name);
    if (current && current.source === source && current.standIn !== true && sameSettings(current.settings, settings)) return current;
    const entry = this.build(settings, source);
    this.live.set(settings.name, entry);
    if (current) await this.retire([current.connection]);
    return entry;
  }

  /** Removes one connection; calls in flight on it finish before it is closed. */
  async remove(name: string): Promise<boolean> {
    const current = this.live.get(name);
    if (!current) return false;
    this.live.delete(name);
    await this.retire([current.connection]);
    return true;
  }

  /** A connection built from `settings` and never put in (a draft under test): the caller closes it. */
  detached(settings: ConnectionSettings): LiveConnection {
    const definition = this.definitionOf(settings.type);
    return { definition, connection: definition.createConnection(settings) };
  }

  async closeAll(): Promise<void> {
    const all = [...this.live.values()].map((c) => c.connection);
    this.live.clear();
    for (const timer of this.retiring.values()) clearTimeout(timer);
    all.push(...this.retiring.keys());
    this.retiring.clear();
    await Promise.all(all.map((c) => c.close?.()));
  }

  private build(settings: ConnectionSettings, source: ObjectSource): Entry {
    const definition = this.definitionOf(settings.type);
    return { settings, definition, connection: definition.createConnection(settings), source };
  }

  private definitionOf(type: string): ProviderDefinition {
    const definition = this.definitions.get(type);
    if (!definition) throw new Error(`provider type "${type}" is not registered`);
    return definition;
  }

  private async retire(connections: readonly ProviderConnection[]): Promise<void> {
    if (this.retireGraceMs <= 0) {
      await Promise.all(connections.map((c) => c.close?.()));
      return;
    }
    for (const connection of connections) {
      if (!connection.close || this.retiring.has(connection)) continue;
      const timer = setTimeout(() => {
        this.retiring.delete(connection);
        void connection.close?.().catch(() => undefined);
      }, this.retireGraceMs);
      timer.unref();
      this.retiring.set(connection, timer);
    }
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
