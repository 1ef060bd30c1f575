import { Gauge, Registry } from 'prom-client';
import { SeriesCounter } from './series-counter';
import { SeriesHistogram } from './series-histogram';

/*
 * Bucket boundaries: the advisory ones of the OpenTelemetry GenAI semantic conventions
 * (https://opentelemetry.io/docs/specs/semconv/gen-ai/gen-ai-metrics/), so dashboards built
 * for other GenAI clients read these histograms the same way.
 */
export const DURATION_BUCKETS = [0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24, 20.48, 40.96, 81.92];
export const TOKEN_BUCKETS = [1, 4, 16, 64, 256, 1024, 4096, 16384, 65536, 262144, 1048576, 4194304, 16777216, 67108864];
export const TTFT_BUCKETS = [0.001, 0.005, 0.01, 0.02, 0.04, 0.06, 0.08, 0.1, 0.25, 0.5, 0.75, 1.0, 2.5, 5.0, 7.5, 10.0];

const ATTEMPT_LABELS = ['gen_ai_operation_name', 'gen_ai_provider_name', 'gen_ai_request_model', 'endpoint'] as const;

/** Every metric the gateway exports, by name (the Grafana dashboard's test reads this list). */
export const METRIC_NAMES = {
  operationDuration: 'gen_ai_client_operation_duration_seconds',
  tokenUsage: 'gen_ai_client_token_usage',
  timeToFirstToken: 'gen_ai_server_time_to_first_token_seconds',
  requests: 'model_gateway_requests_total',
  cost: 'model_gateway_cost_usd_total',
  refusals: 'model_gateway_refusals_total',
  fallbacks: 'model_gateway_fallbacks_total',
  inFlight: 'model_gateway_requests_in_flight',
  breakerState: 'model_gateway_breaker_state',
  stateStoreUp: 'model_gateway_state_store_up',
} as const;

/**
 * One gateway's metrics in a registry of its own (never prom-client's global one), so two
 * gateways in one process count apart. The breaker and store gauges are filled at scrape
 * time by the route, never on the request path. The series counted per call are bound once
 * (SeriesHistogram, SeriesCounter), so a call pays additions rather than label hashing.
 */
export class GatewayMetrics {
  readonly registry = new Registry();
  readonly operationDuration = new SeriesHistogram({
    name: METRIC_NAMES.operationDuration,
    help: 'Duration of each upstream attempt (GenAI client operation), in seconds; error_type set on failed attempts.',
    labelNames: [...ATTEMPT_LABELS, 'error_type'],
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });
  readonly tokenUsage = new SeriesHistogram({
    name: METRIC_NAMES.tokenUsage,
    help: 'Tokens per upstream attempt, by gen_ai_token_type (input or output), as the provider reported them.',
    labelNames: [...ATTEMPT_LABELS, 'gen_ai_token_type'],
    buckets: TOKEN_BUCKETS,
    registers: [this.registry],
  });
  readonly timeToFirstToken = new SeriesHistogram({
    name: METRIC_NAMES.timeToFirstToken,
    help: 'Time to the first chunk of a streamed upstream attempt, in seconds.',
    labelNames: [...ATTEMPT_LABELS],
    buckets: TTFT_BUCKETS,
    registers: [this.registry],
  });
  readonly requests = new SeriesCounter({
    name: METRIC_NAMES.requests,
    help: 'Gateway requests answered, by endpoint, route (the API style) and HTTP status.',
    labelNames: ['endpoint', 'route', 'status'],
    registers: [this.registry],
  });
  readonly cost = new SeriesCounter({
    name: METRIC_NAMES.cost,
    help: 'What the calls cost in USD, priced from the model catalogue as usage accounting prices them.',
    labelNames: ['endpoint'],
    registers: [this.registry],
  });
  readonly refusals = new SeriesCounter({
    name: METRIC_NAMES.refusals,
    help: 'Calls the gateway refused before sending anything upstream, by endpoint and reason (rate_limit_exceeded, budget_exceeded, limits_unavailable).',
    labelNames: ['endpoint', 'reason'],
    registers: [this.registry],
  });
  readonly fallbacks = new SeriesCounter({
    name: METRIC_NAMES.fallbacks,
    help: 'Fallbacks taken: attempts sent to another target than the attempt before them, by endpoint.',
    labelNames: ['endpoint'],
    registers: [this.registry],
  });
  /** Calls being served now, kept as a plain number on the request path and read into the gauge at scrape time. */
  open = 0;
  readonly inFlight: Gauge = new Gauge({
    name: METRIC_NAMES.inFlight,
    help: 'Gateway calls being served now.',
    registers: [this.registry],
    collect: () => {
      this.inFlight.set(this.open);
    },
  });
  readonly breakerState = new Gauge({
    name: METRIC_NAMES.breakerState,
    help: "Each target's circuit breaker: 0 closed, 1 half-open, 2 open; target is connection/model from the config.",
    labelNames: ['endpoint', 'target'],
    registers: [this.registry],
  });
  readonly stateStoreUp = new Gauge({
    name: METRIC_NAMES.stateStoreUp,
    help: 'Whether the state store (embedded or Redis) answered a ping at scrape time: 1 yes, 0 no.',
    labelNames: ['store'],
    registers: [this.registry],
  });
}
