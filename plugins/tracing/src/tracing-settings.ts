import { AlwaysOffSampler, AlwaysOnSampler, ParentBasedSampler, TraceIdRatioBasedSampler, type Sampler } from '@opentelemetry/sdk-trace-base';

export type OtlpProtocol = 'http/protobuf' | 'http/json';

/** What the standard OTEL_* variables ask of the tracing plugin. */
export interface TracingSettings {
  /** Where spans are POSTed (the traces endpoint itself, `/v1/traces` included). */
  url: string;
  headers: Record<string, string>;
  protocol: OtlpProtocol;
  serviceName: string;
  sampler: Sampler;
  /** OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true: prompts and answers go on the spans. */
  captureContent: boolean;
  /** OTEL_EXPORTER_OTLP_TRACES_TIMEOUT (or OTEL_EXPORTER_OTLP_TIMEOUT): how long one export may take, retries included (the SDK's 10 s otherwise). */
  timeoutMillis?: number;
  /** The batch processor's OTEL_BSP_* settings, when set (the SDK's defaults otherwise: a 5 s delay, 2048 queued, 512 a batch). */
  batch: { scheduledDelayMillis?: number; maxQueueSize?: number; maxExportBatchSize?: number; exportTimeoutMillis?: number };
}

/**
 * The settings, or undefined when neither OTEL_EXPORTER_OTLP_TRACES_ENDPOINT nor
 * OTEL_EXPORTER_OTLP_ENDPOINT is set: then the plugin makes nothing and hooks nothing.
 * A bad value (an unknown protocol or sampler) is a start error rather than a silent default,
 * so an operator learns at once that the traces they asked for will not come.
 */
export function tracingSettings(env: NodeJS.ProcessEnv): TracingSettings | undefined {
  const url = tracesUrl(env);
  if (url === undefined) return undefined;
  return {
    url,
    headers: { ...parseHeaders(env.OTEL_EXPORTER_OTLP_HEADERS, 'OTEL_EXPORTER_OTLP_HEADERS'), ...parseHeaders(env.OTEL_EXPORTER_OTLP_TRACES_HEADERS, 'OTEL_EXPORTER_OTLP_TRACES_HEADERS') },
    protocol: protocolOf(env),
    serviceName: nonEmpty(env.OTEL_SERVICE_NAME) ?? 'model-gateway',
    sampler: samplerOf(nonEmpty(env.OTEL_TRACES_SAMPLER), nonEmpty(env.OTEL_TRACES_SAMPLER_ARG)),
    captureContent: env.OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT?.trim().toLowerCase() === 'true',
    timeoutMillis: positive(env, 'OTEL_EXPORTER_OTLP_TRACES_TIMEOUT') ?? positive(env, 'OTEL_EXPORTER_OTLP_TIMEOUT'),
    batch: {
      scheduledDelayMillis: positive(env, 'OTEL_BSP_SCHEDULE_DELAY'),
      maxQueueSize: positive(env, 'OTEL_BSP_MAX_QUEUE_SIZE'),
      maxExportBatchSize: positive(env, 'OTEL_BSP_MAX_EXPORT_BATCH_SIZE'),
      exportTimeoutMillis: positive(env, 'OTEL_BSP_EXPORT_TIMEOUT'),
    },
  };
}

// Read from the gateway's Environment here because the SDK itself would read process.env only.
function positive(env: NodeJS.ProcessEnv, variable: string): number | undefined {
  const text = nonEmpty(env[variable]);
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${variable} "${text}" must be a positive whole number`);
  return value;
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** The signal-specific variable is used as given; the generic one gets `/v1/traces` appended, as the OTLP spec says. */
function tracesUrl(env: NodeJS.ProcessEnv): string | undefined {
  const traces = nonEmpty(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
  if (traces) return checkedUrl(traces, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT');
  const base = nonEmpty(env.OTEL_EXPORTER_OTLP_ENDPOINT);
  if (!base) return undefined;
  return checkedUrl(`${base.replace(/\/+$/, '')}/v1/traces`, 'OTEL_EXPORTER_OTLP_ENDPOINT');
}

function checkedUrl(url: string, variable: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`${variable} is not a URL: tracing needs an http(s) address such as http://localhost:4318`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error(`${variable} must be an http or https URL (OTLP/HTTP); got ${parsed.protocol}`);
  return url;
}

function protocolOf(env: NodeJS.ProcessEnv): OtlpProtocol {
  const protocol = nonEmpty(env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL) ?? nonEmpty(env.OTEL_EXPORTER_OTLP_PROTOCOL) ?? 'http/protobuf';
  if (protocol === 'http/protobuf' || protocol === 'http/json') return protocol;
  throw new Error(`OTEL_EXPORTER_OTLP_TRACES_PROTOCOL "${protocol}" is not supported: use http/protobuf (the default) or http/json`);
}

/** `name=value` pairs separated by commas, values URL-encoded (the OTLP exporter spec's format). */
export function parseHeaders(text: string | undefined, variable: string): Record<string, string> {
  const headers: Record<string, string> = {};
  if (!text) return headers;
  for (const pair of text.split(',')) {
    if (!pair.trim()) continue;
    const at = pair.indexOf('=');
    const name = at > 0 ? pair.slice(0, at).trim() : '';
    if (!name) throw new Error(`${variable} must be name=value pairs separated by commas`);
    headers[decodeURIComponent(name).toLowerCase()] = decodeURIComponent(pair.slice(at + 1).trim());
  }
  return headers;
}

/** OTEL_TRACES_SAMPLER's values (the spec's list, less the Jaeger remote sampler); the default is parentbased_always_on. */
export function samplerOf(name: string | undefined, arg: string | undefined): Sampler {
  const ratio = (): number => {
    const value = arg === undefined ? 1 : Number(arg);
    if (!Number.isFinite(value) || value < 0 || value > 1) throw new Error(`OTEL_TRACES_SAMPLER_ARG "${arg}" must be a number from 0 to 1`);
    return value;
  };
  switch (name ?? 'parentbased_always_on') {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return new TraceIdRatioBasedSampler(ratio());
    case 'parentbased_always_on':
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(ratio()) });
    default:
      throw new Error(`OTEL_TRACES_SAMPLER "${name}" is not supported: use always_on, always_off, traceidratio or their parentbased_ forms`);
  }
}
