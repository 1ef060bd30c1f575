import { BasicTracerProvider, BatchSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { OTLPTraceExporter as ProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { OTLPTraceExporter as JsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { TOKENS, type GatewayPlugin } from '@model-gateway/core';
import { GenAiTracer } from './gen-ai-tracer';
import { LoggedExporter, type ExportFailureLog } from './logged-exporter';
import { tracingSettings, type TracingSettings } from './tracing-settings';

export { GenAiTracer };
export { tracingSettings, parseHeaders, samplerOf, type TracingSettings } from './tracing-settings';

/** The most a graceful stop waits for the last spans to leave. */
const STOP_LIMIT_MS = 5_000;

function exporterFor(settings: TracingSettings): SpanExporter {
  // URL and headers are passed rather than left to the exporter's own env reading: the gateway's
  // Environment (what tests and embedders inject) is the one that counts, not process.env.
  const config = { url: settings.url, headers: settings.headers, ...(settings.timeoutMillis === undefined ? {} : { timeoutMillis: settings.timeoutMillis }) };
  return settings.protocol === 'http/json' ? new JsonExporter(config) : new ProtobufExporter(config);
}

/** The processor's config takes an unset key as "unset" only when it is absent. */
function withoutUnset<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}

const plugin: GatewayPlugin = {
  specVersion: 1,
  name: 'tracing',
  kind: 'pipeline',
  register(api) {
    const env = api.container.isRegistered(TOKENS.Environment, true) ? api.container.resolve(TOKENS.Environment) : process.env;
    const settings = tracingSettings(env);
    // No endpoint configured: no SDK objects, no hooks, nothing paid per request.
    if (!settings) return;
    const logger = (): ExportFailureLog | undefined => (api.container.isRegistered(TOKENS.Logger, true) ? api.container.resolve(TOKENS.Logger) : undefined);
    const provider = new BasicTracerProvider({
      resource: resourceFromAttributes({ 'service.name': settings.serviceName }),
      sampler: settings.sampler,
      // Batched: spans leave on a timer, off every request's path.
      spanProcessors: [new BatchSpanProcessor(new LoggedExporter(exporterFor(settings), settings.url, logger), withoutUnset(settings.batch))],
    });
    api.registerPipeline(new GenAiTracer(provider.getTracer('@model-gateway/tracing'), settings.captureContent));
    api.registerService({
      name: 'tracing',
      async start() {
        logger()?.info({ collector: settings.url, protocol: settings.protocol, captureContent: settings.captureContent }, 'tracing: exporting spans over OTLP');
      },
      // After the listener closed: the last calls' spans are sent before the process goes.
      // Bounded: a collector that is down must not hold the process past its stop (the spans are lost either way).
      async stop() {
        let timer: NodeJS.Timeout | undefined;
        const limit = new Promise<void>((resolve) => (timer = setTimeout(resolve, STOP_LIMIT_MS).unref()));
        try {
          await Promise.race([provider.forceFlush().then(() => provider.shutdown()), limit]);
        } finally {
          clearTimeout(timer);
        }
      },
    });
  },
};

export default plugin;
