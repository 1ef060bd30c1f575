import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { container as rootContainer, type DependencyContainer } from 'tsyringe';
import type { Logger } from 'pino';
import { ConfigError } from './config/config-error';
import { GatewayError } from './errors/gateway-error';
import { parseByteSize } from './http/read-json-body';
import type { GatewayConfig } from './config/gateway-config';
import { loadConfigFile, loadConfigText } from './config/load-config';
import { TOKENS } from './di/tokens';
import { registerCoreServices } from './di/core-services';
import { createApp } from './http/create-app';
import { describeHostCheck, HostCheckSwitch } from './http/host-check-switch';
import { HostMatcher } from './http/host-matcher';
import { expressServerClasses } from './http/express-server-classes';
import { createLogger } from './logging/create-logger';
import { Pipeline } from './pipeline/pipeline';
import { RouteHints } from './pipeline/route-hints';
import { Runtime } from './pipeline/runtime';
import { RelayProxy } from './passthrough/relay-proxy';
import { ShutdownDelay } from './http/shutdown-delay';
import { CredentialIncidents } from './routing/credential-incidents';
import { PluginRegistry } from './plugins/plugin-registry';
import { ConnectionRegistry } from './registry/connection-registry';
import { EndpointRegistry } from './registry/endpoint-registry';
import { LiveConfig } from './config/live-config';
import { ConfigSources } from './config/config-sources';
import { DEFAULT_TIMEOUTS } from './config/config-schema';
import { createStateStore } from './state/create-state-store';
import { RedisConnections } from './state/redis-connections';
import type { StateStore } from './contracts/state-store';
import { UpstreamClient } from './upstream/upstream-client';

export interface GatewayOptions {
  /** A YAML file to serve (watched for edits), or YAML text (tests). */
  configFile?: string;
  configText?: string;
  /** Where relative plugin paths in `configText` resolve from (default: the working directory). */
  baseDir?: string;
  /** Command-line and environment overrides of `server:`. */
  host?: string;
  port?: number;
  env?: NodeJS.ProcessEnv;
  logger?: Logger;
  /** Reload when the config file changes (default true for a file). */
  watch?: boolean;
  /**
   * The clock of time-based log throttles (a refused provider credential is logged once a minute), of plugins (TOKENS.Clock)
   * and of the embedded state store's TTLs, so state a plugin times on it also lapses on it; tests advance it.
   */
  now?: () => number;
  /** The distribution's plugins (package names), loaded before the config's `plugins:`; its entry point supplies them. */
  builtinPlugins?: readonly string[];
}

/** How often Node checks requests against headers_timeout_ms and request_timeout_ms (its default, 30 s, would let them overrun by that much). */
const TIMEOUT_CHECK_MS = 1000;
/** During a shutdown, how often connections that went idle are closed. */
const IDLE_SWEEP_MS = 100;
/** After the grace period, how long ended calls get to write their errors before connections are cut. */
const FLUSH_MS = 2000;

/** One running gateway: its DI container, registries, pipeline and HTTP server. */
export class Gateway {
  private server?: http.Server;
  private watcher?: fs.FSWatcher;
  private reloadTimer?: NodeJS.Timeout;
  private shuttingDown?: Promise<void>;
  /** Ends the shutdown's grace period early (a second signal). */
  private endGrace?: () => void;
  /** A second signal came: the rest of the delay and the grace period are skipped. */
  private endedNow = false;
  /** server.shutdown_delay_ms: draining (/ready 503) while still serving, before the listener closes. */
  private readonly delay = new ShutdownDelay();
  /** Whether the Host check applies, following the live config (built when the listener is). */
  private hostCheck?: HostCheckSwitch;

  private constructor(
    readonly container: DependencyContainer,
    readonly config: GatewayConfig,
    private readonly live: LiveConfig,
    readonly plugins: PluginRegistry,
    readonly endpoints: EndpointRegistry,
    readonly connections: ConnectionRegistry,
    readonly store: StateStore,
    readonly runtime: Runtime,
    private readonly pipeline: Pipeline,
    readonly logger: Logger,
    private readonly upstream: UpstreamClient,
    private readonly relayProxy: RelayProxy,
    private readonly options: GatewayOptions,
    private readonly sources: ConfigSources,
  ) {}

  /** Loads and validates the config (throws ConfigError), then listens. */
  static async start(options: GatewayOptions): Promise<Gateway> {
    const container = rootContainer.createChildContainer();
    // Before the plugins load, so a plugin switched on by environment variables (tracing) can
    // decide in `register` to add nothing at all; the core services below register it again.
    container.register(TOKENS.Environment, { useValue: options.env ?? process.env });
    const plugins = new PluginRegistry(container);
    const config = readConfig(options, plugins);
    const logger = options.logger ?? createLogger(options.env?.LOG_LEVEL ?? process.env.LOG_LEVEL ?? config.logging.level, undefined, plugins.clientCredentialHeaders());
    for (const warning of config.warnings) logger.warn(warning);

    // Every Redis connection of this gateway (state store, plugins' stores) comes from this one factory.
    const redis = new RedisConnections({ topology: config.state.redis, keyPrefix: config.state.keyPrefix }, (_event, detail) => logger.debug(detail, 'redis connection error'));
    const store = createStateStore(
      config.state,
      (error) => logger.debug({ err: error.message }, 'state store error'),
      (event, detail) => logger.warn(detail, `state store ${event}`),
      options.now,
      redis,
    );
    const endpoints = new EndpointRegistry();
    // Calls in flight on a replaced connection finish on it: it closes after the longest default deadline.
    const connections = new ConnectionRegistry(plugins.providers, { retireGraceMs: DEFAULT_TIMEOUTS.total_ms });
    const upstreamBodyLimit = parseByteSize(config.server.upstreamBodyLimit);
    const upstream = new UpstreamClient(undefined, upstreamBodyLimit);
    const live = new LiveConfig(config);
    registerCoreServices(container, {
      Logger: logger,
      StateStore: store,
      Redis: redis,
      EndpointRegistry: endpoints,
      ConnectionRegistry: connections,
      UpstreamClient: upstream,
      PluginRegistry: plugins,
      Environment: options.env ?? process.env,
      Routes: [],
      Clock: options.now ?? Date.now,
      Config: live,
    });

    // The file and the run-time sources plugins registered (the admin store, which publishes when its service starts).
    const sources = new ConfigSources(plugins, connections, endpoints, logger);
    for (const source of plugins.configSources) sources.attach(source);
    await sources.applyFile(config);
    const pipeline = new Pipeline(plugins.pipelinePlugins(), logger);
    const relayProxy = new RelayProxy(plugins.clientCredentialHeaders(), upstreamBodyLimit, plugins.apiStyles.values());
    const runtime = new Runtime(endpoints, connections, pipeline, store, logger, upstream, relayProxy, new RouteHints(plugins.apiStyles.values()), new CredentialIncidents(logger, options.now));

    const gateway = new Gateway(container, config, live, plugins, endpoints, connections, store, runtime, pipeline, logger, upstream, relayProxy, options, sources);
    try {
      await plugins.startServices({ listenHost: options.host ?? config.server.host }, gateway.logStopError);
      await gateway.listen();
    } catch (error) {
      await gateway.close();
      throw error;
    }
    if (options.configFile && options.watch !== false) gateway.watch(options.configFile);
    return gateway;
  }

  get url(): string {
    const address = this.server?.address() as AddressInfo;
    return `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  }

  /**
   * Re-reads the config file and applies endpoints and connections. A bad file
   * changes nothing: the old config keeps serving and the problems are logged.
   */
  async reload(): Promise<boolean> {
    let next: GatewayConfig;
    try {
      next = readConfig(this.options, this.plugins);
    } catch (error) {
      const problems = error instanceof ConfigError ? error.problems : [(error as Error).message];
      this.logger.error({ problems }, 'config reload rejected; the previous config stays in force');
      return false;
    }
    for (const warning of next.warnings) this.logger.warn(warning);
    if (JSON.stringify(next.server) !== JSON.stringify(this.config.server) || JSON.stringify(next.state.redis) !== JSON.stringify(this.config.state.redis)) {
      this.logger.warn('server: and state: changes take effect on restart');
    }
    await this.sources.applyFile(next);
    this.live.replace(next);
    this.logger.info({ endpoints: next.endpoints.length }, 'config reloaded');
    // Decided now rather than at the next request, so a change of Host policy is logged with the reload.
    this.hostCheck?.applies();
    return true;
  }

  /**
   * Stops gracefully: /ready answers 503 at once while requests are still served for
   * `delayMs` (server.shutdown_delay_ms), so balancers stop routing here; then no new
   * connections, and requests and streams in flight get `graceMs`
   * (server.shutdown_grace_ms) to finish; what remains then ends with
   * server_shutting_down (in-band for a started stream); then `close()`. Called
   * again while it runs, it skips the rest of the delay and ends the grace period at once.
   */
  shutdown(graceMs = this.config.server.shutdownGraceMs, delayMs = this.config.server.shutdownDelayMs): Promise<void> {
    if (this.shuttingDown) {
      this.endedNow = true;
      this.delay.skip();
      this.endGrace?.();
      return this.shuttingDown;
    }
    this.shuttingDown = this.drain(graceMs, delayMs).then(() => this.close());
    return this.shuttingDown;
  }

  private async drain(graceMs: number, delayMs: number): Promise<void> {
    const server = this.server;
    if (!server) return;
    // Answers from now on close their connection: a keep-alive client, or a balancer's pooled
    // connection, opens its next one anew and so reaches a replica that is not draining.
    server.prependListener('request', (_req: http.IncomingMessage, res: http.ServerResponse) => (res.shouldKeepAlive = false));
    if (delayMs > 0) this.logger.info({ delayMs, inFlight: this.runtime.inFlightCount }, 'draining: /ready answers 503, still serving until the delay ends');
    await this.delay.wait(delayMs);
    const drained = new Promise<void>((resolve) => server.close(() => resolve()));
    // A connection whose answer finished goes idle; close it rather than wait for its keep-alive timeout.
    const idleSweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    let graceTimer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<void>((resolve) => {
      this.endGrace = resolve;
      // A second signal during the delay already asked for the grace period to be skipped.
      if (this.endedNow) resolve();
      else graceTimer = setTimeout(resolve, graceMs);
    });
    const inFlight = this.runtime.inFlightCount;
    this.logger.info({ inFlight, graceMs }, 'shutting down: listener closed, waiting for requests in flight');
    try {
      await Promise.race([drained, graceOver]);
      if (this.runtime.inFlightCount === 0) return;
      const ended = this.runtime.cancelInFlight(
        new GatewayError('server_shutting_down', `The gateway is shutting down and the call did not finish within ${graceMs} ms; retry it.`),
      );
      this.logger.warn({ ended }, 'shutdown grace period over: ending calls still in flight');
      // Each ended call writes its error and finishes its response; give them a moment to flush.
      const deadline = Date.now() + FLUSH_MS;
      while (this.runtime.inFlightCount > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      clearInterval(idleSweep);
      clearTimeout(graceTimer);
    }
  }

  /** Stops at once: open connections are cut (a test's teardown, or the end of `shutdown`). */
  async close(): Promise<void> {
    this.watcher?.close();
    clearTimeout(this.reloadTimer);
    await new Promise<void>((resolve) => {
      if (!this.server) return resolve();
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
    await this.plugins.stopServices(this.logStopError);
    await this.connections.closeAll();
    await this.upstream.close();
    this.relayProxy.close();
    await this.store.close();
    // A plugin that left a connection open (a failed start) does not keep the process alive.
    await this.container.resolve(TOKENS.Redis).closeAll();
  }

  private readonly logStopError = (service: string, error: unknown): void => {
    this.logger.error({ service, err: error }, 'service failed to stop');
  };

  private async listen(): Promise<void> {
    const { publicUrl, allowedHosts } = this.config.server;
    const operatorAccess = this.plugins.operatorAccess;
    this.hostCheck = new HostCheckSwitch(
      {
        currentConfig: () => this.live.current,
        // No guard registered: the operator routes are open to anyone.
        operatorRoutes: () => operatorAccess?.requiresCredential() ?? false,
        dataPlane: () => this.pipeline.plugins.some((plugin) => plugin.requiresCredential?.() === true),
      },
      allowedHosts.length > 0,
      (decision) => this.logger.info({ hostCheck: decision.applies ? 'on' : 'off', allowedHosts }, describeHostCheck(decision, publicUrl, allowedHosts)),
    );
    this.hostCheck.applies();
    const app = createApp({
      routeGroups: this.plugins.routeGroups,
      runtime: this.runtime,
      store: this.store,
      logger: this.logger,
      bodyLimit: this.config.server.bodyLimit,
      mounted: this.container.resolve(TOKENS.Routes),
      allowedOrigins: this.config.server.allowedOrigins,
      publicUrl,
      hostCheck: { matcher: new HostMatcher(publicUrl ? [new URL(publicUrl).host, ...allowedHosts] : allowedHosts), applies: this.hostCheck.applies },
      operatorAccess: operatorAccess?.check,
      draining: () => this.delay.draining,
    });
    // Node's request timeout covers receiving the request (headers and body), not the
    // answer: a slow client is cut with a 408, a long stream is bounded by upstream timeouts.
    const server = http.createServer(
      {
        ...expressServerClasses(app),
        headersTimeout: this.config.server.headersTimeoutMs,
        requestTimeout: this.config.server.requestTimeoutMs,
        connectionsCheckingInterval: Math.min(TIMEOUT_CHECK_MS, this.config.server.headersTimeoutMs),
      },
      app,
    );
    server.keepAliveTimeout = 65_000;
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.port ?? this.config.server.port, this.options.host ?? this.config.server.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const bound = server.address() as AddressInfo;
    this.runtime.listenAddress = { host: bound.address, port: bound.port, publicUrl: this.config.server.publicUrl, names: this.config.server.allowedHosts };
    this.logger.info({ url: this.url, endpoints: this.endpoints.list().length, state: this.store.kind }, 'listening');
  }

  /** Watches the folder, not the file: editors save by writing a new file and renaming it over the old one. */
  private watch(file: string): void {
    const absolute = path.resolve(file);
    this.watcher = fs.watch(path.dirname(absolute), (_event, name) => {
      if (name !== path.basename(absolute)) return;
      clearTimeout(this.reloadTimer);
      this.reloadTimer = setTimeout(() => void this.reload(), 150);
    });
    this.watcher.unref();
  }
}

function readConfig(options: GatewayOptions, plugins: PluginRegistry): GatewayConfig {
  if (options.configText !== undefined) {
    return loadConfigText(options.configText, { registry: plugins, builtinPlugins: options.builtinPlugins, env: options.env, baseDir: options.baseDir });
  }
  if (!options.configFile) throw new ConfigError(['no config file or text given']);
  return loadConfigFile(options.configFile, { registry: plugins, builtinPlugins: options.builtinPlugins, env: options.env });
}
