import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import type { ChatRequest } from '../canonical/chat';
import type { EmbeddingsRequest } from '../canonical/embeddings';
import type { ChatOutput, EmbeddingsOutput } from './call-outputs';
import type { Endpoint, EndpointKind } from './endpoint';
import type { ConnectionSettings } from './provider-definition';
import type { FieldNames } from './dropped-fields';
import type { RelayInput } from './relay-input';
import type { StateStore } from './state-store';

/** A decoded call as an API style hands it to the runtime. */
export interface CallInput<Req, Out> {
  apiStyle: string;
  endpointName: string;
  request: Req;
  output: Out;
  /** How the client spells canonical request fields, so fields a target drops are named as sent (x-gateway-dropped-fields). */
  fieldNames?: FieldNames;
}

/** The live endpoints, read by name on every request. */
export interface EndpointLookup {
  get(name: string): Endpoint | undefined;
  list(): Endpoint[];
}

/** A minimal real call through one connection (a "test connection" button). */
export interface ConnectionCheck {
  kind: EndpointKind;
  model: string;
  /** Bounds the whole call. */
  timeoutMs: number;
}

export interface ConnectionCheckResult {
  ok: boolean;
  latencyMs: number;
  /** The failure, its message scrubbed of the connection's secrets. */
  error?: { code: string; status: number; message: string };
}

/** Where this gateway can be reached, so a connection that would call it back can be refused. */
export interface ListenAddress {
  /** The address the listener is bound to: an IP address, or 0.0.0.0 / :: for every interface. */
  host: string;
  port: number;
  /** server.public_url when set ('' otherwise): the gateway behind a proxy or load balancer. */
  publicUrl?: string;
  /** server.allowed_hosts: other names and addresses of this gateway (at its own port). */
  names?: readonly string[];
}

/**
 * What API-style routes call to serve a request through the pipeline. Errors are
 * thrown for the route to render in its style's format, except after a stream has
 * started, when they end the stream in-band.
 */
export interface GatewayRuntime {
  readonly endpoints: EndpointLookup;
  readonly store: StateStore;
  readonly logger: Logger;
  chat(req: Request, res: Response, input: CallInput<ChatRequest, ChatOutput>): Promise<void>;
  embeddings(req: Request, res: Response, input: CallInput<EmbeddingsRequest, EmbeddingsOutput>): Promise<void>;
  /**
   * Serves a passthrough route: relayed to targets whose provider speaks the route's
   * format, translated through the canonical model for the others.
   */
  relay(req: Request, res: Response, input: RelayInput): Promise<void>;
  /**
   * The endpoints a listing route shows this request (every endpoint, narrowed by the
   * pipeline's `filterEndpoints` phase: a gateway key sees its own). May throw a
   * GatewayError for the route to render (a missing key).
   */
  listEndpoints(req: Request, apiStyle: string): Promise<readonly Endpoint[]>;
  /** One endpoint by name as `listEndpoints` would show it; undefined when it does not exist. May throw as `listEndpoints` does, or refuse the name. */
  findEndpoint(req: Request, apiStyle: string, name: string): Promise<Endpoint | undefined>;
  /**
   * Calls a live connection once, outside any endpoint (credentials, timeouts and egress
   * policy as for a client's call; no retry, fallback or usage record). Undefined when
   * no connection has that name.
   */
  checkConnection(connection: string, check: ConnectionCheck): Promise<ConnectionCheckResult | undefined>;
  /**
   * Calls once through a connection built from `settings` that is never registered (a draft
   * being entered, tested before anyone saves it), then closed; as `checkConnection` otherwise.
   */
  checkDraftConnection(settings: ConnectionSettings, check: ConnectionCheck): Promise<ConnectionCheckResult>;
  /** Where the listener is bound (ownAddressRefusal reads it); undefined until it listens. */
  readonly listenAddress?: ListenAddress;
}
