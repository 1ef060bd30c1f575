import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import type { ChatChunk, ChatRequest } from '../canonical/chat';
import type { EmbeddingsRequest } from '../canonical/embeddings';
import type { Usage } from '../canonical/usage';
import type { EndpointKind } from '../config/gateway-config';
import { GatewayError } from '../errors/gateway-error';
import { SSE_HEADERS, waitForDrain } from '../http/sse';
import { writeJson } from '../http/write-json';
import type { EndpointRegistry } from '../registry/endpoint-registry';
import type { ConnectionRegistry } from '../registry/connection-registry';
import type { StateStore } from '../state/state-store';
import type { UpstreamClient } from '../upstream/upstream-client';
import type { IncomingMessage } from 'node:http';
import { pumpRelayedBody, readBodyText } from '../passthrough/pump-relayed-body';
import type { RelayProxy } from '../passthrough/relay-proxy';
import type { PassthroughFormat, RelayInput } from '../passthrough/relay-types';
import { transportError } from '../upstream/transport-error';
import { parseRetryAfter, upstreamStatusError } from '../upstream/upstream-status-error';
import { AttemptContext } from './attempt-context';
import { CallContext, type Target } from './call-context';
import type { ChatOutput, EmbeddingsOutput } from './call-outputs';
import type { Pipeline } from './pipeline';

export interface CallInput<Req, Out> {
  apiStyle: string;
  endpointName: string;
  request: Req;
  output: Out;
}

interface StartedStream {
  type: 'stream';
  iterator: AsyncIterator<ChatChunk>;
  first: IteratorResult<ChatChunk>;
}

/**
 * Runs a decoded call through the pipeline: resolve, attempts, response.
 * API-style plugins call `chat` / `embeddings`; errors are rethrown for the
 * route to render in the style's format, except after a stream has started,
 * when they end the stream in-band.
 */
export class GatewayRuntime {
  constructor(
    readonly endpoints: EndpointRegistry,
    readonly connections: ConnectionRegistry,
    readonly pipeline: Pipeline,
    readonly store: StateStore,
    readonly logger: Logger,
    private readonly upstream: UpstreamClient,
    private readonly relayProxy: RelayProxy,
  ) {}

  /**
   * Relays a call in the provider's own format (passthrough routes). The body is
   * the client's, with only `model` rewritten; credentials are the connection's.
   */
  async relay(req: Request, res: Response, input: RelayInput): Promise<void> {
    const call = this.open(req, res, { ...input, request: { stream: input.stream, streamUsage: false, messages: [], extra: {} } }, input.kind);
    await this.run(call, async () => {
      const { attempt, result: upstream } = await this.attempts(call, async (attempt) => {
        const { connection, connectionName } = attempt.target;
        const target = connection.passthrough?.(input.format, input.operation, attempt.model, input.query, input.apiVersion);
        if (!target) throw unsupportedRoute(call.endpointName, attempt.target, input.format);
        const body = input.body(attempt.model);
        const request = { method: 'POST' as const, url: target.url, headers: { ...target.headers }, body };
        await this.pipeline.authorize(attempt, request);
        if (!input.stream) attempt.startTotalTimer();
        const headers = { always: request.headers, defaults: target.defaultHeaders ?? {} };
        const handle = this.relayProxy.relay(req, res, request.url, headers, body, attempt.timeouts.firstByteMs);
        attempt.signal.addEventListener('abort', handle.abort, { once: true });
        let response: IncomingMessage;
        try {
          response = await handle.response;
        } catch (error) {
          throw transportError(error, attempt.signal, connectionName);
        }
        attempt.markFirstByte();
        const status = response.statusCode ?? 502;
        if (status < 400) return response;
        const text = attempt.scrub(await readBodyText(response).catch(() => ''));
        const contentType = response.headers['content-type'];
        throw upstreamStatusError(connectionName, status, { message: text.slice(0, 500) || `HTTP ${status}` }, parseRetryAfter(response.headers), {
          status,
          contentType: typeof contentType === 'string' ? contentType : undefined,
          text,
        });
      });
      const { usage, failure } = await pumpRelayedBody(upstream, res, attempt, input);
      this.endAttempt(attempt, call, failure?.status ?? upstream.statusCode ?? 200, failure, usage);
      return failure;
    });
  }

  async chat(req: Request, res: Response, input: CallInput<ChatRequest, ChatOutput>): Promise<void> {
    const call = this.open(req, res, input, 'chat');
    const request = input.request;
    await this.run(call, async () => {
      const { attempt, result } = await this.attempts(call, async (attempt) => {
        const connection = attempt.target.connection;
        if (!connection.chat) throw unsupportedRoute(call.endpointName, attempt.target);
        if (!request.stream) attempt.startTotalTimer();
        const result = await connection.chat(request, attempt);
        if (result.type === 'response') return result;
        // Pull the first part inside the attempt: a failure before any byte reaches the client may still fall back.
        const iterator = result.chunks[Symbol.asyncIterator]();
        const first = await iterator.next();
        attempt.markFirstChunk();
        return { type: 'stream', iterator, first } satisfies StartedStream;
      });
      if (result.type === 'stream') return this.stream(call, attempt, result, res, input.output);
      writeJson(res, 200, input.output.response(result.response, call));
      this.endAttempt(attempt, call, 200, undefined, result.response.usage);
      return undefined;
    });
  }

  async embeddings(req: Request, res: Response, input: CallInput<EmbeddingsRequest, EmbeddingsOutput>): Promise<void> {
    const call = this.open(req, res, input, 'embeddings');
    await this.run(call, async () => {
      const { attempt, result } = await this.attempts(call, async (attempt) => {
        const connection = attempt.target.connection;
        if (!connection.embeddings) throw unsupportedRoute(call.endpointName, attempt.target);
        attempt.startTotalTimer();
        return connection.embeddings(input.request, attempt);
      });
      writeJson(res, 200, input.output.response(result, call));
      this.endAttempt(attempt, call, 200, undefined, result.usage);
      return undefined;
    });
  }

  private open(req: Request, res: Response, input: { apiStyle: string; endpointName: string; request: unknown }, kind: EndpointKind): CallContext {
    const controller = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) controller.abort(new GatewayError('client_closed_request', 'The client closed the connection.'));
    });
    return new CallContext(
      String(res.locals.requestId),
      input.apiStyle,
      kind,
      input.endpointName,
      input.request as ChatRequest | EmbeddingsRequest,
      req.headers,
      controller.signal,
    );
  }

  /** `body` returns the error that ended a started stream in-band, if any: then onError runs instead of onFinish. */
  private async run(call: CallContext, body: () => Promise<GatewayError | undefined>): Promise<void> {
    try {
      await this.pipeline.onRequest(call);
      await this.pipeline.resolve(call);
      const streamFailure = await body();
      if (streamFailure) this.pipeline.error(call, streamFailure);
      else this.pipeline.finish(call);
    } catch (thrown) {
      const error = GatewayError.from(thrown);
      if (error.code === 'internal_error') this.logger.error({ requestId: call.requestId, err: error.cause ?? error }, 'internal error');
      this.pipeline.error(call, error);
      throw error;
    }
  }

  /** Tries the call's targets in order; a retryable failure moves on to the next. */
  private async attempts<T>(call: CallContext, run: (attempt: AttemptContext) => Promise<T>): Promise<{ attempt: AttemptContext; result: T }> {
    if (call.targets.length === 0) throw new GatewayError('internal_error', 'No target was resolved for this call.');
    let lastError: GatewayError | undefined;
    for (let index = 0; index < call.targets.length; index++) {
      const attempt = new AttemptContext(call, call.targets[index], index, this.upstream, this.pipeline.authorize);
      try {
        return { attempt, result: await run(attempt) };
      } catch (thrown) {
        const error = GatewayError.from(thrown);
        this.endAttempt(attempt, call, error.status, error);
        lastError = error;
        if (!error.retryable || call.signal.aborted) break;
      }
    }
    throw lastError;
  }

  private async stream(call: CallContext, attempt: AttemptContext, started: StartedStream, res: Response, output: ChatOutput): Promise<GatewayError | undefined> {
    res.writeHead(200, SSE_HEADERS);
    let usage: Usage | undefined;
    let failure: GatewayError | undefined;
    try {
      for (let step = started.first; !step.done; step = await started.iterator.next()) {
        const chunk = step.value;
        if (chunk.usage) usage = chunk.usage;
        const text = output.chunk(chunk, call);
        if (text !== null && !res.write(text)) await waitForDrain(res, attempt.signal);
      }
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

  private endAttempt(attempt: AttemptContext, call: CallContext, status: number, error?: GatewayError, usage?: Usage): void {
    attempt.dispose();
    const record = {
      requestId: call.requestId,
      endpoint: call.endpointName,
      kind: call.kind,
      apiStyle: call.apiStyle,
      provider: attempt.target.connectionName,
      providerType: attempt.target.definition.type,
      model: attempt.target.model,
      attempt: attempt.index,
      stream: call.kind === 'chat' && (call.request as ChatRequest).stream,
      status,
      errorCode: error?.code,
      usage,
      startedAt: attempt.startedAt,
      latencyMs: attempt.elapsedMs(),
      ttfbMs: attempt.ttfbMs,
    };
    call.attempts.push(record);
    this.pipeline.attemptEnd(record, call);
  }
}

const PASSTHROUGH_ROUTES: Record<PassthroughFormat, (endpoint: string) => string> = {
  openai: () => '/gateway/openai/v1/...',
  anthropic: () => '/gateway/anthropic/v1/messages',
  gemini: (endpoint) => `/gateway/gemini/v1beta/models/${endpoint}:generateContent`,
};

/** The endpoint's provider cannot serve this route: say which routes it can serve. */
function unsupportedRoute(endpoint: string, target: Target, format?: PassthroughFormat): GatewayError {
  const { connection, definition } = target;
  const routes = connection.chat || connection.embeddings ? [`/gateway/${endpoint}/native/invocations`, '/gateway/native/v1/...'] : [];
  routes.push(...definition.capabilities.passthrough.map((f) => PASSTHROUGH_ROUTES[f](endpoint)));
  const what = format ? `does not speak the ${format} format` : 'cannot be called through the unified APIs yet';
  return new GatewayError(
    'unsupported_route',
    `Endpoint "${endpoint}" is served by provider type "${definition.type}", which ${what}. Routes that work for it: ${routes.join(', ')}.`,
  );
}
