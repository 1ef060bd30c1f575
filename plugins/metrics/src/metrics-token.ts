import type { InjectionToken } from 'tsyringe';
import type { GatewayMetrics } from './gateway-metrics';

/** The gateway's own metrics registry, shared by the pipeline hooks and the /metrics route. */
export const GATEWAY_METRICS = 'metrics:GatewayMetrics' as InjectionToken<GatewayMetrics>;
