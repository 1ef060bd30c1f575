import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import type { ChatRequest } from '../canonical/chat';
import type { EmbeddingsRequest, EmbeddingsResponse } from '../canonical/embeddings';
import { Cancellation } from '../contracts/cancellation';
import type { EndpointKind } from '../contracts/endpoint';
import { GatewayError } from '../errors/gateway-error';
import { receivedAt } from '../http/express-server-classes';
import type { CredentialIncidents } from '../routing/credential-incidents';
import type { UpstreamClient } from '../upstream/upstream-client';
import { setFailedCallHeaders } from './answer-headers';
import { AnswerWriter } from './answer-writer';
import { Attempt } from './attempt';
import { runAttempts, type AttemptLoopHooks } from './attempt-loop';
import { endAttempt } from './attempt-record';
import type { ChatAttemptResult } from './attempt-results';
import { Call } from './call';
import { checkArrivingHops } from './gateway-hops';
import type { Pipeline } from './pipeline';
import type { RouteHints } from './route-hints';
import { unsupportedRoute } from './unsupported-route';

/**
 * What the three entries (chat, embeddings, relay) share: opening a call, running it through the
 * pipeline's hooks, the attempt loop, one attempt against a provider, and the answer writer.
 * Made once per gateway, so nothing here is built per request.
 */
export class CallRunner {
  /** Calls whose response has not closed yet, so a shutdown can end them truthfully. */
  readonly inFlight = new Set<Cancellation>();
  readonly writer: AnswerWriter;

  constructor(
    readonly pipeline: Pipeline,
    private readonly logger: Logger,
    readonly routeHints: RouteHints,
    private readonly upstream: UpstreamClient,
    private readonly incidents: CredentialIncidents,
  ) {
    this.writer = new AnswerWriter(pipeline, logger);
  }

  open(req: Request, res: Response, input: { apiStyle: string; endpointName: string; request: unknown }, kind: EndpointKind): Call {
    const cancellation = new Cancellation();
    this.inFlight.add(cancellation);
    // `on`, not `once`: a response closes once, and once's wrapper is an allocation per call.
    res.on('close', () => {
      this.inFlight.delete(cancellation);
      if (!res.writableFinished) cancellation.cancel(new GatewayError('client_closed_request', 'The client closed the connection.'));
    });
    const call = new Call(
      String(res.locals.requestId),
      input.apiStyle,
      kind,
      input.endpointName,
      input.request as ChatRequest | EmbeddingsRequest,
      req.headers,
      cancellation,
      receivedAt(req),
    );
    call.url = req.originalUrl;
    return call;
  }

  /**
   * Runs the call's request and resolve hooks, then `body`; errors are rethrown for the route to render
   * in its style's format. `body` returns the error that ended a started stream in-band, if any: then
   * onError runs instead of onFinish.
   */
  async run(call: Call, res: Response, body: () => Promise<GatewayError | undefined>): Promise<void> {
    try {
      // Before any plugin runs: a looping request should cost each gateway on the loop as little as possible.
      checkArrivingHops(call.headers);
      // Awaited only when a hook was asynchronous (Pipeline returns undefined otherwise).
      const requested = this.pipeline.onRequest(call);
      if (requested) await requested;
      const resolved = this.pipeline.resolve(call);
      if (resolved) await resolved;
      const streamFailure = await body();
      if (streamFailure) this.pipeline.error(call, streamFailure);
      else this.pipeline.finish(call);
    } catch (thrown) {
      const error = GatewayError.from(thrown);
      if (error.code === 'internal_error') this.logger.error({ requestId: call.requestId, err: error.cause ?? error }, 'internal error');
      if (!res.headersSent && call.attempts.length > 0) setFailedCallHeaders(res, call);
      this.pipeline.error(call, error);
      throw error;
    }
  }

  /** The attempt loop's attempt factory and failure records: made once, not per call. */
  private readonly loopHooks: AttemptLoopHooks = {
    newAttempt: (call, target, index) => new Attempt(call, target, index, this.upstream, this.pipeline.authorize),
    failed: (call, attempt, error, failure) => endAttempt(this.pipeline, attempt, call, error.status, error, undefined, failure),
    credentialRefused: (call, target, error) => this.incidents.report(target.connectionName, error.upstreamStatus, call.endpointName),
  };

  /** The attempt loop (retries, fallbacks, deadline) with this runner's attempt factory and records. */
  attempts<T>(call: Call, run: (attempt: Attempt) => Promise<T>): Promise<{ attempt: Attempt; result: T }> {
    return runAttempts(call, this.loopHooks, run);
  }

  /** One chat attempt against the target's provider; a stream is started (its first part read) inside the attempt. */
  async chatAttempt(call: Call, request: ChatRequest, attempt: Attempt): Promise<ChatAttemptResult> {
    const connection = attempt.target.connection;
    if (!connection.chat) throw unsupportedRoute(call.endpointName, attempt.target, this.routeHints);
    if (!request.stream) attempt.startTotalTimer();
    // What the target's model cannot honour is left out here and named by the route (x-gateway-dropped-fields).
    const result = await connection.chat(this.pipeline.fitRequest(attempt, request), attempt);
    if (result.type === 'response') return result;
    // Pull the first part inside the attempt: a failure before any byte reaches the client may still fall back.
    const iterator = result.chunks[Symbol.asyncIterator]();
    // Providers send their head at once and the first chunk when the model has started: that wait is upstream time too.
    const first = await attempt.timeUpstream(iterator.next());
    attempt.markFirstChunk();
    return { type: 'stream', iterator, first };
  }

  /** One embeddings attempt against the target's provider. */
  async embeddingsAttempt(call: Call, request: EmbeddingsRequest, attempt: Attempt): Promise<EmbeddingsResponse> {
    const connection = attempt.target.connection;
    if (!connection.embeddings) throw unsupportedRoute(call.endpointName, attempt.target, this.routeHints);
    attempt.startTotalTimer();
    return await connection.embeddings(request, attempt);
  }
}
