import type { IncomingMessage } from 'node:http';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import type { ChatChunk, ChatRequest, ChatResponse } from '../canonical/chat';
import type { EmbeddingsRequest, EmbeddingsResponse } from '../canonical/embeddings';
import type { Usage } from '../canonical/usage';
import type { AnswerWatcher, ChatOutput, EmbeddingsOutput } from '../contracts/call-outputs';
import { Cancellation } from '../contracts/cancellation';
import type { Endpoint, EndpointKind } from '../contracts/endpoint';
import type { CallInput, ConnectionCheck, ConnectionCheckResult, GatewayRuntime, ListenAddress } from '../contracts/gateway-runtime';
import type { PassthroughTarget } from '../contracts/passthrough-target';
import type { LocalAnswer, RelayInput, TranslatedCall, TranslatedChat, TranslationHeaders } from '../contracts/relay-input';
import type { StateStore } from '../contracts/state-store';
import { GatewayError } from '../errors/gateway-error';
import { receivedAt } from '../http/express-server-classes';
import { serverTimingHeader } from '../http/server-timing';
import { SSE_HEADERS, waitForDrain } from '../http/sse';
import { writeJson } from '../http/write-json';
import { extensibleCopy } from '../objects/extensible-copy';
import { foreignRelayAttempt } from '../passthrough/foreign-relay';
import { pumpRelayedBody } from '../passthrough/pump-relayed-body';
import { relayAttempt } from '../passthrough/relay-attempt';
import type { RelayProxy } from '../passthrough/relay-proxy';
import type { ConnectionRegistry } from '../registry/connection-registry';
import type { EndpointRegistry } from '../registry/endpoint-registry';
import { CredentialIncidents } from '../routing/credential-incidents';
import { classifyFailure, type FailureClass } from '../routing/failure-class';
import type { UpstreamClient } from '../upstream/upstream-client';
import { Attempt } from './attempt';
import { runAttempts, type AttemptLoopHooks } from './attempt-loop';
import { Call } from './call';
import { checkConnection } from './connection-check';
import { droppedFieldsHeader } from './dropped-fields-header';
import { checkArrivingHops } from './gateway-hops';
import type { Pipeline } from './pipeline';
import type { RouteHints } from './route-hints';
import { unsupportedRoute } from './unsupported-route';

interface StartedStream {
  type: 'stream';
  iterator: AsyncIterator<ChatChunk>;
  first: IteratorResult<ChatChunk>;
}

type ChatAttemptResult = { type: 'response'; response: ChatResponse } | StartedStream;
type EmbeddingsResult = { type: 'embeddings'; response: EmbeddingsResponse };
type RelayedResult = { type: 'relayed'; target: PassthroughTarget; response: IncomingMessage };
type LocalResult = { type: 'local'; answer: LocalAnswer };
type ForeignResult = { type: 'foreign'; body: unknown };

/**
 * Runs a decoded call through the pipeline: resolve, attempts, response.
 * API-style plugins call `chat` / `embeddings` / `relay`; errors are rethrown for
 * the route to render in the style's format, except after a stream has started,
 * when they end the stream in-band.
 */
export class Runtime implements GatewayRuntime {
  /** Calls whose response has not closed yet, so a shutdown can end them truthfully. */
  private readonly inFlight = new Set<Cancellation>();
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
    private readonly routeHints: RouteHints,
    private readonly incidents: CredentialIncidents = new CredentialIncidents(logger),
  ) {}

  /** How many calls are still answering. */
  get inFlightCount(): number {
    return this.inFlight.size;
  }

  /**
   * Ends every call still answering with `reason`: its upstream call is aborted and
   * the client gets the error (in-band for a started stream), recorded as such.
   */
  cancelInFlight(reason: GatewayError): number {
    const calls = [...this.inFlight];
    for (const cancellation of calls) cancellation.cancel(reason);
    return calls.length;
  }

  /**
   * Serves a passthrough route. A target whose provider speaks the route's format
   * gets the client's body relayed (only `model` rewritten; credentials are the
   * connection's); any other target gets the body translated through the canonical
   * model and the answer encoded back in the route's format.
   */
  async relay(req: Request, res: Response, input: RelayInput): Promise<void> {
    const call = this.open(req, res, extensibleCopy(input, { request: { stream: input.stream, streamUsage: false, messages: [], extra: {} } }), input.kind);
    await this.run(call, res, async () => {
      // Asked of each target once, not read from capabilities: one connection may relay some models and not others (a cloud that hosts several vendors' models).
      const relayTargets = new Map(call.targets.map((t) => [t, t.connection.passthrough?.(input.format, input.operation, t.model, input.query, input.apiVersion, input.stream)]));
      const { foreign } = input;
      // A target that does not speak the route's format may speak the foreign one (asked only then, once per target).
      const foreignTargets = new Map(foreign ? call.targets.filter((t) => !relayTargets.get(t)).map((t) => [t, t.connection.passthrough?.(foreign.format, foreign.operation, t.model, undefined, undefined, false)]) : []);
      let translated: TranslatedCall | undefined;
      if (input.translate && call.targets.some((t) => !relayTargets.get(t) && !foreignTargets.get(t))) {
        translated = input.translate();
        if (translated.kind !== 'local') call.request = translated.request;
        if (translated.kind === 'chat') await this.pipeline.prepareChat(call, translated.request);
      }
      // What the answering attempt's target could not honour, said in response headers.
      let targetHeaders: TranslationHeaders | undefined;
      const { attempt, result } = await this.attempts(call, async (attempt): Promise<RelayedResult | ChatAttemptResult | EmbeddingsResult | LocalResult | ForeignResult> => {
        const target = relayTargets.get(attempt.target);
        if (target) return { type: 'relayed', target, response: await relayAttempt(this.relayProxy, this.pipeline, req, res, attempt, target, input) };
        const foreignTarget = foreignTargets.get(attempt.target);
        if (foreign && foreignTarget) return { type: 'foreign', body: await foreignRelayAttempt(this.relayProxy, this.pipeline, req, res, attempt, foreignTarget, input, foreign) };
        if (!translated) throw unsupportedRoute(call.endpointName, attempt.target, this.routeHints, input.format);
        if (translated.kind === 'local') return { type: 'local', answer: translated };
        if (translated.kind === 'embeddings') return this.embeddingsAttempt(call, translated.request, attempt);
        const result = await this.chatAttempt(call, translated.request, attempt);
        targetHeaders = droppedFieldsHeader(attempt.droppedFields, translated.fieldNames);
        return result;
      });
      switch (result.type) {
        case 'relayed': {
          served(res, attempt);
          // A relayed body keeps the client's field names, so what it left out is named as it came.
          setTranslationHeaders(res, droppedFieldsHeader(attempt.droppedFields, undefined));
          const { usage, failure } = await pumpRelayedBody(result.response, res, attempt, input, result.target);
          this.endAttempt(attempt, call, failure?.status ?? result.response.statusCode ?? 200, failure, usage);
          return failure;
        }
        case 'foreign':
          served(res, attempt);
          writeJson(res, 200, result.body);
          this.endAttempt(attempt, call, 200);
          return undefined;
        case 'local':
          served(res, attempt);
          setTranslationHeaders(res, result.answer.headers);
          writeJson(res, result.answer.status, result.answer.body);
          this.endAttempt(attempt, call, result.answer.status);
          return undefined;
        case 'embeddings':
          setTranslationHeaders(res, translated?.headers);
          return this.answerEmbeddings(call, attempt, result.response, res, (translated as Extract<TranslatedCall, { kind: 'embeddings' }>).output);
        default:
          setTranslationHeaders(res, translated?.headers, targetHeaders);
          return this.answerChat(call, attempt, result, res, (translated as TranslatedChat).output);
      }
    });
  }

  /** Not async, like `embeddings`: `run`'s promise is handed back as it is, one await fewer per call. */
  chat(req: Request, res: Response, input: CallInput<ChatRequest, ChatOutput>): Promise<void> {
    const call = this.open(req, res, input, 'chat');
    return this.run(call, res, async () => {
      // Awaited only when a hook was asynchronous (Pipeline returns undefined otherwise).
      const prepared = this.pipeline.prepareChat(call, input.request);
      if (prepared) await prepared;
      const { attempt, result } = await this.attempts(call, (attempt) => this.chatAttempt(call, input.request, attempt));
      setTranslationHeaders(res, droppedFieldsHeader(attempt.droppedFields, input.fieldNames));
      return this.answerChat(call, attempt, result, res, input.output);
    });
  }

  embeddings(req: Request, res: Response, input: CallInput<EmbeddingsRequest, EmbeddingsOutput>): Promise<void> {
    const call = this.open(req, res, input, 'embeddings');
    return this.run(call, res, async () => {
      const { attempt, result } = await this.attempts(call, (attempt) => this.embeddingsAttempt(call, input.request, attempt));
      return this.answerEmbeddings(call, attempt, result.response, res, input.output);
    });
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

  private async chatAttempt(call: Call, request: ChatRequest, attempt: Attempt): Promise<ChatAttemptResult> {
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

  private async embeddingsAttempt(call: Call, request: EmbeddingsRequest, attempt: Attempt): Promise<EmbeddingsResult> {
    const connection = attempt.target.connection;
    if (!connection.embeddings) throw unsupportedRoute(call.endpointName, attempt.target, this.routeHints);
    attempt.startTotalTimer();
    return { type: 'embeddings', response: await connection.embeddings(request, attempt) };
  }

  private async answerChat(call: Call, attempt: Attempt, result: ChatAttemptResult, res: Response, output: ChatOutput): Promise<GatewayError | undefined> {
    served(res, attempt);
    const watcher = this.pipeline.watchAnswer(call, output);
    if (result.type === 'stream') return this.stream(call, attempt, result, res, output, watcher);
    this.pipeline.answerHeaders(call, attempt.target, result.response.usage, res);
    if (watcher) await watcher.end(result.response);
    writeJson(res, 200, output.response(result.response, call));
    this.endAttempt(attempt, call, 200, undefined, result.response.usage);
    return undefined;
  }

  private answerEmbeddings(call: Call, attempt: Attempt, response: EmbeddingsResponse, res: Response, output: EmbeddingsOutput): undefined {
    served(res, attempt);
    this.pipeline.answerHeaders(call, attempt.target, response.usage, res);
    writeJson(res, 200, output.response(response, call));
    this.endAttempt(attempt, call, 200, undefined, response.usage);
    return undefined;
  }

  private open(req: Request, res: Response, input: { apiStyle: string; endpointName: string; request: unknown }, kind: EndpointKind): Call {
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

  /** `body` returns the error that ended a started stream in-band, if any: then onError runs instead of onFinish. */
  private async run(call: Call, res: Response, body: () => Promise<GatewayError | undefined>): Promise<void> {
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
      if (!res.headersSent && call.attempts.length > 0) {
        res.setHeader('x-gateway-attempts', String(call.attempts.length));
        res.setHeader('server-timing', timings(call));
      }
      this.pipeline.error(call, error);
      throw error;
    }
  }

  /** The attempt loop's attempt factory and failure records: made once, not per call. */
  private readonly loopHooks: AttemptLoopHooks = {
    newAttempt: (call, target, index) => new Attempt(call, target, index, this.upstream, this.pipeline.authorize),
    failed: (call, attempt, error, failure) => this.endAttempt(attempt, call, error.status, error, undefined, failure),
    credentialRefused: (call, target, error) => this.incidents.report(target.connectionName, error.upstreamStatus, call.endpointName),
  };

  /** The attempt loop (retries, fallbacks, deadline) with this runtime's attempt factory and records. */
  private attempts<T>(call: Call, run: (attempt: Attempt) => Promise<T>): Promise<{ attempt: Attempt; result: T }> {
    return runAttempts(call, this.loopHooks, run);
  }

  private async stream(call: Call, attempt: Attempt, started: StartedStream, res: Response, output: ChatOutput, watcher: AnswerWatcher | undefined): Promise<GatewayError | undefined> {
    res.writeHead(200, output.streamContentType ? extensibleCopy(SSE_HEADERS, { 'content-type': output.streamContentType }) : SSE_HEADERS);
    let usage: Usage | undefined;
    let failure: GatewayError | undefined;
    try {
      for (let step = started.first; !step.done; step = await started.iterator.next()) {
        const chunk = step.value;
        if (chunk.usage) usage = chunk.usage;
        watcher?.chunk(chunk);
        const text = output.chunk(chunk, call);
        if (text !== null && !res.write(text)) await waitForDrain(res, attempt.cancellation);
      }
      if (watcher) await watcher.end(undefined);
      res.end(output.done(call));
    } catch (thrown) {
      failure = GatewayError.from(thrown);
      if (failure.code === 'internal_error') this.logger.error({ requestId: call.requestId, err: failure.cause ?? failure }, 'stream failed');
      await started.iterator.return?.().catch(() => undefined);
      if (!res.destroyed) res.end(output.streamError(failure, call));
    } finally {
      this.endAttempt(attempt, call, failure?.status ?? 200, failure, usage);
    }
    return failure;
  }

  private endAttempt(attempt: Attempt, call: Call, status: number, error?: GatewayError, usage?: Usage, failure?: FailureClass): void {
    attempt.dispose();
    const record = {
      requestId: call.requestId,
      endpoint: call.endpointName,
      kind: call.kind,
      apiStyle: call.apiStyle,
      caller: call.caller,
      principal: call.principal?.id,
      provider: attempt.target.connectionName,
      providerType: attempt.target.definition.type,
      model: attempt.target.model,
      attempt: attempt.index,
      stream: call.kind === 'chat' && (call.request as ChatRequest).stream,
      status,
      errorCode: error?.code,
      failure: error ? (failure ?? classifyFailure(error)) : undefined,
      usage,
      startedAt: attempt.startedAt,
      latencyMs: attempt.elapsedMs(),
      ttfbMs: attempt.ttfbMs,
      // Present from the start (set later by pricing), so every record keeps one shape.
      costUsd: undefined,
    };
    call.attempts.push(record);
    this.pipeline.attemptEnd(record, call);
  }
}

/** Says which target served, after how many attempts and how long each side took; set before the head is written. */
function served(res: Response, attempt: Attempt): void {
  res.setHeader('x-gateway-target', attempt.target.key);
  res.setHeader('x-gateway-attempts', String(attempt.index + 1));
  res.setHeader('server-timing', timings(attempt.call));
}

/** Headers of a translation, before the head is written; a name both sources set gets both values. */
function setTranslationHeaders(res: Response, ...sources: Array<TranslationHeaders | undefined>): void {
  for (const headers of sources) {
    if (!headers) continue;
    for (const name in headers) {
      const previous = res.getHeader(name);
      res.setHeader(name, previous === undefined ? headers[name] : `${String(previous)}, ${headers[name]}`);
    }
  }
}

function timings(call: Call): string {
  return serverTimingHeader({ totalMs: performance.now() - call.receivedHr, upstreamMs: call.upstreamMs, retryWaitMs: call.retryWaitMs });
}
