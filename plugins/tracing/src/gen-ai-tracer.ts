import { ROOT_CONTEXT, SpanKind, defaultTextMapGetter } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import type { AnswerWatcher, AttemptContext, AttemptRecord, CallContext, ChatRequest, GatewayError, PipelinePlugin, UpstreamRequest } from '@model-gateway/core';
import { CallTrace, type AttemptSpan } from './call-trace';
import { inputMessages } from './gen-ai-messages';
import type { SpanRecord, SpanRecorder } from './span-record';

const propagator = new W3CTraceContextPropagator();

const TRACE = Symbol('tracing.call');

/** A request URL's path, without its query. */
function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * Turns each pipeline call into a SERVER span (continuing the caller's W3C traceparent) with a
 * CLIENT child per upstream attempt carrying the OpenTelemetry GenAI attributes, and sends the
 * attempt's traceparent to the provider. Only pipeline calls pass here, so probes (/health,
 * /ready, /metrics) and operator routes are never traced. Headers are read for traceparent
 * only and never recorded, so no key reaches a span.
 */
export class GenAiTracer implements PipelinePlugin {
  readonly name = 'tracing';
  /** First on the way in (the server span should start before any other plugin's work, and see the traceparent before anything adds to headers); last on the way out. */
  readonly priority = 10;
  /** Defined only when content capture is on, so a call without it never visits this hook. */
  readonly prepareChat?: (call: CallContext, request: ChatRequest) => void;

  constructor(
    private readonly spans: SpanRecorder,
    private readonly captureContent: boolean,
  ) {
    if (captureContent) {
      this.prepareChat = (call, request) => {
        const traced = call.local(TRACE) as CallTrace | undefined;
        if (traced) traced.input = inputMessages(request);
      };
    }
  }

  onRequest(call: CallContext): void {
    this.open(call);
  }

  authorize(attempt: AttemptContext, request: UpstreamRequest): void {
    const traced = attempt.call.local(TRACE) as CallTrace | undefined;
    // A connection check from the admin API sends through here with no traced call: it is not a client's request.
    if (!traced) return;
    let entry = traced.attempts.get(attempt.index);
    // A provider that sends more than one request for an attempt (a token exchange) keeps one span for it.
    if (!entry) {
      entry = { span: this.startAttempt(traced, attempt.call, attempt.target.model, attempt.target.definition.type, attempt.index, attempt.startedAt), model: attempt.target.model };
      entry.span.set('model_gateway.connection', attempt.target.connectionName);
      traced.attempts.set(attempt.index, entry);
    }
    entry.span.inject(request.headers);
  }

  watchAnswer(call: CallContext): AnswerWatcher | undefined {
    return call.local(TRACE) as CallTrace | undefined;
  }

  onAttemptEnd(record: AttemptRecord, call: CallContext): void {
    const traced = call.local(TRACE) as CallTrace | undefined;
    if (!traced) return;
    let entry = traced.attempts.get(record.attempt);
    // An attempt that failed before it was sent (no key for its connection) never passed authorize.
    if (!entry) {
      entry = { span: this.startAttempt(traced, call, record.model, record.providerType, record.attempt, record.startedAt), model: record.model };
      entry.span.set('model_gateway.connection', record.provider);
      traced.attempts.set(record.attempt, entry);
    }
    const span = entry.span;
    span.set('http.response.status_code', record.status);
    if (record.usage) {
      span.set('gen_ai.usage.input_tokens', record.usage.inputTokens);
      span.set('gen_ai.usage.output_tokens', record.usage.outputTokens);
    }
    const failed = record.errorCode !== undefined || record.status >= 400;
    if (failed) {
      span.set('error.type', record.errorCode ?? String(record.status));
      span.setError();
    }
    entry.succeeded = !failed;
    entry.endTime = record.startedAt + record.latencyMs;
  }

  onFinish(call: CallContext): void {
    const last = call.attempts[call.attempts.length - 1];
    this.close(call, last?.status ?? 200, undefined);
  }

  onError(call: CallContext, error: GatewayError): void {
    this.close(call, error.status, error.code);
  }

  private open(call: CallContext): CallTrace {
    const parent = propagator.extract(ROOT_CONTEXT, call.headers, defaultTextMapGetter);
    const server = this.spans.start(`${call.apiStyle} ${call.endpointName}`, SpanKind.SERVER, call.startedAt, parent, {
      // Every pipeline call arrives on a POST route (listings and lookups are not pipeline calls).
      'http.request.method': 'POST',
      // The path alone: a client may send its key in the query (`?key=`).
      'url.path': pathOf(call.url),
      'model_gateway.endpoint': call.endpointName,
      'model_gateway.route': call.apiStyle,
      'model_gateway.request_id': call.requestId,
    });
    const traced = new CallTrace(server, this.captureContent);
    call.locals.set(TRACE, traced);
    return traced;
  }

  private startAttempt(traced: CallTrace, call: CallContext, model: string, providerType: string, index: number, startedAt: number): SpanRecord {
    const operation = call.kind === 'chat' ? 'chat' : 'embeddings';
    const span = this.spans.startChild(traced.server, `${operation} ${model}`, SpanKind.CLIENT, startedAt);
    span.set('gen_ai.operation.name', operation);
    span.set('gen_ai.provider.name', providerType);
    span.set('gen_ai.request.model', model);
    span.set('model_gateway.endpoint', call.endpointName);
    span.set('model_gateway.attempt', index);
    if (traced.input !== undefined) span.set('gen_ai.input.messages', traced.input);
    return span;
  }

  private close(call: CallContext, status: number, errorType: string | undefined): void {
    // A plugin before this one refused the call in onRequest: the refusal is still a request worth a span.
    const traced = (call.local(TRACE) as CallTrace | undefined) ?? this.open(call);
    call.locals.delete(TRACE);
    const now = Date.now();
    // The answer came from the last attempt that succeeded (a call has one attempt but for fallbacks).
    let answered: AttemptSpan | undefined;
    for (const entry of traced.attempts.values()) if (entry.succeeded) answered = entry;
    if (answered) {
      answered.span.set('gen_ai.response.model', traced.responseModel ?? answered.model);
      if (traced.output !== undefined) answered.span.set('gen_ai.output.messages', traced.output);
    }
    for (const entry of traced.attempts.values()) entry.span.end(entry.endTime ?? now);
    const server = traced.server;
    server.set('http.response.status_code', status);
    server.set('model_gateway.caller', call.caller);
    if (errorType !== undefined) server.set('error.type', errorType);
    // The HTTP conventions: a server span is an error for 5xx only (a 4xx is the client's doing).
    if (status >= 500) server.setError();
    server.end(now);
  }
}
