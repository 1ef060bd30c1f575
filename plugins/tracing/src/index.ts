import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { TOKENS, type GatewayPlugin } from '@model-gateway/core';
import { GenAiTracer } from './gen-ai-tracer';
import type { ExportFailureLog } from './logged-exporter';
import { exportSettings } from './otlp-exporter';
import { PooledIds } from './pooled-ids';
import { SpanHandOff, type HandOffOptions } from './span-hand-off';
import { SpanRecorder } from './span-record';
import { tracingSettings, type TracingSettings } from './tracing-settings';

export { GenAiTracer };
export { tracingSettings, parseHeaders, samplerOf, type TracingSettings } from './tracing-settings';

/** The most a graceful stop waits for the last spans to leave. */
const STOP_LIMIT_MS = 5_000;
/**
 * The worker runs compiled JavaScript, so it is the build's file whether this module was loaded
 * from dist (a running gateway) or from src (jest, which compiles src but cannot start a worker on it).
 */
const WORKER_FILE = join(__dirname, '..', 'dist', 'export-worker.js');
/** The SDK's own defaults for the batch processor, which bound the hand-off too. */
const SDK_MAX_QUEUE_SIZE = 2048;
const SDK_SCHEDULE_DELAY_MS = 5000;

function handOffOptions(settings: TracingSettings): HandOffOptions {
  return {
    batch: 512,
    // Never later than the worker's own schedule would send them.
    delayMs: Math.min(200, settings.batch.scheduledDelayMillis ?? SDK_SCHEDULE_DELAY_MS),
    maxPending: settings.batch.maxQueueSize ?? SDK_MAX_QUEUE_SIZE,
  };
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
    // Spans are recorded on the request's thread as plain data, and turned into the SDK's spans,
    // batched, encoded and sent on the worker's (docs/observability.md).
    const worker = new Worker(WORKER_FILE, { workerData: exportSettings(settings) });
    // The worker never holds the process open: a stop flushes it explicitly, within STOP_LIMIT_MS.
    worker.unref();
    const handOff = new SpanHandOff(worker, handOffOptions(settings), logger);
    const recorder = new SpanRecorder(settings.sampler, new PooledIds(), (span) => handOff.add(span));
    api.registerPipeline(new GenAiTracer(recorder, settings.captureContent));
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
          await Promise.race([handOff.shutdown(), limit]);
        } finally {
          clearTimeout(timer);
          // Past the limit the worker may still be waiting on a collector: it goes with the gateway.
          await worker.terminate();
        }
      },
    });
  },
};

export default plugin;
