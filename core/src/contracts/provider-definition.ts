import type { z } from 'zod';
import type { ChatChunk, ChatRequest, ChatResponse } from '../canonical/chat';
import type { EmbeddingsRequest, EmbeddingsResponse } from '../canonical/embeddings';
import type { Secret } from '../secrets/secret';
import type { EgressPolicy } from './egress-policy';
import type { ProviderAttempt } from './provider-attempt';
import type { UpstreamRequest } from './upstream-request';
import type { PassthroughFormat, PassthroughTarget } from './passthrough-target';

/** Whether a connection must have a key, given its settings. */
export function keyRequired(definition: ProviderDefinition, settings: ConnectionSettings): boolean {
  if (definition.requiresApiKey === 'default-base-url') return settings.baseUrl === definition.defaultBaseUrl.replace(/\/$/, '');
  return definition.requiresApiKey;
}

/** How the provider expects its key; credential injection reads this, never the provider code. */
export type AuthScheme =
  | { kind: 'bearer' }
  | { kind: 'header'; header: string; prefix?: string }
  | { kind: 'query'; param: string }
  /**
   * The connection authorizes each request itself (`ProviderConnection.authorize`):
   * for credentials that are not a static key, such as SigV4 signatures over the
   * final request or OAuth tokens minted from a service account.
   */
  | { kind: 'connection' }
  | { kind: 'none' };

export interface ProviderCapabilities {
  chat: boolean;
  embeddings: boolean;
  streaming: boolean;
  tools: boolean;
  vision: boolean;
  jsonSchema: boolean;
  /** Passthrough formats (API styles' format ids) the provider speaks natively: its calls are relayed, not translated. */
  passthrough: PassthroughFormat[];
}

/** A connection as configured: the provider type's base fields plus its own options. */
export interface ConnectionSettings<Options = Record<string, unknown>> {
  /** The `providers:` key, or the type name for an implicit connection. */
  name: string;
  type: string;
  baseUrl: string;
  apiKey?: Secret;
  /** The environment variable the key came from, for error messages (never the key). */
  apiKeySource?: string;
  /** Extra headers sent on every upstream call (an organisation or project header, say). */
  headers: Record<string, string>;
  options: Options;
  /**
   * An implicit connection (an endpoint names the type, no `providers:` entry): it
   * alone read the type's conventional variables (`apiKeyEnv`, `optionsEnv`).
   */
  implicit?: boolean;
  /**
   * The addresses this connection may reach, checked when a socket is opened; absent
   * for connections from the YAML (the operator's own file is trusted as written).
   */
  egress?: EgressPolicy;
}

export type ChatResult =
  | { type: 'response'; response: ChatResponse }
  | { type: 'stream'; chunks: AsyncIterable<ChatChunk> };

/** A live connection to one provider account; built once at config load, shared by requests. */
export interface ProviderConnection {
  readonly settings: ConnectionSettings;
  chat?(request: ChatRequest, attempt: ProviderAttempt): Promise<ChatResult>;
  embeddings?(request: EmbeddingsRequest, attempt: ProviderAttempt): Promise<EmbeddingsResponse>;
  /**
   * Where a passthrough call in `format` goes, or undefined if this provider does not
   * speak that format. `apiVersion` is the version the client addressed, where the
   * format puts one in the path; `stream`, whether the client asked for a stream (a provider
   * may stream at another URL). Credentials are added afterwards by the authorize phase.
   */
  passthrough?(format: PassthroughFormat, operation: string, model: string, query?: Record<string, string>, apiVersion?: string, stream?: boolean): PassthroughTarget | undefined;
  /**
   * Adds credentials to a request whose URL, headers and body are final; called by
   * the authorize phase when the definition's auth is `{ kind: 'connection' }`.
   */
  authorize?(request: UpstreamRequest, attempt: ProviderAttempt): Promise<void> | void;
  close?(): Promise<void>;
}

export interface ProviderDefinition<Options = any> {
  /** The `type:` operators write in YAML. */
  type: string;
  displayName: string;
  /** A short name for menus and lists (a vendor's display name); clients fall back to the type when absent. */
  label?: string;
  /**
   * Where menus place this type among the commonly used ones: lower comes first (leave gaps, so
   * a type can go between two); absent, it follows every ranked type, in order of name.
   */
  menuRank?: number;
  /** What forms call the fields this provider names its own way (`base_url`: its console's name for it); the rest keep generic names. */
  fieldLabels?: Readonly<Record<string, string>>;
  /** What an endpoint's `model` names for this provider when it is not a model (a deployment, a serving endpoint), for forms. */
  modelHint?: string;
  /**
   * An endpoint's `model` names an operator-made deployment, not a catalogue model: what it
   * serves is unknown to the gateway unless the endpoint names it (`catalog_model`), so forms ask for both.
   */
  modelIsDeployment?: boolean;
  docsUrl?: string;
  defaultBaseUrl: string;
  /** The conventional environment variable for an implicit connection's key. */
  apiKeyEnv?: string;
  /**
   * Whether calls fail fast (503) when no key is configured: `true` always;
   * `'default-base-url'` only against the provider's own hosted API (compatible
   * servers you run yourself often need no key); `false` never.
   */
  requiresApiKey: boolean | 'default-base-url';
  auth: AuthScheme;
  capabilities: ProviderCapabilities;
  /** Provider-specific connection fields; each must carry `.describe()`. */
  optionsSchema?: z.ZodObject<z.ZodRawShape>;
  /** Fields of `optionsSchema` that hold secrets: wrapped in Secret at load time. */
  secretOptions?: string[];
  /**
   * Conventional variables for option fields, read for an implicit connection only,
   * like `apiKeyEnv` (an `access_key_id` option from its cloud's usual variable). Core reads
   * them from the loader's environment, so providers never touch `process.env`.
   */
  optionsEnv?: Readonly<Record<string, string>>;
  /** When the provider serves a fixed set of models, they are validated at config load. */
  models?: readonly string[];
  /**
   * Refuses what only the operator's YAML may set in a connection entered through the admin
   * API (a key file path on the gateway's host, a token URL its key does not name): sees the
   * entry as sent, before the schema (which may read files), and answers the field and why.
   */
  checkApiEntry?(entry: Readonly<Record<string, unknown>>): { field: string; message: string } | undefined;
  createConnection(settings: ConnectionSettings<Options>): ProviderConnection;
}
