import { OTLPTraceExporter as JsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import type { TracingSettings } from './tracing-settings';

/** What the export worker needs of the settings: plain data, as a worker's `workerData` must be. */
export type ExportSettings = Pick<TracingSettings, 'url' | 'headers' | 'protocol' | 'timeoutMillis' | 'batch' | 'serviceName'>;

export function exportSettings(settings: TracingSettings): ExportSettings {
  const { url, headers, protocol, timeoutMillis, batch, serviceName } = settings;
  return { url, headers, protocol, timeoutMillis, batch, serviceName };
}

/** The SDK's OTLP exporter for the protocol asked for. */
export function exporterFor(settings: ExportSettings): SpanExporter {
  // URL and headers are passed rather than left to the exporter's own env reading: the gateway's
  // Environment (what tests and embedders inject) is the one that counts, not process.env.
  const config = { url: settings.url, headers: settings.headers, ...(settings.timeoutMillis === undefined ? {} : { timeoutMillis: settings.timeoutMillis }) };
  return settings.protocol === 'http/json' ? new JsonExporter(config) : new ProtobufExporter(config);
}

/** The batch processor's config takes an unset key as "unset" only when it is absent. */
export function withoutUnset<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}
