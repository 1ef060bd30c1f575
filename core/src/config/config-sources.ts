import { isDeepStrictEqual } from 'node:util';
import type { Logger } from 'pino';
import { FILE_SOURCE, type Endpoint } from '../contracts/endpoint';
import type { ConnectionSettings, ProviderConnection, ProviderDefinition } from '../contracts/provider-definition';
import type { ConnectionRegistry } from '../registry/connection-registry';
import type { EndpointRegistry } from '../registry/endpoint-registry';
import type { ConfigSource, ConnectionDeclaration, PublishOutcome, SourceDeclarations } from '../contracts/config-source';
import { DeclarationChecker, type DeclarationSchemas } from './declaration-checker';
import type { GatewayConfig } from './gateway-config';

/** What a run-time source's connection declaration became, kept while the declaration is unchanged. */
interface AppliedDeclaration {
  declaration: ConnectionDeclaration;
  settings?: ConnectionSettings;
  standIn?: ProviderConnection;
  problem?: string;
}

interface AttachedSource {
  source: ConfigSource;
  connections: Map<string, AppliedDeclaration>;
}

/**
 * Applies every config source to the registries: the file (at start and on each accepted
 * reload) and the run-time sources plugins register (the admin store). Each source owns
 * what it declares; a run-time source wins over the file for a name they share. Changes
 * are applied one at a time, in the order they arrive.
 */
export class ConfigSources {
  readonly checker: DeclarationChecker;
  private readonly attached: AttachedSource[] = [];
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly schemas: DeclarationSchemas,
    private readonly connections: ConnectionRegistry,
    private readonly endpoints: EndpointRegistry,
    private readonly logger: Logger,
  ) {
    this.checker = new DeclarationChecker(schemas);
  }

  /** Hands a run-time source what it publishes and checks its declarations with. */
  attach(source: ConfigSource): void {
    if (source.name === FILE_SOURCE || this.attached.some((a) => a.source.name === source.name)) {
      throw new Error(`config source "${source.name}" is already registered`);
    }
    const attached: AttachedSource = { source, connections: new Map() };
    this.attached.push(attached);
    source.attach({
      publish: (declarations) => this.serially(() => this.publish(attached, declarations)),
      checkEndpoint: (body) => this.checker.checkEndpoint(body, source.name, this.liveTypes()),
      checkConnection: (name, body, allowPrivate) => this.checker.checkConnection(name, body, allowPrivate),
    });
  }

  /** Applies the file's connections and endpoints (validated and resolved by the loader). */
  applyFile(config: GatewayConfig): Promise<void> {
    return this.serially(async () => {
      await this.connections.apply([...config.connections, ...this.keptFileConnections(config)], FILE_SOURCE);
      this.endpoints.replaceFrom(FILE_SOURCE, config.endpoints);
    });
  }

  private serially<T>(run: () => Promise<T>): Promise<T> {
    const next = this.queue.then(run);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Connections first, then the endpoints that use them, then the connections no longer declared. */
  private async publish(attached: AttachedSource, declarations: SourceDeclarations): Promise<PublishOutcome> {
    const name = attached.source.name;
    const refusedConnections = new Map<string, string>();
    const next = new Map<string, AppliedDeclaration>();
    for (const declaration of declarations.connections) {
      const previous = attached.connections.get(declaration.name);
      const applied = previous && isDeepStrictEqual(previous.declaration, declaration) ? previous : this.connectionOf(attached.source, declaration);
      next.set(declaration.name, applied);
      if (applied.problem !== undefined) refusedConnections.set(declaration.name, applied.problem);
    }
    attached.connections = next;
    const usable = [...next.values()].filter((a) => a.settings);
    const standIns = new Map(usable.filter((a) => a.standIn).map((a) => [a.declaration.name, a.standIn as ProviderConnection]));
    await this.connections.putAll(name, usable.map((a) => a.settings as ConnectionSettings), standIns);

    const refusedEndpoints = new Map<string, string>();
    const endpoints: Endpoint[] = [];
    for (const { name: endpointName, body } of declarations.endpoints) {
      const endpoint = this.checker.endpoint(body, name);
      if ('ok' in endpoint) refusedEndpoints.set(endpointName, endpoint.message);
      else endpoints.push(endpoint);
    }
    this.endpoints.replaceFrom(name, endpoints);
    await this.connections.dropOthers(name, new Set(usable.map((a) => a.declaration.name)));
    this.logger.debug({ source: name, connections: usable.length, endpoints: endpoints.length }, 'config source applied');
    return { connections: refusedConnections, endpoints: refusedEndpoints };
  }

  /** A declared connection's settings, or a stand-in that refuses calls when it cannot be used (nothing when its type is not loaded). */
  private connectionOf(source: ConfigSource, declaration: ConnectionDeclaration): AppliedDeclaration {
    const { name, body } = declaration;
    if (declaration.unavailable === undefined) {
      const checked = this.checker.checkConnection(name, body, declaration.allowPrivate, false);
      if (checked.ok) return { declaration, settings: checked.settings };
      const definition = this.schemas.providers.get(String(body.type));
      return { declaration, problem: checked.message, ...(definition ? this.standIn(source, declaration, definition, { kind: 'invalid', message: checked.message }) : {}) };
    }
    const definition = this.schemas.providers.get(String(body.type));
    return definition ? { declaration, ...this.standIn(source, declaration, definition, { kind: 'declared', problem: declaration.unavailable }) } : { declaration };
  }

  private standIn(source: ConfigSource, { name, body }: ConnectionDeclaration, definition: ProviderDefinition, reason: Parameters<ConfigSource['standIn']>[1]) {
    const baseUrl = typeof body.base_url === 'string' ? body.base_url : definition.defaultBaseUrl;
    const settings: ConnectionSettings = { name, type: definition.type, baseUrl: baseUrl.replace(/\/$/, ''), headers: {}, options: {}, egress: { allowPrivate: false } };
    return { settings, standIn: source.standIn(settings, reason) };
  }

  /** The type of each live connection, for the reference checks of an endpoint being entered. */
  private liveTypes(): Map<string, string> {
    const types = new Map<string, string>();
    for (const name of this.connections.names()) {
      const live = this.connections.get(name);
      if (live) types.set(name, live.definition.type);
    }
    return types;
  }

  /**
   * File connections that run-time sources' endpoints use and the new file no longer
   * declares (an implicit one, after the file's last endpoint of that type went): an
   * unrelated edit must not pull a connection out from under them.
   */
  private keptFileConnections(next: GatewayConfig): ConnectionSettings[] {
    const declared = new Set(next.connections.map((c) => c.name));
    const kept = new Map<string, ConnectionSettings>();
    for (const endpoint of this.endpoints.list()) {
      if (endpoint.source === FILE_SOURCE) continue;
      for (const { provider } of [...endpoint.targets, ...endpoint.fallbacks]) {
        if (declared.has(provider) || this.connections.sourceOf(provider) !== FILE_SOURCE) continue;
        const live = this.connections.get(provider);
        if (live) kept.set(provider, live.connection.settings);
      }
    }
    return [...kept.values()];
  }
}
