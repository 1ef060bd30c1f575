import type { AttemptRecord, CallContext, GatewayError } from '@model-gateway/core';
import { CALL_COST_USD } from '@model-gateway/usage-accounting';
import type { GatewayMetrics } from './gateway-metrics';
import { endpointLabel, errorType, fallbacksTaken, REFUSAL_CODES } from './metric-labels';
import type { CounterSeries } from './series-counter';
import type { HistogramSeries } from './series-histogram';

/** The series an upstream attempt counts into, for one endpoint, model, provider type and operation. */
interface AttemptSeries {
  duration: HistogramSeries;
  /** The failed attempts' duration, by error_type. */
  failures: Map<string, HistogramSeries>;
  input: HistogramSeries;
  output: HistogramSeries;
  ttft: HistogramSeries;
}

/** The series a finished call counts into, for one endpoint label. */
interface EndpointSeries {
  /** By route (API style), then HTTP status. */
  requests: Map<string, Map<number, CounterSeries>>;
  cost: CounterSeries;
  fallbacks: CounterSeries;
  /** By refusal reason. */
  refusals: Map<string, CounterSeries>;
}

/**
 * Counts calls into a GatewayMetrics, synchronously: each series is bound once and found again
 * through maps keyed by the label values themselves (strings the config and the call already
 * hold), so a call costs a few map reads and additions, no key building. Labels come from the
 * config (endpoint, provider type, configured model) and from bounded sets (API style, status,
 * error code), never from what a client typed.
 */
export class CallRecorder {
  /** Calls counted in flight, so a call refused before this plugin's onRequest ran is not subtracted. */
  private readonly open = new WeakSet<CallContext>();
  /** By endpoint, model, provider type, then operation. */
  private readonly attempts = new Map<string, Map<string, Map<string, Map<string, AttemptSeries>>>>();
  private readonly endpoints = new Map<string, EndpointSeries>();

  constructor(
    private readonly metrics: GatewayMetrics,
    private readonly isEndpoint: (name: string) => boolean,
  ) {}

  started(call: CallContext): void {
    this.open.add(call);
    this.metrics.open++;
  }

  attemptEnded(record: AttemptRecord): void {
    const series = this.attemptSeries(record);
    const failed = record.status >= 400;
    const duration = failed ? this.failureSeries(series, record, errorType(record.errorCode, record.status)) : series.duration;
    duration.observe(record.latencyMs / 1000);
    const usage = record.usage;
    if (usage) {
      series.input.observe(usage.inputTokens);
      if (record.kind === 'chat') series.output.observe(usage.outputTokens);
    }
    if (record.stream && record.ttfbMs !== undefined && !failed) series.ttft.observe(record.ttfbMs / 1000);
  }

  finished(call: CallContext): void {
    const last = call.attempts[call.attempts.length - 1];
    this.ended(call, last ? last.status : 200, undefined);
  }

  failed(call: CallContext, error: GatewayError): void {
    // A stream that broke after its last attempt answered went out with that attempt's status
    // (the error travelled in-band): the status label is what the client's HTTP response said.
    const last = call.attempts[call.attempts.length - 1];
    this.ended(call, last !== undefined && last.status < 400 ? last.status : error.status, error.code);
  }

  private ended(call: CallContext, status: number, code: string | undefined): void {
    if (this.open.delete(call)) this.metrics.open--;
    const endpoint = endpointLabel(call.endpointName, this.isEndpoint);
    let series = this.endpoints.get(endpoint);
    if (!series) this.endpoints.set(endpoint, (series = this.endpointSeries(endpoint)));
    const route = call.apiStyle;
    let byStatus = series.requests.get(route);
    if (!byStatus) series.requests.set(route, (byStatus = new Map()));
    let requests = byStatus.get(status);
    if (!requests) byStatus.set(status, (requests = this.metrics.requests.series({ endpoint, route, status: String(status) })));
    requests.inc();
    const cost = CALL_COST_USD.get(call);
    if (cost !== undefined && cost > 0) series.cost.inc(cost);
    const fallbacks = call.attempts.length > 1 ? fallbacksTaken(call.attempts) : 0;
    if (fallbacks > 0) series.fallbacks.inc(fallbacks);
    if (code !== undefined && call.attempts.length === 0 && REFUSAL_CODES.has(code)) {
      let refusals = series.refusals.get(code);
      if (!refusals) series.refusals.set(code, (refusals = this.metrics.refusals.series({ endpoint, reason: code })));
      refusals.inc();
    }
  }

  private endpointSeries(endpoint: string): EndpointSeries {
    return {
      requests: new Map(),
      cost: this.metrics.cost.series({ endpoint }),
      fallbacks: this.metrics.fallbacks.series({ endpoint }),
      refusals: new Map(),
    };
  }

  // The record's endpoint is the configured one the attempt ran under (resolve found it).
  private attemptSeries(record: AttemptRecord): AttemptSeries {
    let byModel = this.attempts.get(record.endpoint);
    if (!byModel) this.attempts.set(record.endpoint, (byModel = new Map()));
    let byProvider = byModel.get(record.model);
    if (!byProvider) byModel.set(record.model, (byProvider = new Map()));
    let byOperation = byProvider.get(record.providerType);
    if (!byOperation) byProvider.set(record.providerType, (byOperation = new Map()));
    let series = byOperation.get(record.kind);
    if (!series) byOperation.set(record.kind, (series = this.bindAttempt(record)));
    return series;
  }

  // The record's endpoint is the configured one the attempt ran under (resolve found it).
  private bindAttempt(record: AttemptRecord): AttemptSeries {
    // Label objects in the order prom-client's exposition printed them before (operation, provider, model, endpoint).
    const labels = { gen_ai_operation_name: record.kind, gen_ai_provider_name: record.providerType, gen_ai_request_model: record.model, endpoint: record.endpoint };
    const metrics = this.metrics;
    return {
      duration: metrics.operationDuration.series(labels),
      failures: new Map(),
      input: metrics.tokenUsage.series({ ...labels, gen_ai_token_type: 'input' }),
      output: metrics.tokenUsage.series({ ...labels, gen_ai_token_type: 'output' }),
      ttft: metrics.timeToFirstToken.series(labels),
    };
  }

  private failureSeries(series: AttemptSeries, record: AttemptRecord, error: string): HistogramSeries {
    let failures = series.failures.get(error);
    if (!failures) {
      const labels = { gen_ai_operation_name: record.kind, gen_ai_provider_name: record.providerType, gen_ai_request_model: record.model, endpoint: record.endpoint, error_type: error };
      series.failures.set(error, (failures = this.metrics.operationDuration.series(labels)));
    }
    return failures;
  }
}
