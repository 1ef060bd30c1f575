import type { Endpoint } from './endpoint';
import type { ConnectionSettings, ProviderConnection } from './provider-definition';

/**
 * Somewhere connections and endpoints are declared besides the config file (the admin
 * API's store). A source hands core raw declarations — the YAML's own fields — and core
 * validates, resolves and merges them with the file's and puts the result in the
 * registries. A source registered later wins over the file for a name they share: it
 * was set later, on purpose. Registered with `PluginApi.registerConfigSource`.
 */
export interface ConfigSource {
  /** Its name, shown as the `source` of what it declares (`config` is the file's). */
  readonly name: string;
  /** Called once, before services start, with what the source uses to publish and check declarations. */
  attach(host: ConfigSourceHost): void;
  /**
   * A connection that refuses every call, put in place of a declared one that cannot be
   * used, so its endpoints answer an error rather than go silent; `settings` carry the
   * declaration's type and base URL only.
   */
  standIn(settings: ConnectionSettings, reason: UnusableReason): ProviderConnection;
}

/** Why a declared connection cannot be used: the source said so, or its fields no longer validate. */
export type UnusableReason = { kind: 'declared'; problem: string } | { kind: 'invalid'; message: string };

/** A connection as a source declares it: a `providers:` entry's fields (with `type`) under a name. */
export interface ConnectionDeclaration {
  name: string;
  /** The entry's fields, credentials in clear; when `unavailable` is set only `type` and `base_url` are read. */
  body: Readonly<Record<string, unknown>>;
  /** Whether the connection may reach loopback and private addresses. */
  allowPrivate: boolean;
  /** Set when the source knows the connection cannot be used (its credentials cannot be read, say): a stand-in is put in. */
  unavailable?: string;
}

/** An endpoint as a source declares it: an `endpoints:` entry's fields, `name` included. */
export interface EndpointDeclaration {
  name: string;
  body: Readonly<Record<string, unknown>>;
}

/** Everything a source declares now; each publication replaces the previous one. */
export interface SourceDeclarations {
  connections: readonly ConnectionDeclaration[];
  endpoints: readonly EndpointDeclaration[];
}

/** What core could not use from a publication, by name, with the validation message; the rest is applied. */
export interface PublishOutcome {
  connections: ReadonlyMap<string, string>;
  endpoints: ReadonlyMap<string, string>;
}

/** A check that failed: `param` is the first offending field's path, `message` every problem, as the YAML reports them. */
export interface DeclarationProblem {
  ok: false;
  param: string | undefined;
  message: string;
}

/** An endpoint that passed the checks: its fields as validated (the YAML's), and resolved as the registry would hold it. */
export interface CheckedEndpoint {
  ok: true;
  declared: DeclaredEndpoint;
  endpoint: Endpoint;
}

/** The routing fields of a validated endpoint entry, as written (before defaults). */
export interface DeclaredEndpoint {
  readonly name: string;
  readonly provider?: string;
  readonly targets?: ReadonlyArray<{ readonly provider: string; readonly model: string }>;
  readonly fallbacks?: ReadonlyArray<{ readonly provider: string; readonly model: string }>;
  readonly [field: string]: unknown;
}

/** A connection that passed the checks: its validated fields and its resolved settings. */
export interface CheckedConnection {
  ok: true;
  fields: Readonly<Record<string, unknown>>;
  settings: ConnectionSettings;
  /** No API key, and the type needs one at this base URL. */
  keyMissing: boolean;
}

/** Handed to a source when it is attached: the one way its declarations are checked and applied. */
export interface ConfigSourceHost {
  /**
   * Replaces what this source declares and applies the merge to the registries, connections
   * before the endpoints that use them; resolves once applied, with what was refused.
   */
  publish(declarations: SourceDeclarations): Promise<PublishOutcome>;
  /**
   * Checks an endpoint before the source stores it: the YAML's endpoint schema, then its
   * reference checks against the live connections. Publishing the same body later reuses
   * this resolution rather than validating again.
   */
  checkEndpoint(body: Readonly<Record<string, unknown>>): CheckedEndpoint | DeclarationProblem;
  /**
   * Checks a connection before the source stores it, with the YAML's schema for its type
   * (the type must be loaded) and the type's own check of run-time entries. Credential
   * fields and header values are never echoed in a message.
   */
  checkConnection(name: string, body: Readonly<Record<string, unknown>>, allowPrivate: boolean): CheckedConnection | DeclarationProblem;
}
