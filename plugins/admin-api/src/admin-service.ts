import type { DependencyContainer } from 'tsyringe';
import type { Logger } from 'pino';
import type { Request } from 'express';
import { TOKENS, writeJson, type GatewayRuntime, type PluginService, type RouteDefinition, type ServiceContext } from '@model-gateway/core';
import { MODEL_CATALOG } from '@model-gateway/model-catalog';
import { FileStore, RedisAdminStore, storeCollections, type AdminStore, type StoreSnapshot } from '@model-gateway/admin-store';
import { adminSettings, type AdminSettings } from './admin-config';
import type { AdminExtension } from './admin-extension';
import { AdminOperations } from './admin-operations';
import { authorize, isLoopbackHost, type AccessPolicy } from './http/admin-access';
import { adminHandlers, type AdminHandlers } from './http/admin-handlers';
import { adminRoutes } from './http/admin-routes';
import { bodySchemas } from './http/body-schemas';
import { openApiDocument } from './http/openapi-document';
import { CONNECTIONS, ENDPOINTS } from './store/admin-collections';
import { AdminConfigSource } from './store/admin-config-source';
import { AdminState, type Mutation } from './store/admin-state';
import { SecretsKeyring } from './store/secrets-keyring';

/** The log line of each Redis store event. */
const STORE_EVENTS = {
  unreachable: 'admin store: Redis unreachable; serving the last state read, changes answer 503',
  recovered: 'admin store: Redis reachable again',
  invalid: 'admin store: Redis holds a value the gateway did not write; serving the last valid state read, changes answer 503 until it is fixed',
} as const;

/**
 * The admin API for the life of the gateway: at start it opens the store (the data
 * directory's file, or Redis when state.redis_url, redis_cluster or redis_sentinel is set), publishes what it holds to
 * core through its config source before the listener opens, and keeps following it; its
 * routes serve /api/connections, /api/endpoints and /api/openapi.json.
 */
export class AdminService implements PluginService, AdminExtension {
  readonly name = 'admin-api';
  private state?: AdminState;
  private keyring?: SecretsKeyring;
  private store?: AdminStore;
  private listenHost = '127.0.0.1';
  private readonly snapshotListeners: Array<(snapshot: StoreSnapshot) => void> = [];
  /** The store as a config source (registered with core at plugin load). */
  readonly configSource = new AdminConfigSource();

  constructor(private readonly container: DependencyContainer) {}

  async start(context: ServiceContext): Promise<void> {
    this.listenHost = context.listenHost;
    const settings = this.settings();
    const logger = this.logger();
    // The collections plugins registered at load (gateway keys, ...), and Redis connections from core's one factory.
    const collections = storeCollections(this.container);
    this.store = settings.redis.kind !== 'none'
      ? new RedisAdminStore({
          redis: this.container.resolve(TOKENS.Redis),
          keyPrefix: settings.keyPrefix,
          collections,
          onEvent: (event, detail) => logger.warn(detail, STORE_EVENTS[event]),
        })
      : new FileStore(settings.dataDir, { collections });
    this.keyring = new SecretsKeyring({ kind: this.store.kind, secretsKey: settings.secretsKey, dataDir: settings.dataDir, logger });
    this.state = new AdminState({
      store: this.store,
      keyring: this.keyring,
      host: this.configSource.host,
      logger,
      allowPrivate: () => this.settings().allowPrivate,
    });
    for (const listener of this.snapshotListeners) this.state.onApplied(listener);
    try {
      await this.state.start();
    } catch (error) {
      await this.store.close().catch(() => undefined);
      throw error;
    }
    const snapshot = this.store.current();
    logger.info(
      { store: this.store.kind, ...(this.store.kind === 'embedded' ? { dir: settings.dataDir } : {}), version: snapshot.version, connections: CONNECTIONS.all(snapshot).size, endpoints: ENDPOINTS.all(snapshot).size },
      'admin store loaded',
    );
    if (settings.token === undefined && !isLoopbackHost(this.listenHost)) {
      logger.warn(
        { host: this.listenHost },
        'admin API: listening on a non-loopback address with no admin token, so changes through /api are refused (403); set GATEWAY_ADMIN_TOKEN or admin.token to enable them',
      );
    }
  }

  async stop(): Promise<void> {
    await this.store?.close();
  }

  /** The store this service opened (ADMIN_STORE); throws before the gateway started. */
  openedStore(): AdminStore {
    if (!this.store) throw new Error('the admin store is opened when the gateway starts (admin-api\'s service): resolve ADMIN_STORE from then on');
    return this.store;
  }

  onSnapshot(listener: (snapshot: StoreSnapshot) => void): void {
    this.snapshotListeners.push(listener);
    this.state?.onApplied(listener);
  }

  mutate<T>(build: (snapshot: StoreSnapshot) => Promise<Mutation<T>>): Promise<T> {
    if (!this.state) throw new Error('the admin API service was not started');
    return this.state.mutate(build);
  }

  handlers(): AdminHandlers {
    return adminHandlers(() => this.access(), this.logger());
  }

  /** The configuration-read rule, applied to other plugins' operator routes (usage, spend). */
  authorizeRead(req: Request): void {
    authorize(req, 'read', this.access());
  }

  /** Whether every /api route needs the admin token now (one is set); without one, loopback callers are trusted. */
  requiresToken(): boolean {
    return this.settings().token !== undefined;
  }

  private access(): AccessPolicy {
    return { token: this.settings().token, listenHost: this.listenHost };
  }

  routes(runtime: GatewayRuntime): RouteDefinition[] {
    if (!this.state || !this.keyring) throw new Error('the admin API service was not started');
    const plugins = this.container.resolve(TOKENS.PluginRegistry);
    const operations = new AdminOperations({
      state: this.state,
      keyring: this.keyring,
      host: this.configSource.host,
      connections: this.container.resolve(TOKENS.ConnectionRegistry),
      endpoints: this.container.resolve(TOKENS.EndpointRegistry),
      plugins,
      runtime,
      catalog: this.container.resolve(MODEL_CATALOG),
      settings: () => this.settings(),
    });
    let document: Record<string, unknown> | undefined;
    const openapi: RouteDefinition = {
      method: 'get',
      path: '/api/openapi.json',
      handle: (_req, res) => {
        document ??= openApiDocument(this.container.resolve(TOKENS.Routes), {
          title: 'model-gateway API',
          version: '1',
          description: 'The gateway\'s /api routes: connections and endpoints managed at run time (docs/admin-api.md), and the routes other plugins serve under /api.',
        });
        writeJson(res, 200, document);
      },
      doc: { summary: 'This OpenAPI document', tags: ['meta'], responses: { 200: { description: 'OpenAPI 3.1, generated from the routes\' zod schemas.' } } },
    };
    return [...adminRoutes({ operations, handlers: this.handlers(), bodies: bodySchemas(plugins) }), openapi];
  }

  /** The settings in force: the live config's sections (a reload may change the token) and the environment. */
  private settings(): AdminSettings {
    return adminSettings(this.container.resolve(TOKENS.Config).current, this.container.resolve(TOKENS.Environment));
  }

  private logger(): Logger {
    return this.container.resolve(TOKENS.Logger);
  }
}

