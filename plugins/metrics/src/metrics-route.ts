import type { GatewayRuntime, RouteDefinition } from '@model-gateway/core';
import type { GatewayMetrics } from './gateway-metrics';
import { refreshScrapeGauges } from './scrape-gauges';

/**
 * GET /metrics: the Prometheus text exposition of this gateway's registry. An operator route
 * (`access: 'operator'`: the admin token as Bearer when one is set, loopback only otherwise),
 * like /api/usage; not a data-plane call, so it is neither counted nor traced.
 */
export function metricsRoutes(runtime: GatewayRuntime, metrics: GatewayMetrics): RouteDefinition[] {
  return [
    {
      method: 'get',
      path: '/metrics',
      access: 'operator',
      handle: async (_req, res) => {
        await refreshScrapeGauges(metrics, runtime.store, runtime.endpoints.list());
        const body = await metrics.registry.metrics();
        res.setHeader('content-type', metrics.registry.contentType);
        res.setHeader('cache-control', 'no-store');
        res.end(body);
      },
    },
  ];
}
