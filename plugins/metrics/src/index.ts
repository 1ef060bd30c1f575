import type { GatewayPlugin } from '@model-gateway/core';
import { TOKENS } from '@model-gateway/core';
import { GatewayMetrics } from './gateway-metrics';
import { metricsSection, metricsSectionSchema } from './metrics-config';
import { MetricsPipeline } from './metrics-pipeline';
import { metricsRoutes } from './metrics-route';
import { GATEWAY_METRICS } from './metrics-token';

export { GatewayMetrics, METRIC_NAMES, DURATION_BUCKETS, TOKEN_BUCKETS, TTFT_BUCKETS } from './gateway-metrics';
export { metricsSection, metricsSectionSchema, type MetricsSection } from './metrics-config';
export { UNKNOWN_ENDPOINT } from './metric-labels';

/**
 * Prometheus metrics at GET /metrics, named after the OpenTelemetry GenAI semantic conventions
 * (docs/observability.md). Each gateway gets a registry of its own. `metrics.enabled: false`
 * removes both the route and the request hooks.
 */
const plugin: GatewayPlugin = {
  specVersion: 1,
  name: 'metrics',
  kind: 'pipeline',
  // The cost counter reads usage accounting's CALL_COST_USD in onFinish/onError (written in the
  // earlier onAttemptEnd phase); it is not declared as a `reads` entry because a switched-off
  // gateway has no metrics hooks at all, which that check would refuse. The breaker gauge reads
  // the circuit breaker's state.
  dependencies: { plugins: ['usage-accounting', 'circuit-breaker'] },
  register: (api) => {
    api.registerConfigSection({ field: 'metrics', schema: metricsSectionSchema });
    const metrics = new GatewayMetrics();
    api.container.register(GATEWAY_METRICS, { useValue: metrics });
    api.registerPipeline(MetricsPipeline);
    api.registerRoutes({
      plane: 'operator',
      routes: (runtime) => (metricsSection(api.container.resolve(TOKENS.Config).current).enabled ? metricsRoutes(runtime, metrics) : []),
    });
  },
};

export default plugin;
