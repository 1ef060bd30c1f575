export interface Timeouts {
  connectMs: number;
  firstByteMs: number;
  idleMs: number;
  totalMs: number;
}

export type EndpointKind = 'chat' | 'embeddings';

/** Who owns a connection or an endpoint: the YAML file (`config`), or the name of a run-time config source (the admin store's is `api`). */
export type ObjectSource = string;

/** The config file's source name; every other source wins over it for a name they share. */
export const FILE_SOURCE = 'config';

/** A provider connection and model that can serve an endpoint. */
export interface EndpointTarget {
  /** The connection name (a `providers:` key, or a type name for an implicit connection). */
  provider: string;
  /** What is sent upstream: a model name, or for some providers a deployment or serving endpoint's name. */
  model: string;
  /** The model catalogue's name for what `model` serves (facts, prices, cost); `model` unless the config says otherwise. */
  catalogModel: string;
  /** Relative share of the split; 0 for fallbacks and disabled targets. */
  weight: number;
}

export interface RetryPolicy {
  /** Extra tries of one target after a retryable failure. */
  attempts: number;
  backoffMs: number;
  maxBackoffMs: number;
}

/** An endpoint as the registry holds it: resolved, defaults applied. */
export interface Endpoint {
  name: string;
  kind: EndpointKind;
  /** The first split target's connection and model (what a single-provider endpoint names). */
  provider: string;
  model: string;
  /** The traffic split: at least one target with a weight above 0. */
  targets: EndpointTarget[];
  /** Tried in order after the split's pick fails. */
  fallbacks: EndpointTarget[];
  retry: RetryPolicy;
  /** `totalMs` is the deadline of the whole call, retries and fallbacks included. */
  timeouts: Timeouts;
  /**
   * Plugin-owned sections of the endpoint (`breaker:`, ...), each resolved by the
   * plugin that registered it (`PluginApi.registerEndpointSettings`); absent when
   * the endpoint was built in code, and then the plugin applies its defaults.
   */
  settings: Readonly<Record<string, unknown>>;
  /** Who owns it: the YAML (`config`, replaced on reload) or a run-time config source (kept across reloads). */
  source: ObjectSource;
}
