import type { z } from 'zod';
import type { DependencyContainer, InjectionToken } from 'tsyringe';
import type { GatewayError } from '../errors/gateway-error';
import type { PluginErrorCode, PluginErrorCodes } from '../errors/plugin-error-codes';
import type { ApiStyleDefinition } from './api-style-definition';
import type { CliCommand } from './cli-command';
import type { ConfigSource } from './config-source';
import type { ConfigSectionDefinition } from './config-section';
import type { EndpointSettingsDefinition } from './endpoint-settings';
import type { PipelinePhase, PipelinePlugin } from './pipeline-plugin';
import type { PluginService } from './plugin-service';
import type { OperatorAccessCheck, RouteGroup } from './route-definition';
import type { ProviderDefinition } from './provider-definition';

export const PLUGIN_SPEC_VERSION = 1;

/** `operator`: serves the operator's half (admin API, UI, catalogue) and adds no API style, provider or call phase. */
export type PluginKind = 'provider' | 'api-style' | 'pipeline' | 'operator';

/**
 * What a plugin module exports (as `default` or as the module itself).
 * `register` is called once, at load, before the config is validated, so a
 * provider plugin can add a `type:` that the config then uses.
 */
export interface GatewayPlugin {
  specVersion: typeof PLUGIN_SPEC_VERSION;
  name: string;
  kind: PluginKind;
  /** What this plugin needs from other plugins; the gateway checks it at start (docs/plugins.md). */
  dependencies?: PluginDependencies;
  register(api: PluginApi): void;
}

/**
 * Which other plugins a plugin needs, by their `name`. Declared so that a gateway
 * missing one, or running them in the wrong order, refuses to start with a message
 * naming both, instead of failing obscurely or silently doing less.
 */
export interface PluginDependencies {
  /** Plugins that must be loaded; the loader registers each before this one, whatever the list order. */
  plugins?: readonly string[];
  /** Pipeline outputs of other plugins this one reads: each writer must be loaded and write before the read. */
  reads?: readonly PipelineRead[];
}

/** One pipeline output a plugin reads from another plugin (e.g. a ContextKey another plugin sets in an earlier phase). */
export interface PipelineRead {
  /** The `name` of the plugin that writes it. */
  plugin: string;
  /** What is read, for messages only (e.g. the ContextKey's exported name). */
  output: string;
  /** The phase in which the writer writes it. */
  writtenIn: PipelinePhase;
  /** The phase in which this plugin reads it: a later phase, or the same phase at a priority that runs after the writer's. */
  readIn: PipelinePhase;
}

export type PipelinePluginClass = new (...args: any[]) => PipelinePlugin;

/**
 * Handed to `register`. It carries core's own zod and error class so that a
 * plugin loaded from a path needs no dependency on core to work.
 */
export interface PluginApi {
  readonly z: typeof z;
  readonly GatewayError: typeof GatewayError;
  /** This gateway's DI container: resolve core services or register your own. */
  readonly container: DependencyContainer;
  readonly tokens: Readonly<Record<string, InjectionToken<unknown>>>;
  registerProvider(definition: ProviderDefinition): void;
  /** An inbound API format; its routes are mounted as a data-plane route group. */
  registerApiStyle(definition: ApiStyleDefinition): void;
  /** HTTP routes outside any API style (admin, keys, usage, catalogue, UI), each group declaring its plane. */
  registerRoutes(group: RouteGroup): void;
  /** An instance, or a tsyringe-injectable class resolved from the container. */
  registerPipeline(plugin: PipelinePlugin | PipelinePluginClass): void;
  /** Adds a plugin-owned section to every endpoint's config (validated, documented, resolved at load). */
  registerEndpointSettings(definition: EndpointSettingsDefinition): void;
  /** Adds a `model-gateway <name>` subcommand. */
  registerCommand(command: CliCommand): void;
  /** Adds a top-level section to the config (validated, documented; read from `GatewayConfig.sections`). */
  registerConfigSection(definition: ConfigSectionDefinition): void;
  /** Declares the error codes this plugin raises (made with defineErrorCodes); a code another plugin registered is a start error naming both. */
  registerErrorCodes(codes: PluginErrorCodes | readonly PluginErrorCode[]): void;
  /** Runs something for the life of the gateway: started before the listener opens, stopped after it closes. */
  registerService(service: PluginService): void;
  /** Adds a place connections and endpoints are declared besides the config file (the admin store): core validates, merges and applies what it publishes. */
  registerConfigSource(source: ConfigSource): void;
  /** Sets who may call `access: 'operator'` routes, and whether that takes a credential (one plugin may; the admin API does). */
  registerOperatorAccess(access: OperatorAccess): void;
}

/**
 * The guard of the operator routes (`access: 'operator'`, and the operator-plane routes of
 * the plugin that registers it), as that plugin decides it.
 */
export interface OperatorAccess {
  /** Refuses a request to an operator route by throwing a GatewayError (401/403). */
  check: OperatorAccessCheck;
  /**
   * Whether, under the config in force, every operator route needs a credential (a token
   * the caller must present), rather than trusting something a browser page can borrow,
   * such as a loopback address. While it answers false core refuses requests whose `Host`
   * is not one of the gateway's names (DNS rebinding). Asked at start and again only when a
   * reload replaced the config, never per request; answer from the live config.
   */
  requiresCredential(): boolean;
}

/** What the plugins registered, for plugins that list it (the provider catalogue). */
export interface PluginCatalog {
  readonly plugins: ReadonlyArray<{ name: string; kind: PluginKind; source: string }>;
  readonly providers: ReadonlyMap<string, ProviderDefinition>;
  readonly apiStyles: ReadonlyMap<string, ApiStyleDefinition>;
  readonly endpointSettings: ReadonlyMap<string, EndpointSettingsDefinition>;
  readonly commands: ReadonlyMap<string, CliCommand>;
  readonly configSections: ReadonlyMap<string, ConfigSectionDefinition>;
}
