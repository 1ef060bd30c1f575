import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import type { ChatRequest } from '../canonical/chat';
import type { EmbeddingsRequest } from '../canonical/embeddings';
import type { ChatOutput, EmbeddingsOutput } from '../contracts/call-outputs';
import type { Endpoint } from '../contracts/endpoint';
import type { CallInput, ConnectionCheck, ConnectionCheckResult, GatewayRuntime, ListenAddress } from '../contracts/gateway-runtime';
import type { ConnectionSettings } from '../contracts/provider-definition';
import type { RelayInput } from '../contracts/relay-input';
import type { StateStore } from '../contracts/state-store';
import type { GatewayError } from '../errors/gateway-error';
import type { RelayProxy } from '../passthrough/relay-proxy';
import type { ConnectionRegistry } from '../registry/connection-registry';
import type { EndpointRegistry } from '../registry/endpoint-registry';
import { CredentialIncidents } from '../routing/credential-incidents';
import type { UpstreamClient } from '../upstream/upstream-client';
import { CallRunner } from './call-runner';
import { serveChat } from './chat-entry';
import { checkConnection } from './connection-check';
import { serveEmbeddings } from './embeddings-entry';
import type { Pipeline } from './pipeline';
import { serveRelay } from './relay-entry';
import type { RouteHints } from './route-hints';

/**
 * The runtime API-style plugins call: `chat` / `embeddings` / `relay` run a decoded call through
 * the pipeline (each entry in its own file; the answer is written by `AnswerWriter`). Errors are
 * rethrown for the route to render in the style's format, except after a stream has started,
 * when they end the stream in-band.
 */
export class Runtime implements GatewayRuntime {
  private readonly runner: CallRunner;
  /** Set by the gateway once its listener is bound (the port is known only then). */
  listenAddress: ListenAddress | undefined = undefined;

  constructor(
    readonly endpoints: EndpointRegistry,
    readonly connections: ConnectionRegistry,
    readonly pipeline: Pipeline,
    readonly store: StateStore,
    readonly logger: Logger,
    private readonly upstream: UpstreamClient,
    private readonly relayProxy: RelayProxy,
    routeHints: RouteHints,
    incidents: CredentialIncidents = new CredentialIncidents(logger),
  ) {
    this.runner = new CallRunner(pipeline, logger, routeHints, upstream, incidents);
  }

  /** How many calls are still answering. */
  get inFlightCount(): number {
    return this.runner.inFlight.size;
  }

  /**
   * Ends every call still answering with `reason`: its upstream call is aborted and
   * the client gets the error (in-band for a started stream), recorded as such.
   */
  cancelInFlight(reason: GatewayError): number {
    const calls = [...this.runner.inFlight];
    for (const cancellation of calls) cancellation.cancel(reason);
    return calls.length;
  }

  relay(req: Request, res: Response, input: RelayInput): Promise<void> {
    return serveRelay(this.runner, this.relayProxy, req, res, input);
  }

  chat(req: Request, res: Response, input: CallInput<ChatRequest, ChatOutput>): Promise<void> {
    return serveChat(this.runner, req, res, input);
  }

  embeddings(req: Request, res: Response, input: CallInput<EmbeddingsRequest, EmbeddingsOutput>): Promise<void> {
    return serveEmbeddings(this.runner, req, res, input);
  }

  listEndpoints(req: Request, apiStyle: string): Promise<readonly Endpoint[]> {
    return this.pipeline.filterEndpoints({ headers: req.headers, url: req.originalUrl, apiStyle }, this.endpoints.list());
  }

  async findEndpoint(req: Request, apiStyle: string, name: string): Promise<Endpoint | undefined> {
    const endpoint = this.endpoints.get(name);
    const shown = await this.pipeline.filterEndpoints({ headers: req.headers, url: req.originalUrl, apiStyle, name }, endpoint ? [endpoint] : []);
    return shown.find((e) => e.name === name);
  }

  async checkConnection(name: string, check: ConnectionCheck): Promise<ConnectionCheckResult | undefined> {
    const live = this.connections.get(name);
    return live && checkConnection(name, live, check, this.upstream, this.pipeline.authorize);
  }

  async checkDraftConnection(settings: ConnectionSettings, check: ConnectionCheck): Promise<ConnectionCheckResult> {
    const draft = this.connections.detached(settings);
    try {
      return await checkConnection(settings.name, draft, check, this.upstream, this.pipeline.authorize);
    } finally {
      await draft.connection.close?.().catch(() => undefined);
    }
  }
}
