import { z } from 'zod';
import type { GatewayConfig } from '@model-gateway/core';

/** `${VAR}` substitution yields text, so a boolean setting also takes "true" and "false". */
const configBoolean = () => z.union([z.boolean(), z.enum(['true', 'false']).transform((text) => text === 'true')]);

export const metricsSectionSchema = z
  .strictObject({
    enabled: configBoolean()
      .default(true)
      .describe(
        'Serve Prometheus metrics at GET /metrics (operator access: the admin token, or loopback without one) and count every call for them. ' +
          'false: no /metrics route and no metrics hook on the request path, so the calls pay nothing. Read at start; a reload does not change it. Default true.',
      ),
  })
  .describe('Prometheus metrics at GET /metrics (docs/observability.md, Metrics).')
  .prefault({});

export type MetricsSection = z.output<typeof metricsSectionSchema>;

export function metricsSection(config: GatewayConfig): MetricsSection {
  return (config.sections.metrics ?? metricsSectionSchema.parse(undefined)) as MetricsSection;
}
