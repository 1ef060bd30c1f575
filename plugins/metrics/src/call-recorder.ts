import type { AttemptRecord, CallContext, GatewayError } from '@model-gateway/core';
import { CALL_COST_USD } from '@model-gateway/usage-accounting';
import type { Counter, Histogram } from 'prom-client';
import type { GatewayMetrics } from './gateway-metrics';
import { endpointLabel, errorType, fallbacksTaken, REFUSAL_CODES } from './metric-labels';

/**
 * Counts calls into a GatewayMetrics, synchronously: each labelled series is bound once
 * (prom-client's `labels()` child, cached by its label values), so a call costs map reads
 * and additions. Labels come from the config (endpoint, provider type, configured model)
 * and from bounded sets (API style, status, error code), never from what a client typed.
 */
export class CallRecorder {
  /** Calls counted in flight, so a call refused before this plugin's onRequest ran is not subtracted. */
  private readonly open = new WeakSet<CallContext>();
  private readonly bound = new Map<string, Counter.Internal | Histogram.Internal<string>>();

  constructor(
    private readonly metrics: GatewayMetrics,
    private readonly isEndpoint: (name: string) => boolean,
  ) {}

  started(call: CallContext): void {
    this.open.add(call);
    this.metrics.inFlight.inc();
  }

  attemptEnded(record: AttemptRecord): void {
    // The record's endpoint is the configured one the attempt ran under (resolve found it).
    const operation = record.kind;
    const base = `${operation}\0${record.providerType}\0${record.model}\0${record.endpoint}`;
    const failed = record.status >= 400;
    const error = failed ? errorType(record.errorCode, record.status) : '';
    this.histogram(`d\0${base}\0${error}`, this.metrics.operationDuration, failed
      ? { gen_ai_operation_name: operation, gen_ai_provider_name: record.providerType, gen_ai_request_model: record.model, endpoint: record.endpoint, error_type: error }
      : { gen_ai_operation_name: operation, gen_ai_provider_name: record.providerType, gen_ai_request_model: record.model, endpoint: record.endpoint },
    ).observe(record.latencyMs / 1000);
    const usage = record.usage;
    if (usage) {
      this.tokens(base, record, 'input').observe(usage.inputTokens);
      if (operation === 'chat') this.tokens(base, record, 'output').observe(usage.outputTokens);
    }
    if (record.stream && record.ttfbMs !== undefined && !failed) {
      this.histogram(`t\0${base}`, this.metrics.timeToFirstToken, {
        gen_ai_operation_name: operation, gen_ai_provider_name: record.providerType, gen_ai_request_model: record.model, endpoint: record.endpoint,
      }).observe(record.ttfbMs / 1000);
    }
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
    if (this.open.delete(call)) this.metrics.inFlight.dec();
    const endpoint = endpointLabel(call.endpointName, this.isEndpoint);
    this.counter(`r\0${endpoint}\0${call.apiStyle}\0${status}`, this.metrics.requests, { endpoint, route: call.apiStyle, status: String(status) }).inc();
    const cost = CALL_COST_USD.get(call);
    if (cost !== undefined && cost > 0) this.counter(`c\0${endpoint}`, this.metrics.cost, { endpoint }).inc(cost);
    const fallbacks = call.attempts.length > 1 ? fallbacksTaken(call.attempts) : 0;
    if (fallbacks > 0) this.counter(`f\0${endpoint}`, this.metrics.fallbacks, { endpoint }).inc(fallbacks);
    if (code !== undefined && call.attempts.length === 0 && REFUSAL_CODES.has(code)) {
      this.counter(`x\0${endpoint}\0${code}`, this.metrics.refusals, { endpoint, reason: code }).inc();
    }
  }

  private tokens(base: string, record: AttemptRecord, type: 'input' | 'output'): Histogram.Internal<string> {
    return this.histogram(`u\0${base}\0${type}`, this.metrics.tokenUsage, {
      gen_ai_operation_name: record.kind, gen_ai_provider_name: record.providerType, gen_ai_request_model: record.model, endpoint: record.endpoint, gen_ai_token_type: type,
    });
  }

  private histogram(key: string, metric: Histogram<string>, labels: Record<string, string>): Histogram.Internal<string> {
    let child = this.bound.get(key) as Histogram.Internal<string> | undefined;
    if (!child) this.bound.set(key, (child = metric.labels(labels)));
    return child;
  }

  private counter(key: string, metric: Counter<string>, labels: Record<string, string>): Counter.Internal {
    let child = this.bound.get(key) as Counter.Internal | undefined;
    if (!child) this.bound.set(key, (child = metric.labels(labels)));
    return child;
  }
}
