import { inject, injectable } from 'tsyringe';
import { TOKENS, type AttemptRecord, type CallContext, type GatewayError, type PipelinePlugin } from '@model-gateway/core';
import type { EndpointRegistry } from '@model-gateway/core/internal';
import type { LiveConfig } from '@model-gateway/core/internal';
import { CallRecorder } from './call-recorder';
import type { GatewayMetrics } from './gateway-metrics';
import { metricsSection } from './metrics-config';
import { GATEWAY_METRICS } from './metrics-token';

/**
 * The metrics' pipeline step. Its hooks are own properties set only when `metrics.enabled`
 * holds at start: the pipeline builds its hook lists from the hooks a step has, so a
 * switched-off gateway never calls into this plugin on a request.
 * Priority 10: on the way in it runs first (a call refused by a key check is still in flight
 * until it ends); on the way out last, after usage accounting priced the call (CALL_COST_USD).
 */
@injectable()
export class MetricsPipeline implements PipelinePlugin {
  readonly name = 'metrics';
  readonly priority = 10;
  onRequest?: (call: CallContext) => void;
  onAttemptEnd?: (record: AttemptRecord, call: CallContext) => void;
  onFinish?: (call: CallContext) => void;
  onError?: (call: CallContext, error: GatewayError) => void;

  constructor(
    @inject(TOKENS.Config) config: LiveConfig,
    @inject(TOKENS.EndpointRegistry) endpoints: EndpointRegistry,
    @inject(GATEWAY_METRICS) metrics: GatewayMetrics,
  ) {
    if (!metricsSection(config.current).enabled) return;
    const recorder = new CallRecorder(metrics, (name) => endpoints.get(name) !== undefined);
    this.onRequest = (call) => recorder.started(call);
    this.onAttemptEnd = (record) => recorder.attemptEnded(record);
    this.onFinish = (call) => recorder.finished(call);
    this.onError = (call, error) => recorder.failed(call, error);
  }
}
